import { Capability, scheduled } from '../../capability';
import { RedemptionQuotas } from './redemption-quotas';
import { RedeemedCounts } from './redeemed-counts.query';
import { RedeemRewardHandler } from './redeem-reward.handler';
import { CouponMinting } from './mint-then-record';
import { RefundCouponHandler } from './refund-coupon.handler';
import { ExpireCouponHandler } from './expire-coupon.handler';
import { CouponExpiry } from './coupon-expiry.scheduler';
import { RedeemedCountsProjection } from './redeemed-counts.projection';

/** Coupons: spending points on a program's reward (a saga of quota, mint and spend), coupon refunds and expiry, and the redemption counts. */
export const COUPONS_CAPABILITY: Capability = {
  providers: [
    RedemptionQuotas,
    RedeemedCounts,
    RedeemRewardHandler,
    CouponMinting,
    RefundCouponHandler,
    ExpireCouponHandler,
    CouponExpiry,
  ],
  projections: [RedeemedCountsProjection],
  controllers: [],
  background: [scheduled(CouponExpiry, (config) => config.couponExpiryCheckMs)],
};
