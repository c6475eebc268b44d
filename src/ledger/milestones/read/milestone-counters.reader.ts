import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { DocumentCache } from '../../../projections/document-cache';
import {
  MILESTONE_COUNTERS,
  MilestoneCountersDoc,
  milestoneCountersId,
  noMilestones,
} from './milestone-counters.projection';

/**
 * A customer's milestone counters and claimed steps for the ladder reads, from the process's
 * DocumentCache: kept exact by the projections, not by a timer, so an order or a claim this process
 * answered is read back at once (read-your-writes), like the balance. Documents are frozen.
 * Claims are never decided on these copies: they fold the customer's stream.
 */
@Injectable()
export class MilestoneCountersReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly documents: DocumentCache,
  ) {}

  async of(shopId: string, customerId: string): Promise<MilestoneCountersDoc> {
    const id = milestoneCountersId(shopId, customerId);
    const doc = await this.documents.get(MILESTONE_COUNTERS, id, async () =>
      (await this.readStore.collection<MilestoneCountersDoc>(MILESTONE_COUNTERS)).get(id),
    );
    return doc ?? noMilestones(shopId, customerId);
  }
}
