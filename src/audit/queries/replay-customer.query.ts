import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { positionToString, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { because } from '../../shared/domain/domain-error';
import { isoInstant } from '../../shared/iso-instant';
import { Balances, balancesOf, emptyHistory, evolveOwnedHistory } from '../domain/customer-history';
import { CustomerStreamReader } from './customer-stream';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

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

/** What a replay tells once its events are all out. */
export interface ReplaySummary {
  platformCustomerId: PlatformCustomerId | null;
  pagination: { hasNext: boolean; hasPre: boolean; total?: number };
}

export interface ReplayResult {
  customerId: string;
  streamId: string;
  /**
   * The page's events in order, in batches as the fold reaches them, so an answer can be written
   * while the rest of the stream is read; it returns the summary. Read it once, to its end (or
   * return it early).
   */
  events: AsyncGenerator<readonly ReplayedEvent[], ReplaySummary, undefined>;
}

type Pages = AsyncGenerator<readonly RecordedEvent[]>;

@QueryHandler(ReplayCustomerQuery)
export class ReplayCustomerHandler implements IQueryHandler<ReplayCustomerQuery, ReplayResult> {
  constructor(private readonly streams: CustomerStreamReader) {}

  /** Reads the first page before it answers: a customer who does not exist (as of then) is a 404. */
  async execute({ shopId, customerRef, page }: ReplayCustomerQuery): Promise<ReplayResult> {
    const { customerId, streamId } = this.streams.locate(shopId, customerRef);
    const pages = this.streams.pages(streamId, page.asOf);
    const first = await pages.next();
    if (first.done || first.value.length === 0) {
      await pages.return(undefined);
      throw because.notFound('Customer');
    }
    return { customerId, streamId, events: replayPages(first.value, pages, page) };
  }
}

/**
 * Folds from the first event (every figure after an event needs the whole fold up to it) as far as
 * the page needs, a page of the stream at a time: an early page reads only the start. Forwards, each
 * page's share is handed on as soon as it is folded; backwards, the page is the last `limit` events
 * before `before` (or before the end, if sooner), known only once the fold gets there.
 */
async function* replayPages(
  first: readonly RecordedEvent[],
  rest: Pages,
  page: ReplayPage,
): AsyncGenerator<readonly ReplayedEvent[], ReplaySummary, undefined> {
  const backward = page.before !== undefined;
  // Revisions count from 0 without gaps, so the event at revision n is the n-th.
  const start = backward ? 0 : (page.after ?? -1) + 1;
  const end = backward ? page.before! : start + page.limit;
  const window = new LastItems(page.limit);
  let history = emptyHistory();
  let seen = 0;
  let more = false;
  let firstRevision: number | undefined;
  try {
    for (let events: readonly RecordedEvent[] | null = first; events; events = await nextPage(rest)) {
      const items: ReplayedEvent[] = [];
      for (const recorded of events) {
        if (seen >= end) {
          more = true;
          if (!page.hasCount) break;
        } else {
          history = evolveOwnedHistory(history, recorded);
          if (seen >= start) items.push(replayed(recorded, balancesOf(history)));
        }
        seen++;
      }
      if (backward) window.add(items);
      else if (items.length > 0) {
        firstRevision ??= items[0].revision;
        yield items;
      }
      if (more && !page.hasCount) break;
    }
  } finally {
    await rest.return(undefined);
  }
  const last = backward ? window.last() : [];
  if (last.length > 0) {
    firstRevision = last[0].revision;
    yield last;
  }
  const hasPre = (firstRevision ?? Math.min(start, seen)) > 0;
  return {
    platformCustomerId: history.state.platformCustomerId,
    pagination: { hasNext: more, hasPre, ...(page.hasCount ? { total: seen } : {}) },
  };
}

const nextPage = async (pages: Pages) => {
  const next = await pages.next();
  return next.done ? null : next.value;
};

/** The last `limit` items added, trimmed in steps so that keeping them costs no copy per item. */
class LastItems {
  private items: ReplayedEvent[] = [];

  constructor(private readonly limit: number) {}

  add(items: readonly ReplayedEvent[]): void {
    for (const item of items) this.items.push(item);
    if (this.items.length >= 2 * this.limit) this.items = this.items.slice(-this.limit);
  }

  last(): ReplayedEvent[] {
    return this.items.length > this.limit ? this.items.slice(-this.limit) : this.items;
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
