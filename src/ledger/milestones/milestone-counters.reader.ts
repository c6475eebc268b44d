import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { BoundedCache } from '../../shared/bounded-cache';
import { CLOCK, Clock } from '../../shared/domain/clock';
import {
  MILESTONE_COUNTERS,
  MilestoneCountersDoc,
  milestoneCountersId,
  noMilestones,
} from './milestone-counters.projection';

/** How long a customer's counters are served from memory: a ladder read may be this much behind an order. */
export const MILESTONE_COUNTERS_TTL_MS = 60_000;

/**
 * A customer's milestone counters and claimed steps for the ladder reads, kept 60 seconds per customer
 * in each process. A claim drops its customer's entry, so the claimant's next read shows the claim.
 * Claims are never decided on these copies: they fold the customer's stream.
 */
@Injectable()
export class MilestoneCountersReader {
  private readonly cache = new BoundedCache<string, { at: number; doc: MilestoneCountersDoc }>({ max: 50_000 });

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async of(shopId: string, customerId: string): Promise<MilestoneCountersDoc> {
    const id = milestoneCountersId(shopId, customerId);
    const now = this.clock.now().getTime();
    const held = this.cache.get(id);
    if (held && now - held.at < MILESTONE_COUNTERS_TTL_MS) return held.doc;
    const doc =
      (await (await this.readStore.collection<MilestoneCountersDoc>(MILESTONE_COUNTERS)).get(id)) ??
      noMilestones(shopId, customerId);
    this.cache.set(id, { at: now, doc });
    return doc;
  }

  /** Forgets the customer's counters (after a claim). */
  drop(shopId: string, customerId: string): void {
    this.cache.delete(milestoneCountersId(shopId, customerId));
  }
}
