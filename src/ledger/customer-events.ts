import { CustomerEventType } from './customer-event-types';
import { BirthdaySet } from './birthday/birthday.events';
import { CouponExpired, CouponGranted, CouponRefunded, CouponUsed, PointsRedeemed } from './coupons/coupons.events';
import { CustomerEnrolled, CustomerProfileUpdated } from './enrolment/enrolment.events';
import { PointsExpired, PointsExpiryWarned } from './expiry/expiry.events';
import { PendingPointsCancelled, PointsPending } from './held-points/held-points.events';
import { OrderCancelled, OrderRecorded, PointsRevoked, RefundRecorded } from './orders/orders.events';
import { PointsAdjusted, PointsAwarded, PointsDeducted, PointsReset } from './points/points.events';
import { TierChanged, TierRetained, TierReviewWarned } from './tiers/tiers.events';
import { MembershipChanged } from './enrolment/membership.events';
import { PersonalDataErased } from './erasure/erasure.events';
import { SocialLinkEvent } from './social-links/domain/social-links.events';
import { WalletPassEvent } from './wallet-passes/domain/wallet-pass.events';
import { SubmissionEvent } from './submissions/domain/submissions.events';
import { StreakDayClaimed } from './streak/domain/streak.events';
import { MilestoneEvent } from './milestones/domain/milestones.events';
import { ReferralEvent } from './referrals/domain/referrals.events';
import { ImpactEvent } from './impact/domain/impact.events';

export { CustomerEventType };
export * from './birthday/birthday.events';
export * from './coupons/coupons.events';
export * from './enrolment/enrolment.events';
export * from './expiry/expiry.events';
export * from './held-points/held-points.events';
export * from './orders/orders.events';
export * from './points/points.events';
export * from './tiers/tiers.events';
export * from './enrolment/membership.events';
export * from './erasure/erasure.events';
export * from './social-links/domain/social-links.events';
export * from './wallet-passes/domain/wallet-pass.events';
export * from './submissions/domain/submissions.events';
export * from './streak/domain/streak.events';
export * from './milestones/domain/milestones.events';
export * from './referrals/domain/referrals.events';
export * from './impact/domain/impact.events';
export { customerStreamId } from './customer-stream';

/** Every change of a customer's balance: one transaction row each. */
export type PointsEvent =
  | PointsAwarded
  | PointsDeducted
  | PointsAdjusted
  | PointsReset
  | PointsRevoked
  | PointsRedeemed
  | CouponRefunded
  | PointsExpired;

/** Every event of a customer's stream. */
export type CustomerEvent =
  | CustomerEnrolled
  | CustomerProfileUpdated
  | BirthdaySet
  | PointsEvent
  | TierChanged
  | OrderRecorded
  | OrderCancelled
  | RefundRecorded
  | CouponUsed
  | PointsExpiryWarned
  | PointsPending
  | PendingPointsCancelled
  | TierRetained
  | CouponGranted
  | CouponExpired
  | TierReviewWarned
  | MembershipChanged
  | PersonalDataErased
  | SocialLinkEvent
  | WalletPassEvent
  | SubmissionEvent
  | StreakDayClaimed
  | MilestoneEvent
  | ReferralEvent
  | ImpactEvent;

const T = CustomerEventType;

export const POINTS_EVENT_TYPES: ReadonlySet<string> = new Set<PointsEvent['type']>([
  T.PointsAwarded,
  T.PointsDeducted,
  T.PointsAdjusted,
  T.PointsReset,
  T.PointsRevoked,
  T.PointsRedeemed,
  T.CouponRefunded,
  T.PointsExpired,
]);

export const CUSTOMER_EVENT_TYPES: ReadonlySet<string> = new Set<string>(Object.values(CustomerEventType));

/** A balance change (narrows a customer event to the union of transaction rows). */
export function isPointsEvent(event: CustomerEvent): event is PointsEvent {
  return POINTS_EVENT_TYPES.has(event.type);
}

/** Program points the earning limit counts: paid ones, and held order points when held (not again at release). */
export function programPointsCounted(event: CustomerEvent): number {
  if (event.type === T.PointsPending) return event.points;
  if (event.type === T.PointsAwarded && event.program?.programId && !event.releasesPending) return event.points;
  return 0;
}
