import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { PointsContext, PointsEventBuilder, pointsEventBuilder } from '../points/points.events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Coupons: bought with points, granted, used, refunded, expired. */

/** A reward coupon minted on the commerce platform (or store credit, whose reference stands for the code). */
export interface RewardCoupon {
  rewardId: string;
  couponCode: string;
  discountId: string | null;
  priceRuleId: string | null;
  rewardType: string;
  rewardValue: number | null;
  redeemType: string;
  orderReqAmount: string | null;
  expiresAt: string | null;
  programDescription: string | null;
  /** free_product: the gift variants the code makes free. */
  giftVariantIds?: string[];
}

/** Points spent on a spending program's reward. */
export interface PointsRedeemed extends CustomerEventBase, PointsContext {
  type: typeof T.PointsRedeemed;
  points: number;
  quantity: number;
  reward: RewardCoupon;
}

/** A coupon given back: its points return to the customer and the coupon stops working. */
export interface CouponRefunded extends CustomerEventBase, PointsContext {
  type: typeof T.CouponRefunded;
  points: number;
  rewardId: string;
  couponCode: string;
}

/** A coupon bought with points was used at checkout. */
export interface CouponUsed extends CustomerEventBase {
  type: typeof T.CouponUsed;
  rewardId: string;
  couponCode: string;
  orderId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
}

/** A coupon passed its expiry unused: it no longer works and its points are not returned. */
export interface CouponExpired extends CustomerEventBase {
  type: typeof T.CouponExpired;
  rewardId: string;
  couponCode: string;
  expiresAt: string;
}

/**
 * A coupon given for free: a tier reward on entering a tier, a referred friend's welcome coupon, or a
 * referrer's reward for a friend. No points were spent.
 */
export interface CouponGranted extends CustomerEventBase {
  type: typeof T.CouponGranted;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  reward: RewardCoupon & { title: string };
  reason: 'tier_reward' | 'referral_welcome' | 'referral_reward';
  /** Tier rewards: the tier and the move that claimed it (absent on referral coupons). */
  tierId?: string;
  tierChangedEventId?: string;
  /** The tier reward granted (the coupon's `program.id`); absent on grants recorded before it was kept. */
  tierRewardId?: string;
  /**
   * Referral coupons: the referral program (the coupon's `program`; its title is absent on grants recorded
   * before it was kept), the friend, the event that made it due.
   */
  referral?: { programId: string; programTitle?: string; friendKey: string; dueEventId: string };
}

export const pointsRedeemed: PointsEventBuilder<PointsRedeemed> = pointsEventBuilder(T.PointsRedeemed);
export const couponRefunded: PointsEventBuilder<CouponRefunded> = pointsEventBuilder(T.CouponRefunded);
export const couponUsed: EventBuilder<CouponUsed> = eventBuilder(T.CouponUsed);
export const couponExpired: EventBuilder<CouponExpired> = eventBuilder(T.CouponExpired);
export const couponGranted: EventBuilder<CouponGranted> = eventBuilder(T.CouponGranted);
