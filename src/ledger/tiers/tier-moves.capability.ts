import { Capability, scheduled, worker } from '../../capability';
import { ChangeTierHandler } from './change-tier.handler';
import { ReviewTierHandler } from './review-tier.handler';
import { TierReviews } from './tier-reviews.scheduler';
import { GrantTierCouponHandler } from './grant-tier-coupon.handler';
import { TierRewardCoupons } from './tier-reward-coupons';

/** A customer's tier: moves, retention reviews and the coupons a tier grants (the tiers themselves are tiers/). */
export const TIER_MOVES_CAPABILITY: Capability = {
  providers: [ChangeTierHandler, ReviewTierHandler, TierReviews, GrantTierCouponHandler, TierRewardCoupons],
  projections: [],
  controllers: [],
  background: [scheduled(TierReviews, (config) => config.tierReviewCheckMs), worker(TierRewardCoupons)],
};
