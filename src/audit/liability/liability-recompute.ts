import { comparePositions, GlobalPosition, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { CustomerEvent } from '../../ledger/customer-events';
import { LocalDay, LocalDayFinder } from '../../shared/domain/zoned-days';
import { customerEventOf } from '../domain/customer-history';
import { Difference } from '../domain/verification';
import { LIABILITY_DAYS, liabilityDayId, LiabilityDayDoc } from './liability-days.projection';
import {
  addFigures,
  LIABILITY_EVENT_TYPES,
  LIABILITY_FIGURES,
  liabilityMovement,
  LiabilityPosition,
  NO_POSITION,
  noFigures,
} from './liability-movements';
import { DayFigures } from './roll-forward';

const MOVES: ReadonlySet<string> = new Set(LIABILITY_EVENT_TYPES);

interface StreamAt {
  position: LiabilityPosition;
  effectiveAt: number;
}

interface ShopDays {
  finder: LocalDayFinder;
  days: Map<LocalDay, DayFigures>;
  /** Days with an event past the projection's checkpoint at the start: the stored day may have it or not yet. */
  inFlight: Set<LocalDay>;
}

/**
 * The liability's days recomputed from the log, stream after stream, with the projection's own
 * function (`liabilityMovement`) and its rule for the day an event counts on: what the
 * verification compares the projection's days with (the roll-forward is their sum, so equal days
 * give an equal answer for every range and interval).
 */
export class LiabilityRecompute {
  private readonly shops = new Map<string, ShopDays>();
  /** Where each stream stands: only the current one when streams come one after the other. */
  private readonly streams = new Map<string, StreamAt>();

  /**
   * `zones`: each shop's time zone; `checkpoint`: how far the projection had certainly applied the
   * log; `interleaved`: events come in log order (streams mixed), not one stream after the other.
   */
  constructor(
    private readonly zones: ReadonlyMap<string, string>,
    private readonly checkpoint: GlobalPosition | null,
    private readonly interleaved = false,
  ) {}

  /** Folds one event of a customer stream (each stream's events in order). */
  add(recorded: RecordedEvent): void {
    if (!MOVES.has(recorded.type)) return;
    let at = this.streams.get(recorded.streamId);
    if (!at) {
      if (!this.interleaved) this.streams.clear();
      this.streams.set(recorded.streamId, (at = { position: NO_POSITION, effectiveAt: -Infinity }));
    }
    const e = customerEventOf<CustomerEvent>(recorded);
    const { figures, after } = liabilityMovement(e, at.position);
    at.position = after;
    at.effectiveAt = Math.max(Date.parse(e.occurredAt), at.effectiveAt);
    if (Object.keys(figures).length === 0) return;
    const shop = this.shop(e.shopId);
    const day = shop.finder.dayOf(at.effectiveAt);
    let figuresOfDay = shop.days.get(day);
    if (!figuresOfDay) shop.days.set(day, (figuresOfDay = { ...noFigures(), day }));
    addFigures(figuresOfDay, figures);
    if (this.checkpoint === null || comparePositions(recorded.position, this.checkpoint) > 0) shop.inFlight.add(day);
  }

  /** A shop's recomputed days, in order. */
  daysOf(shopId: string): DayFigures[] {
    const days = [...(this.shops.get(shopId)?.days.values() ?? [])];
    return days.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }

  /**
   * Every stored day of a shop against the log's: a figure that differs, a day the log has and the
   * store not (missing), a stored day the log does not explain. Days still in flight are skipped.
   */
  async compare(
    shopId: string,
    stored: LiabilityDayDoc[],
    report: (d: Difference) => Promise<void>,
  ): Promise<{ compared: number; inFlight: number }> {
    const shop = this.shops.get(shopId);
    const where = (day: LocalDay) => ({
      collection: LIABILITY_DAYS.name,
      documentId: liabilityDayId(shopId, day),
      shopId,
      customerId: null,
    });
    const byDay = new Map(stored.map((d) => [d.day, d]));
    let compared = 0;
    for (const [day, log] of shop?.days ?? []) {
      if (shop!.inFlight.has(day)) continue;
      compared++;
      const doc = byDay.get(day);
      byDay.delete(day);
      if (!doc) {
        if (LIABILITY_FIGURES.some((f) => log[f] !== 0)) await report({ ...where(day), problem: 'missing' });
        continue;
      }
      for (const field of LIABILITY_FIGURES)
        if (doc[field] !== log[field])
          await report({ ...where(day), problem: 'field', field, readModel: doc[field], log: log[field] });
    }
    for (const [day, doc] of byDay) {
      if (shop?.inFlight.has(day) || LIABILITY_FIGURES.every((f) => doc[f] === 0)) continue;
      await report({ ...where(day), problem: 'unexplained' });
    }
    return { compared, inFlight: shop?.inFlight.size ?? 0 };
  }

  private shop(shopId: string): ShopDays {
    let shop = this.shops.get(shopId);
    if (!shop) {
      shop = { finder: new LocalDayFinder(this.zones.get(shopId) ?? 'UTC'), days: new Map(), inFlight: new Set() };
      this.shops.set(shopId, shop);
    }
    return shop;
  }
}
