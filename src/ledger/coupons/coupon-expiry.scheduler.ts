import { Injectable } from '@nestjs/common';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { ExpireCouponCommand } from './expire-coupon.handler';
import { RewardDoc, REWARDS } from '../read-models/reward-read-models';

/**
 * Expires coupons whose lifetime (`expiresInDays`) has passed unused: `reward.coupon-expired.v1` on
 * the customer's stream (a coupon used or refunded in the meantime is left alone), then the code is
 * disabled on the platform.
 */
@Injectable()
export class CouponExpiry extends CustomerSweep {
  /** One pass; returns how many coupons expired. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    const rewards = await this.collection<RewardDoc>(REWARDS);
    let expired = 0;
    for (const reward of await rewards.find({ discountStatus: 'active', expiredAt: { $lte: now } })) {
      const result = await this.decide<{ expired: boolean }>(
        new ExpireCouponCommand(reward.shopId, reward.customerId, reward.couponCode, reward.rewardType),
        `Expiring coupon ${reward.id}`,
      );
      if (result?.expired) expired++;
    }
    return expired;
  }
}
