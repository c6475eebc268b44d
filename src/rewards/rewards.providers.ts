import { Capability } from '../shared/capability';
import { RedeemRewardHandler } from './commands/redeem-reward.handler';
import { RefundCouponHandler } from './commands/refund-coupon.handler';
import { RewardViewProjection } from './projections/reward-view.projection';
import { RewardsController } from './http/rewards.controller';
import { CouponExpiry } from './coupon-expiry';

export const REWARDS_CAPABILITY: Capability = {
  providers: [RedeemRewardHandler, RefundCouponHandler, CouponExpiry],
  projections: [RewardViewProjection],
  controllers: [RewardsController],
};
