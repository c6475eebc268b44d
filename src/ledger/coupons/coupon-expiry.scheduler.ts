import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ScheduledJob } from '../../shared/interval-job';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { RewardDoc, REWARDS } from '../projections/reward-view.projection';

/**
 * Expires coupons whose lifetime (`expiresInDays`) has passed unused: `reward.coupon-expired.v1` on
 * the customer's stream (a coupon used or refunded in the meantime is left alone), then the code is
 * disabled on the platform.
 */
@Injectable()
export class CouponExpiry extends ScheduledJob {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
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
        const decision = await this.commands.run(reward.shopId, reward.customerId, (meta) => ({
          type: 'ExpireCoupon',
          meta,
          couponCode: reward.couponCode,
        }));
        if (decision.events.length === 0) continue;
        expired++;
        if (reward.rewardType !== 'store_credit') await this.platform.disableDiscount(reward.shopId, reward.couponCode);
      } catch (error) {
        this.logger.error(`Expiring coupon ${reward.id} failed: ${(error as Error).message}`);
      }
    }
    return expired;
  }
}
