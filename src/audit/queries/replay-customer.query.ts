import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { positionToString, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { because } from '../../shared/domain/domain-error';
import { isoInstant } from '../../shared/iso-instant';
import { Balances, balancesOf, emptyHistory, evolveOwnedHistory } from '../domain/customer-history';
import { CustomerStreamReader } from './customer-stream';

export interface ReplayPage {
  /** Revisions after this one (exclusive); or, with `before`, the page just below it. */
  after?: number;
  before?: number;
  limit: number;
  asOf: Date | null;
  /** Count every event as of `asOf` (reads the whole stream). */
  hasCount?: boolean;
}

/** One customer's stream, event by event, with what the fold gives after each. */
export class ReplayCustomerQuery {
  constructor(
    readonly shopId: string,
    readonly customerRef: string,
    readonly page: ReplayPage,
  ) {}
}

export interface ReplayedEvent {
  revision: number;
  position: string;
  type: string;
  eventId: string;
  occurredAt: string;
  recordedAt: string;
  data: Record<string, unknown>;
  after: Balances;
}

export interface ReplayResult {
  customerId: string;
  platformCustomerId: number | null;
  streamId: string;
  items: ReplayedEvent[];
  pagination: { hasNext: boolean; hasPre: boolean; total?: number };
}

@QueryHandler(ReplayCustomerQuery)
export class ReplayCustomerHandler implements IQueryHandler<ReplayCustomerQuery, ReplayResult> {
  constructor(private readonly streams: CustomerStreamReader) {}

  /**
   * Folds from the first event (every figure after an event needs the whole fold up to it) as far as
   * the page needs, reading the stream a page at a time: an early page reads only the start.
   */
  async execute({ shopId, customerRef, page }: ReplayCustomerQuery): Promise<ReplayResult> {
    const { customerId, streamId } = this.streams.locate(shopId, customerRef);
    // Revisions count from 0 without gaps, so the event at revision n is the n-th.
    const backward = page.before !== undefined;
    const start = backward ? 0 : (page.after ?? -1) + 1;
    const end = backward ? page.before! : start + page.limit;
    let history = emptyHistory();
    // Backward, the page is the last `limit` events before `before` (or before the end, if sooner).
    const items: ReplayedEvent[] = [];
    let seen = 0;
    let exists = false;
    let more = false;
    for await (const events of this.streams.pages(streamId, page.asOf)) {
      exists ||= events.length > 0;
      for (const recorded of events) {
        if (seen >= end) {
          more = true;
          if (!page.hasCount) break;
          seen++;
          continue;
        }
        history = evolveOwnedHistory(history, recorded);
        seen++;
        if (seen <= start) continue;
        items.push(replayed(recorded, balancesOf(history)));
        if (backward && items.length > page.limit) items.shift();
      }
      if (more && !page.hasCount) break;
    }
    if (!exists) throw because.notFound('Customer');
    const first = items.length ? items[0].revision : Math.min(start, seen);
    return {
      customerId,
      platformCustomerId: history.state.platformCustomerId,
      streamId,
      items,
      pagination: { hasNext: more, hasPre: first > 0, ...(page.hasCount ? { total: seen } : {}) },
    };
  }
}

function replayed(r: RecordedEvent, after: Balances): ReplayedEvent {
  return {
    revision: Number(r.revision),
    position: positionToString(r.position)!,
    type: r.type,
    eventId: r.id,
    occurredAt: (r.data as { occurredAt: string }).occurredAt,
    recordedAt: isoInstant(r.recordedAt.getTime()),
    data: r.data,
    after,
  };
}
