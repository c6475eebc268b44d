import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch, StagedCollection } from '../../projections/projection-batch';
import { WrittenDocuments } from '../../projections/written-documents';
import { CustomerEvent } from '../../ledger/customer-events';
import { ShopEventType, ShopProvisioned } from '../../shops/domain/shop-events';
import { LocalDay, LocalDayFinder } from '../../shared/domain/zoned-days';
import { customerEventOf } from '../domain/customer-history';
import {
  addFigures,
  LIABILITY_EVENT_TYPES,
  LiabilityFigures,
  liabilityMovement,
  LiabilityPosition,
  NO_POSITION,
  noFigures,
} from './liability-movements';

/** One shop's movements of one local day (the shop's time zone): what periods sum. */
export interface LiabilityDayDoc extends LiabilityFigures {
  /** `<shopId>|<YYYY-MM-DD>`. */
  id: string;
  shopId: string;
  day: LocalDay;
}

/** Where the liability follows one customer: the position, and the last event of the stream applied. */
export interface LiabilityCustomerDoc extends LiabilityPosition {
  /** `<shopId>|<customerId>`. */
  id: string;
  shopId: string;
  /** The stream's last revision applied: a redelivered event (not newer) changes nothing. */
  revision: number;
  /** When the last event applied took effect (ms): an event stamped earlier counts from then, as the as-of reads count it. */
  effectiveAt: number;
}

/** The shop's time zone, as provisioned (it never changes): days are the shop's local days. */
export interface LiabilityShopDoc {
  id: string;
  timezone: string;
}

export const LIABILITY_DAYS: CollectionDefinition = { name: 'liability_days_v1', indexes: [['shopId', 'day']] };
export const LIABILITY_CUSTOMERS: CollectionDefinition = { name: 'liability_customers_v1' };
export const LIABILITY_SHOPS: CollectionDefinition = { name: 'liability_shops_v1' };

/** Customers and days the lease holder keeps in memory (about 300 and 200 bytes each). */
const CUSTOMERS_KEPT = 100_000;
const DAYS_KEPT = 20_000;

export const liabilityDayId = (shopId: string, day: LocalDay) => `${shopId}|${day}`;
const customerDocId = (e: { shopId?: unknown; customerId?: unknown }) => `${String(e.shopId)}|${String(e.customerId)}`;

/**
 * The points liability per shop per local day, from the events that move points or held points,
 * classified by `liabilityMovement` (the function the recompute from the log uses too). A
 * customer's document skips events of its stream already applied, so a redelivered event counts
 * once; the day it counts on is the shop's local day at the event's effective time.
 */
@Injectable()
export class LiabilityDaysProjection implements Projection {
  readonly name = 'liability_days_v1';
  /** A shop's day sums every customer's movements: one process of a deployment applies it. */
  readonly singleWriter = true;
  readonly collections = [LIABILITY_DAYS, LIABILITY_CUSTOMERS, LIABILITY_SHOPS];
  readonly handles = handlesEventTypes([...LIABILITY_EVENT_TYPES, ShopEventType.Provisioned]);
  /** Days finders by shop (a shop's zone never changes, so they stay true across batches). */
  private readonly finders = new Map<string, LocalDayFinder>();
  /** As the lease holder, the only writer: what it stored stays in memory (reads skipped). */
  private readonly writtenCustomers = new WrittenDocuments<LiabilityCustomerDoc>(CUSTOMERS_KEPT);
  private readonly writtenDays = new WrittenDocuments<LiabilityDayDoc>(DAYS_KEPT);

  reset(): void {
    this.finders.clear();
    this.writtenCustomers.clear();
    this.writtenDays.clear();
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const customers = batch.collection<LiabilityCustomerDoc>(LIABILITY_CUSTOMERS);
    const shops = batch.collection<LiabilityShopDoc>(LIABILITY_SHOPS);
    // The batch's customers read together, not one round trip each (a batch of the live log mixes many).
    const ids = new Set<string>();
    for (const r of events) if (r.type !== ShopEventType.Provisioned) ids.add(customerDocId(r.data));
    const known = await this.writtenCustomers.getMany(customers, ids);
    const touched = new Map<string, LiabilityCustomerDoc>();
    const days = new BatchDays(batch.collection<LiabilityDayDoc>(LIABILITY_DAYS), this.writtenDays);
    for (const recorded of events) {
      if (recorded.type === ShopEventType.Provisioned) {
        const e = recorded.data as unknown as ShopProvisioned;
        shops.put({ id: e.shopId, timezone: e.timezone });
        this.finders.set(e.shopId, new LocalDayFinder(e.timezone));
        continue;
      }
      const e = customerEventOf<CustomerEvent>(recorded);
      const id = customerDocId(e);
      const before = known.get(id);
      const revision = Number(recorded.revision);
      if (before && revision <= before.revision) continue;
      const { figures, after } = liabilityMovement(e, before ?? NO_POSITION);
      const effectiveAt = Math.max(Date.parse(e.occurredAt), before?.effectiveAt ?? -Infinity);
      const doc = { id, shopId: e.shopId, revision, effectiveAt, balance: after.balance, held: after.held };
      known.set(id, doc);
      touched.set(id, doc);
      const finder = this.finders.get(e.shopId) ?? (await this.finder(e.shopId, shops));
      if (Object.keys(figures).length > 0) await days.add(e.shopId, finder.dayOf(effectiveAt), figures);
    }
    this.writtenCustomers.putAll(batch, customers, touched.values());
    days.stage(batch);
  }

  private async finder(shopId: string, shops: StagedCollection<LiabilityShopDoc>): Promise<LocalDayFinder> {
    let finder = this.finders.get(shopId);
    if (!finder) {
      // A shop always begins its log; a customer event without it (a test's) counts in UTC.
      finder = new LocalDayFinder((await shops.get(shopId))?.timezone ?? 'UTC');
      this.finders.set(shopId, finder);
    }
    return finder;
  }
}

/** The days a batch adds to: each read once (memory, else the store), copied, added to, staged once. */
class BatchDays {
  private readonly changed = new Map<string, LiabilityDayDoc>();

  constructor(
    private readonly days: StagedCollection<LiabilityDayDoc>,
    private readonly written: WrittenDocuments<LiabilityDayDoc>,
  ) {}

  async add(shopId: string, day: LocalDay, figures: Partial<LiabilityFigures>): Promise<void> {
    const id = liabilityDayId(shopId, day);
    let doc = this.changed.get(id);
    if (!doc) {
      // A copy: the stored one is shared with memory, which keeps it as it was until this batch is stored.
      const stored = await this.written.get(this.days, id);
      doc = stored ? { ...stored } : { id, shopId, day, ...noFigures() };
      this.changed.set(id, doc);
    }
    addFigures(doc, figures);
  }

  stage(batch: ProjectionBatch): void {
    this.written.putAll(batch, this.days, this.changed.values());
  }
}
