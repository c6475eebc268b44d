import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { customerStreamId } from '../../ledger/events/customer-events';
import { customerIdFor, parsePlatformCustomerId } from '../../ledger/customer-identity';
import { because } from '../../shared/domain/domain-error';
import { fold } from '../../shared/domain/decider';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { tierLadder } from '../../tiers/domain/tier-ladder.decider';
import { tierStreamId, TierEvent } from '../../tiers/domain/tier-events';
import { countAsOf } from '../domain/customer-history';

export type CustomerIdKind = 'either' | 'internal' | 'platform';

/** The internal id a reference names: `either` reads all digits as the platform id. Null: no valid id. */
export function resolveCustomerId(shopId: string, ref: string, kind: CustomerIdKind = 'either'): string | null {
  if (kind === 'internal' || (kind === 'either' && !/^\d+$/.test(ref))) return ref;
  const platformId = parsePlatformCustomerId(ref);
  return platformId === null ? null : customerIdFor(shopId, platformId);
}

export interface CustomerStream {
  customerId: string;
  streamId: string;
  events: RecordedEvent[];
}

/**
 * Reads a customer's stream straight from the log (audits never trust read models). The id is the
 * internal id, or all digits for the platform id. Another shop's customer lives in another stream, so
 * it is "not found", exactly like one that never existed.
 */
@Injectable()
export class CustomerStreamReader {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async load(shopId: string, ref: string, kind: CustomerIdKind = 'either'): Promise<CustomerStream> {
    const customerId = resolveCustomerId(shopId, ref, kind);
    if (!customerId) throw because.notFound('Customer');
    const streamId = customerStreamId(shopId, customerId);
    const events = await this.eventStore.readStream(streamId);
    if (events.length === 0) throw because.notFound('Customer');
    return { customerId, streamId, events };
  }

  /** Tier names as the shop's ladder stood at `asOf` (a tier renamed later shows its name then). */
  async tierNamesAsOf(shopId: string, asOf: Date | null): Promise<Map<string, string>> {
    const recorded = await this.eventStore.readStream(tierStreamId(shopId));
    const events = recorded.slice(0, countAsOf(recorded, asOf)).map((r) => fromRecorded<TierEvent>(r));
    const ladder = fold(tierLadder, events);
    return new Map(Object.values(ladder.tiers).map((t) => [t.id, t.settings.name]));
  }
}
