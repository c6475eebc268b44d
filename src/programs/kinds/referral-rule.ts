import type { TierRewardKindName } from './tier-rewards';
import { TIER_REWARD_KINDS } from './tier-rewards';

/**
 * The value lists and the settled shape of a referral program's settings (`referral`), written once:
 * the schema (`ReferralSettingsSchema`) validates and documents them, the decider checks what one
 * field says of another, and the ledger reads the settled rule. Pure TypeScript (the domain imports it).
 */

/** The coupons a referral gives: the tier rewards' coupon kinds (money off, a percent off, free shipping). */
export const REFERRAL_COUPON_TYPES = ['amount_discount', 'percentage_discount', 'free_shipping'] as const;
export type ReferralCouponType = (typeof REFERRAL_COUPON_TYPES)[number] & TierRewardKindName;

/** What the referrer earns when a friend's first qualifying order is paid: points (`earnPoint`) or a coupon. */
export const REFERRER_REWARDS = ['points', 'coupon'] as const;
export type ReferrerRewardKind = (typeof REFERRER_REWARDS)[number];

/**
 * What a refund or cancellation of the friend's qualifying order does once the referrer's reward was
 * paid: `reverse` takes the points back (a coupon is disabled unless used), `keep` leaves it.
 * Before the reward is paid it is always cancelled.
 */
export const AFTER_REWARD_REFUNDS = ['reverse', 'keep'] as const;
export type AfterRewardRefund = (typeof AFTER_REWARD_REFUNDS)[number];

/** A coupon of a referral, as the rule holds it (every field settled). */
export interface ReferralCoupon {
  type: ReferralCouponType;
  /** Money off (amount_discount) or a percent (percentage_discount); null for free shipping. */
  value: number | null;
  /** Least order subtotal for the code to apply (null: none). */
  orderReqAmount: number | null;
  /** Days the code stays valid after it is issued (null: no expiry). */
  expiresInDays: number | null;
  /** The code's prefix (default `REF`). */
  codePrefix: string | null;
}

/** A referral program's settled rule: the rewards, the qualifying order, the waiting days, the refund policy. */
export interface ReferralRule {
  referrerReward: ReferrerRewardKind;
  /** The referrer's coupon when `referrerReward` is `coupon` (else null). */
  referrerCoupon: ReferralCoupon | null;
  /** The friend's welcome coupon, given on attribution. */
  friendCoupon: ReferralCoupon;
  /** Least subtotal of the friend's order for it to qualify (0: any paid order). */
  minimumSubtotal: number;
  /** Days after the qualifying order before the referrer is paid (a refund meanwhile cancels the reward). */
  waitingDays: number;
  refundAfterReward: AfterRewardRefund;
}

/** The referral settings as written (any of them may be left out). */
export interface ReferralSettingsInput {
  referrerReward?: ReferrerRewardKind;
  referrerCoupon?: Partial<ReferralCoupon> | null;
  friendCoupon?: Partial<ReferralCoupon> | null;
  minimumSubtotal?: number | null;
  waitingDays?: number | null;
  refundAfterReward?: AfterRewardRefund;
}

/** The coupon a referral program gives when its settings name none: 10 off, no minimum, no expiry. */
export const DEFAULT_REFERRAL_COUPON: ReferralCoupon = {
  type: 'amount_discount',
  value: 10,
  orderReqAmount: null,
  expiresInDays: null,
  codePrefix: null,
};

export const settledCoupon = (c: Partial<ReferralCoupon> | null | undefined): ReferralCoupon => ({
  type: c?.type ?? DEFAULT_REFERRAL_COUPON.type,
  value: c?.type === 'free_shipping' ? null : (c?.value ?? null),
  orderReqAmount: c?.orderReqAmount ?? null,
  expiresInDays: c?.expiresInDays ?? null,
  codePrefix: c?.codePrefix ?? null,
});

/** The settled rule of a referral program's settings (unset fields take their defaults). */
export function referralRuleOf(s: ReferralSettingsInput | null | undefined): ReferralRule {
  const referrerReward = s?.referrerReward ?? 'points';
  return {
    referrerReward,
    referrerCoupon: referrerReward === 'coupon' ? settledCoupon(s?.referrerCoupon) : null,
    friendCoupon: s?.friendCoupon ? settledCoupon(s.friendCoupon) : DEFAULT_REFERRAL_COUPON,
    minimumSubtotal: s?.minimumSubtotal ?? 0,
    waitingDays: s?.waitingDays ?? 0,
    refundAfterReward: s?.refundAfterReward ?? 'reverse',
  };
}

/** What a coupon of the rule is on the commerce platform: its reward type, value and minimum. */
export function platformCouponOf(c: ReferralCoupon) {
  const kind = TIER_REWARD_KINDS[c.type];
  return {
    rewardType: kind.couponType!,
    rewardValue: kind.amount === 'none' ? null : c.value,
    orderReqAmount: c.orderReqAmount ? c.orderReqAmount.toFixed(2) : null,
  };
}

/** The shop's words in one locale, as a coupon's sentence needs them (the translations' LocalizedText). */
export interface CouponWords {
  t(key: string, values?: Record<string, unknown>): string;
  money(amount: number, currency: string): string;
}

/**
 * A coupon in the shopper's words, as the referral program's texts say it (`$10.00 off your order`):
 * the platform discount's title, and the program's friendReward and yourReward.
 */
export function referralCouponTitle(c: ReferralCoupon, words: CouponWords, currency: string): string {
  if (c.type === 'free_shipping') return words.t('reward.description.free_shipping');
  if (c.type === 'percentage_discount') return words.t('reward.description.percentage', { percent: c.value ?? 0 });
  return words.t('reward.description.fixed_amount', { amount: words.money(c.value ?? 0, currency) });
}

/** When a coupon issued at `at` stops working (null: never). */
export function couponExpiry(c: ReferralCoupon, at: string): string | null {
  return c.expiresInDays ? new Date(Date.parse(at) + c.expiresInDays * 86_400_000).toISOString() : null;
}

/** The relations of a coupon's fields the schema cannot see, as `[field, problem]` (null: none). */
export function couponProblem(c: ReferralCoupon, field: string): [string, string] | null {
  if (c.type === 'free_shipping') return null;
  if (c.value === null || c.value <= 0) return [`${field}.value`, `must be a positive amount for ${c.type}`];
  if (c.type === 'percentage_discount' && c.value > 100) return [`${field}.value`, 'must be a percent from 1 to 100'];
  return null;
}
