import type { PeriodUnit } from '../../../shared/domain/calendar';
import type { ReferralCoupon, ReferralRule } from '../../../programs/kinds/referral-rule';
import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/**
 * Referrals (docs/referrals.md). A friend's side is on the friend's stream (attributed or refused,
 * qualified by a first order, disqualified by its refund); the referrer's side on the referrer's
 * (the link, a reference per friend, the reward). A friend is named by a key and a masked label,
 * never by their email, on the referrer's stream (`referrals/friend-identity.ts`).
 */

/**
 * Every reason a referral is refused (their error codes and words: `referrals/referral-refusals.ts`):
 * the code, the program, self-referral, the friend's history, the referrer's standing and limit.
 */
export const REFERRAL_REFUSAL_REASONS = [
  'unknown_code',
  'code_of_another_shop',
  'no_program',
  'self_referral_same_customer',
  'self_referral_same_email',
  'self_referral_same_platform_id',
  'self_referral_same_address',
  'self_referral_same_payment',
  'already_customer',
  'already_referred',
  'referrer_excluded',
  'referrer_left',
  'referrer_limit_reached',
] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSAL_REASONS)[number];

/** The terms of a referral, as its program said when the friend was attributed: every later step decides by them. */
export interface ReferralTerms {
  programId: string;
  programTitle: string;
  rule: ReferralRule;
  /** The referrer's points when the program pays points (its earnPoint). */
  points: number;
  /** Rewards per referrer per period (the program's limit); null: unlimited. */
  limit: { unit: PeriodUnit; times: number } | null;
}

/** How the friend came with the code: claimed on the storefront before sign-up, or read off their first order. */
export type ReferralVia = 'claim' | 'discount_code' | 'landing_attribute';

/** Why a referral ended without a reward once the friend had ordered: the qualifying order went away. */
export type ReferralCancelCause = 'order_cancelled' | 'order_refunded';

/** Friend's stream: the friend came through the referrer's code. At most one per friend. */
export interface ReferralAttributed extends CustomerEventBase {
  type: typeof T.ReferralAttributed;
  referrerId: string;
  code: string;
  via: ReferralVia;
  friendKey: string;
  friendLabel: string;
  terms: ReferralTerms;
  /** The friend's (the webhook's `customer`). */
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  /** The storefront claim that named the referrer (via `claim`). */
  claimEventId: string | null;
}

/** Friend's stream: a code the friend came with was refused (the referrer, when the code named one). */
export interface ReferralRefused extends CustomerEventBase {
  type: typeof T.ReferralRefused;
  referrerId: string | null;
  code: string;
  via: ReferralVia;
  reason: ReferralRefusal;
  friendKey: string;
  friendLabel: string;
  programId: string | null;
}

/**
 * Friend's stream: the friend's first qualifying order was paid (subtotal at least the program's
 * minimum). `fingerprints` are the order's address and payment fingerprints (personal: sealed), which
 * the referrer's stream compares with the referrer's own orders'.
 */
export interface ReferralQualified extends CustomerEventBase {
  type: typeof T.ReferralQualified;
  referrerId: string;
  attributionEventId: string;
  orderId: string;
  orderName: string | null;
  subtotalCents: number;
  fingerprints: string[];
}

/** Friend's stream: the qualifying order was cancelled, or refunded below the program's minimum. */
export interface ReferralDisqualified extends CustomerEventBase {
  type: typeof T.ReferralDisqualified;
  referrerId: string;
  orderId: string;
  cause: ReferralCancelCause;
}

/** Referrer's stream: the customer's referral link was made (the first time they asked for it). */
export interface ReferralLinkCreated extends CustomerEventBase {
  type: typeof T.ReferralLinkCreated;
  code: string;
  link: string;
  programId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
}

/** Referrer's stream: where one friend stands, as the friend's side said it (claim, attribution, refusal). */
export interface ReferralFriendNoted extends CustomerEventBase {
  type: typeof T.ReferralFriendNoted;
  stage: 'invited' | 'joined' | 'refused';
  friendKey: string;
  friendLabel: string;
  friendCustomerId: string | null;
  programId: string | null;
  via: ReferralVia | null;
  reason: ReferralRefusal | null;
  /** The friend-side event this notes (a claim, an attribution, a refusal): each is noted once. */
  sourceEventId: string;
}

