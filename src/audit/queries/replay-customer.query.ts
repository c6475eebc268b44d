import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { positionToString } from '../../infrastructure/event-store/event-store.port';
import { because } from '../../shared/domain/domain-error';
import { Balances, balancesOf, countAsOf, emptyHistory, evolveHistory } from '../domain/customer-history';
import { CustomerStreamReader } from './customer-stream';

export interface ReplayPage {
  /** Revisions after this one (exclusive); or, with `before`, the page just below it. */
  after?: number;
  before?: number;
  limit: number;
  asOf: Date | null;
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
  pagination: { hasNext: boolean; hasPre: boolean; total: number };
}

@QueryHandler(ReplayCustomerQuery)
export class ReplayCustomerHandler implements IQueryHandler<ReplayCustomerQuery, ReplayResult> {
  constructor(private readonly streams: CustomerStreamReader) {}

  async execute({ shopId, customerRef, page }: ReplayCustomerQuery): Promise<ReplayResult> {
    const { customerId, streamId, events } = await this.streams.load(shopId, customerRef);
    const counted = countAsOf(events, page.asOf);
    if (counted === 0) throw because.notFound('Customer');
    // Revisions count from 0 without gaps, so revision n is events[n].
    const start =
      page.before !== undefined ? Math.max(0, Math.min(page.before, counted) - page.limit) : (page.after ?? -1) + 1;
    const end = page.before !== undefined ? Math.min(page.before, counted) : Math.min(counted, start + page.limit);
    // Every figure after an event needs the whole fold up to it.
    let history = emptyHistory();
    const items: ReplayedEvent[] = [];
    for (let i = 0; i < end; i++) {
      history = evolveHistory(history, events[i]);
      if (i < start) continue;
      const r = events[i];
      items.push({
        revision: Number(r.revision),
        position: positionToString(r.position)!,
        type: r.type,
        eventId: r.id,
        occurredAt: (r.data as { occurredAt: string }).occurredAt,
        recordedAt: r.recordedAt.toISOString(),
        data: r.data,
        after: balancesOf(history),
      });
    }
    return {
      customerId,
      platformCustomerId: history.state.platformCustomerId,
      streamId,
      items,
      pagination: { hasNext: end < counted, hasPre: start > 0, total: counted },
    };
  }
}
