import { Injectable } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { redemptionQuota, redemptionQuotaStreamId } from './redemption-quota.decider';

/** Slots of a program's shop-wide redemption quota (totalLimitationRedeem): taken by a redemption, given back by a failure or a refund. */
@Injectable()
export class RedemptionQuotas {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
  ) {}

  reserve(shopId: string, programId: string, rewardId: string, limit: number) {
    return this.runner.run(redemptionQuota, redemptionQuotaStreamId(programId), () => ({
      type: 'ReserveRedemption' as const,
      meta: this.metas.for(shopId),
      programId,
      rewardId,
      limit,
    }));
  }

  release(shopId: string, programId: string, rewardId: string) {
    return this.runner.run(redemptionQuota, redemptionQuotaStreamId(programId), () => ({
      type: 'ReleaseRedemption' as const,
      meta: this.metas.for(shopId),
      programId,
      rewardId,
    }));
  }
}
