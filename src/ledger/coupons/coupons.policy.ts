import { couponUsedMessages } from './coupons.webhooks';
import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { CouponsCommand, expireCoupon, grantCoupon, redeemReward, refundCoupon } from './coupons.decisions';
import { CouponsShare, evolveCoupons, initialCoupons } from './coupons.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsRedeemed]: evolveCoupons,
  [T.CouponGranted]: evolveCoupons,
  [T.MilestoneStepClaimed]: evolveCoupons,
  [T.MilestoneGiftChosen]: evolveCoupons,
  [T.CouponRefunded]: evolveCoupons,
  [T.CouponUsed]: evolveCoupons,
  [T.CouponExpired]: evolveCoupons,
  [T.ReferralRefundAfterReward]: evolveCoupons,
};

/** Coupons bought with points (within the per-customer limit), given back, expired, granted. */
export const couponsPolicy: CustomerPolicy<CouponsShare, CouponsCommand, keyof typeof evolve> = {
  name: 'coupons',
  initial: initialCoupons,
  evolve,
  decide: {
    RedeemReward: whenEnrolled(redeemReward),
    RefundCoupon: whenEnrolled(refundCoupon),
    ExpireCoupon: whenEnrolled(expireCoupon),
    GrantCoupon: whenEnrolled(grantCoupon),
  },
  webhooks: { [T.CouponUsed]: couponUsedMessages },
};
