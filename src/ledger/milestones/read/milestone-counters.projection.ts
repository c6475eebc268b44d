import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../../projections/projection';
import { ProjectionBatch } from '../../../projections/projection-batch';
import { WrittenDocuments } from '../../../projections/written-documents';
import { fromRecorded } from '../../../event-sourcing/domain-event';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { COUNTED_EVENT_TYPES, countMilestones, initialCounters, MilestoneCounters } from '../domain/milestone-counters';
import { ClaimedStep, claimsAfter } from '../domain/milestones.state';

/**
 * A customer's milestone counters and claimed steps: what the ladder and the progress map are read
 * from. Folded with the functions the ledger's state folds with (`countMilestones`, `claimsAfter`),
 * so the read side shows what claims are decided on.
 */
export interface MilestoneCountersDoc {
  /** `<shopId>|<customerId>`. */
  id: string;
  shopId: string;
  customerId: string;
  /** The customer stream's last revision applied: a redelivered event (not newer) changes nothing. */
  revision: number;
  counters: MilestoneCounters;
  /** `<programId>|<claimKey>` -> the claimed step. */
  claims: Record<string, ClaimedStep>;
}

/** Read by id on every ladder read: served from memory, kept exact by the projections. */
export const MILESTONE_COUNTERS: CollectionDefinition = { name: 'milestone_counters_v1', cachedInMemory: true };

export const milestoneCountersId = (shopId: string, customerId: string) => `${shopId}|${customerId}`;

/** A customer with no counted event yet. */
export const noMilestones = (shopId: string, customerId: string): MilestoneCountersDoc => ({
  id: milestoneCountersId(shopId, customerId),
  shopId,
  customerId,
  revision: -1,
  counters: initialCounters(),
  claims: {},
});

/** Customers whose counters stay in memory between batches. */
const KEPT = 50_000;

@Injectable()
export class MilestoneCountersProjection implements Projection {
  readonly name = 'milestone_counters_v1';
  readonly collections = [MILESTONE_COUNTERS];
  readonly handles = handlesEventTypes([...COUNTED_EVENT_TYPES, T.MilestoneStepClaimed, T.MilestoneGiftChosen]);
  /**
   * Every process applies every event of this projection, so what this process stored is what the
   * store holds (another process writes the same documents): kept, every award is not a read.
   */
  private readonly written = new WrittenDocuments<MilestoneCountersDoc>(KEPT);

  reset(): void {
    this.written.clear();
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const docs = batch.collection<MilestoneCountersDoc>(MILESTONE_COUNTERS);
    const counted = events.map((recorded) => ({ recorded, e: fromRecorded<CustomerEvent>(recorded) }));
    const known = await this.written.getMany(
      docs,
      new Set(counted.map(({ e }) => milestoneCountersId(e.shopId, e.customerId))),
    );
    const touched = new Map<string, MilestoneCountersDoc>();
    for (const { recorded, e } of counted) {
      const id = milestoneCountersId(e.shopId, e.customerId);
      const before = known.get(id) ?? noMilestones(e.shopId, e.customerId);
      const revision = Number(recorded.revision);
      if (revision <= before.revision) continue;
      const counters = countMilestones(before.counters, e);
      const claims = claimsAfter(before.claims, e);
      if (counters === before.counters && claims === before.claims) continue;
      const after = { ...before, revision, counters, claims: { ...claims } };
      known.set(id, after);
      touched.set(id, after);
    }
    this.written.putAll(batch, docs, touched.values());
  }
}
