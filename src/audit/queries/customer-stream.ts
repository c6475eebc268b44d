import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { customerStreamId } from '../../ledger/customer-events';
import { customerIdFor, parsePlatformCustomerId } from '../../ledger/customer-identity';
import { because } from '../../shared/domain/domain-error';
import { fold } from '../../shared/domain/decider';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { tierLadder } from '../../tiers/domain/tier-ladder.decider';
import { tierStreamId, TierEvent } from '../../tiers/domain/tier-events';
import {
  countAsOf,
  CustomerHistory,
  effectiveTime,
  emptyHistory,
  evolveOwnedHistory,
} from '../domain/customer-history';

export type CustomerIdKind = 'either' | 'internal' | 'platform';

/** The internal id a reference names: `either` reads all digits as the platform id. Null: no valid id. */
export function resolveCustomerId(shopId: string, ref: string, kind: CustomerIdKind = 'either'): string | null {
  if (kind === 'internal' || (kind === 'either' && !/^\d+$/.test(ref))) return ref;
  const platformId = parsePlatformCustomerId(ref);
  return platformId === null ? null : customerIdFor(shopId, platformId);
}

export interface CustomerStreamRef {
  customerId: string;
  streamId: string;
}

/** A customer's stream folded as of an instant: the history and the last event counted. */
export interface FoldedCustomer extends CustomerStreamRef {
  history: CustomerHistory;
  last: RecordedEvent;
}

/**
 * Events per page where the store names no size of its own (see EventStore.streamPageSize). Two
 * pages are held at most: this one and the next, read while this one is used.
 */
const DEFAULT_PAGE = 2500;

/**
 * Reads a customer's stream straight from the log (audits never trust read models). The id is the
 * internal id, or all digits for the platform id. Another shop's customer lives in another stream, so
 * it is "not found", exactly like one that never existed.
 */
@Injectable()
export class CustomerStreamReader {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  locate(shopId: string, ref: string, kind: CustomerIdKind = 'either'): CustomerStreamRef {
    const customerId = resolveCustomerId(shopId, ref, kind);
    if (!customerId) throw because.notFound('Customer');
    return { customerId, streamId: customerStreamId(shopId, customerId) };
  }

  /**
   * The stream's events that count as of `asOf` (the prefix rule of countAsOf), a page at a time,
   * the next page read while this one is used; reading stops at the first event past `asOf`. Pages,
   * not events, are awaited: an await per event was a visible part of a long replay.
   */
  async *pages(streamId: string, asOf: Date | null): AsyncGenerator<readonly RecordedEvent[]> {
    const limit = asOf ? asOf.getTime() : Infinity;
    const size = this.eventStore.streamPageSize ?? DEFAULT_PAGE;
    let next = this.eventStore.readStream(streamId, 0n, size);
    for (let page = await next; page.length > 0; page = await next) {
      next = this.eventStore.readStream(streamId, page[page.length - 1].revision + 1n, size);
      next.catch(() => undefined);
      const counted = asOf ? page.findIndex((recorded) => effectiveTime(recorded) > limit) : -1;
      if (counted >= 0) return yield page.slice(0, counted);
      yield page;
      if (page.length < size) return;
    }
  }

  /** The customer as the fold of the events that had taken effect by `asOf`; 404 before enrolment. */
  async foldAsOf(
    shopId: string,
    ref: string,
    asOf: Date | null,
    kind: CustomerIdKind = 'either',
  ): Promise<FoldedCustomer> {
    const at = this.locate(shopId, ref, kind);
    let history = emptyHistory();
    let last: RecordedEvent | null = null;
    for await (const page of this.pages(at.streamId, asOf)) {
      for (const recorded of page) history = evolveOwnedHistory(history, recorded);
      last = page[page.length - 1] ?? last;
    }
    if (!last || !history.state.enrolled) throw because.notFound('Customer');
    return { ...at, history, last };
  }

  /** Tier names as the shop's ladder stood at `asOf` (a tier renamed later shows its name then). */
  async tierNamesAsOf(shopId: string, asOf: Date | null): Promise<Map<string, string>> {
    const recorded = await this.eventStore.readStream(tierStreamId(shopId));
    const events = recorded.slice(0, countAsOf(recorded, asOf)).map((r) => fromRecorded<TierEvent>(r));
    const ladder = fold(tierLadder, events);
    return new Map(Object.values(ladder.tiers).map((t) => [t.id, t.settings.name]));
  }
}
