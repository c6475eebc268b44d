import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { REFERRALS, ReferralDoc } from './read/referral-read-models';
import { ReferralSteps } from './referral-steps';

/** Pays a referrer's referral rewards whose waiting days have passed (the sweep sends it). */
export class PayReferralRewardsCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

@CommandHandler(PayReferralRewardsCommand)
export class PayReferralRewardsHandler implements ICommandHandler<PayReferralRewardsCommand, number> {
  constructor(private readonly steps: ReferralSteps) {}

  execute({ shopId, customerId }: PayReferralRewardsCommand): Promise<number> {
    return this.steps.payDue(shopId, customerId);
  }
}

/**
 * Referral rewards waiting their days: the read model says whose are due, the payment is decided on
 * the referrer's stream (a reward cancelled meanwhile is not paid, and one is paid once however many
 * processes run this). Runs with the held points' release (PENDING_RELEASE_CHECK_MS).
 */
@Injectable()
export class ReferralRewardsDue extends CustomerSweep {
  /** One pass; returns how many referrers had rewards decided. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    const due = await (
      await this.collection<ReferralDoc>(REFERRALS)
    ).find({
      state: 'qualified',
      rewardDueAt: { $lte: now },
    });
    const referrers = new Map(due.map((d) => [d.referrerId, d.shopId]));
    let paid = 0;
    for (const [referrerId, shopId] of referrers) {
      const decided = await this.decide<number>(
        new PayReferralRewardsCommand(shopId, referrerId),
        `Paying the referral rewards of customer ${referrerId}`,
      );
      if (decided) paid++;
    }
    return paid;
  }
}
