import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import { CLOCK, Clock } from '../../shared/domain/clock';
import {
  VERIFICATION_DIFFERENCES,
  VerificationDifferenceDoc,
  VERIFICATIONS,
  VerificationJobDoc,
} from '../verification/verification-jobs';

/** A running job not refreshed for this long lost its process. */
const STALE_MS = 60_000;

export class GetVerificationQuery {
  constructor(
    readonly jobId: string,
    /** Differences after this sequence number (paging). */
    readonly after: number,
    readonly limit: number,
  ) {}
}

@QueryHandler(GetVerificationQuery)
export class GetVerificationHandler implements IQueryHandler<GetVerificationQuery> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ jobId, after, limit }: GetVerificationQuery) {
    const job = await (await this.readStore.collection<VerificationJobDoc>(VERIFICATIONS)).get(jobId);
    if (!job) throw because.notFound('Verification');
    const found = await (
      await this.readStore.collection<VerificationDifferenceDoc>(VERIFICATION_DIFFERENCES)
    ).find({ jobId, seq: { $gt: after } }, { sort: { field: 'seq', direction: 'asc' }, limit: limit + 1 });
    const stale = job.status === 'running' && this.clock.now().getTime() - Date.parse(job.updatedAt) > STALE_MS;
    return {
      job: { ...job, status: stale ? ('interrupted' as const) : job.status },
      differences: found.slice(0, limit).map(({ id: _id, jobId: _job, ...d }) => d),
      hasMore: found.length > limit,
    };
  }
}
