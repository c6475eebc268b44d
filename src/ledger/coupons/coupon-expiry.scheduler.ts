import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ScheduledJob } from '../../shared/interval-job';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CommandBus } from '@nestjs/cqrs';
import { ExpireCouponCommand } from './expire-coupon.handler';
import { RewardDoc, REWARDS } from '../read-models/reward-read-models';

/**
 * Expires coupons whose lifetime (`expiresInDays`) has passed unused: `reward.coupon-expired.v1` on
 * the customer's stream (a coupon used or refunded in the meantime is left alone), then the code is
 * disabled on the platform.
 */
@Injectable()
export class CouponExpiry extends ScheduledJob {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('CouponExpiry'));
  }

  /** One pass; returns how many coupons expired. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    const rewards = await this.readStore.collection<RewardDoc>(REWARDS);
    let expired = 0;
    for (const reward of await rewards.find({ discountStatus: 'active', expiredAt: { $lte: now } })) {
      try {
        const result: { expired: boolean } = await this.commands.execute(
          new ExpireCouponCommand(reward.shopId, reward.customerId, reward.couponCode, reward.rewardType),
        );
        if (result.expired) expired++;
      } catch (error) {
        this.logger.error(`Expiring coupon ${reward.id} failed: ${(error as Error).message}`);
      }
    }
    return expired;
  }
}