/** What the referrer is paid for one friend, fixed when the friend qualifies. */
export type ReferrerReward = { kind: 'points'; points: number } | { kind: 'coupon'; coupon: ReferralCoupon };

/**
 * Referrer's stream: the friend's first qualifying order counts for the referrer: the reward is due
 * at `rewardDueAt` (the order's time plus the waiting days). One per friend.
 */
export interface ReferralFriendQualified extends CustomerEventBase {
  type: typeof T.ReferralFriendQualified;
  friendKey: string;
  friendCustomerId: string;
  qualifiedEventId: string;
  orderId: string;
  programId: string;
  programTitle: string;
  reward: ReferrerReward;
  rewardDueAt: string;
  /** What a refund of the order does once the reward is paid (the program's policy then). */
  refundAfterReward: 'reverse' | 'keep';
}

/**
 * Referrer's stream: the referrer's reward for one friend, paid (points: with the PointsAwarded of
 * `transactionId`; a coupon: minted under `rewardId` and granted by CouponGranted). At most one per
 * friend: the count a referral milestone reads.
 */
export interface ReferralRewardEarned extends CustomerEventBase {
  type: typeof T.ReferralRewardEarned;
  friendKey: string;
  friendLabel: string;
  friendCustomerId: string;
  qualifiedEventId: string;
  programId: string;
  reward: ReferrerReward;
  /** Points: the payment's transaction; null for a coupon. */
  transactionId: string | null;
  /** A coupon: its reward id (the platform mints one code per id); null for points. */
  rewardId: string | null;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
}

/** Referrer's stream: a reward due was not paid: its order went away before, or a rule refused it then. */
export interface ReferralRewardCancelled extends CustomerEventBase {
  type: typeof T.ReferralRewardCancelled;
  friendKey: string;
  friendCustomerId: string | null;
  cause: ReferralCancelCause | ReferralRefusal;
}

/**
 * Referrer's stream: the qualifying order went away after the reward was paid; the program's policy
 * says what happened: `reverse` (the points taken back by the PointsRevoked recorded with it, or the
 * coupon disabled unless it was used) or `keep`.
 */
export interface ReferralRefundAfterReward extends CustomerEventBase {
  type: typeof T.ReferralRefundAfterReward;
  friendKey: string;
  friendCustomerId: string;
  cause: ReferralCancelCause;
  policy: 'reverse' | 'keep';
  /** Points taken back (reverse, points); 0 otherwise. */
  points: number;
  /** The coupon disabled (reverse, an unused coupon) and its reward id; null otherwise. */
  couponCode: string | null;
  rewardId: string | null;
}

export const referralAttributed: EventBuilder<ReferralAttributed> = eventBuilder(T.ReferralAttributed);
export const referralRefused: EventBuilder<ReferralRefused> = eventBuilder(T.ReferralRefused);
export const referralQualified: EventBuilder<ReferralQualified> = eventBuilder(T.ReferralQualified);
export const referralDisqualified: EventBuilder<ReferralDisqualified> = eventBuilder(T.ReferralDisqualified);
export const referralLinkCreated: EventBuilder<ReferralLinkCreated> = eventBuilder(T.ReferralLinkCreated);
export const referralFriendNoted: EventBuilder<ReferralFriendNoted> = eventBuilder(T.ReferralFriendNoted);
export const referralFriendQualified: EventBuilder<ReferralFriendQualified> = eventBuilder(T.ReferralFriendQualified);
export const referralRewardEarned: EventBuilder<ReferralRewardEarned> = eventBuilder(T.ReferralRewardEarned);
export const referralRewardCancelled: EventBuilder<ReferralRewardCancelled> = eventBuilder(T.ReferralRewardCancelled);
export const referralRefundAfterReward: EventBuilder<ReferralRefundAfterReward> = eventBuilder(
  T.ReferralRefundAfterReward,
);

export type ReferralEvent =
  | ReferralAttributed
  | ReferralRefused
  | ReferralQualified
  | ReferralDisqualified
  | ReferralLinkCreated
  | ReferralFriendNoted
  | ReferralFriendQualified
  | ReferralRewardEarned
  | ReferralRewardCancelled
  | ReferralRefundAfterReward;
