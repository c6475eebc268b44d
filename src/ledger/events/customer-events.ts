import { CustomerEventType } from './customer-event-types';
import { BirthdaySet } from './birthday.events';
import { CouponExpired, CouponGranted, CouponRefunded, CouponUsed, PointsRedeemed } from './coupons.events';
import { CustomerEnrolled, CustomerProfileUpdated } from './enrolment.events';
import { PointsExpired, PointsExpiryWarned } from './expiry.events';
import { PendingPointsCancelled, PointsPending } from './held-points.events';
import { OrderCancelled, OrderRecorded, PointsRevoked, RefundRecorded } from './orders.events';
import { PointsAdjusted, PointsAwarded, PointsDeducted, PointsReset } from './points.events';
import { TierChanged, TierRetained, TierReviewWarned } from './tiers.events';
import { MembershipChanged } from './membership.events';
import { PersonalDataErased } from './erasure.events';
import { SocialLinkEvent } from './social-links.events';
import { WalletPassEvent } from './wallet-pass.events';
import { SubmissionEvent } from './submissions.events';
import { StreakDayClaimed } from './streak.events';
import { MilestoneEvent } from './milestones.events';
import { ReferralEvent } from './referrals.events';
import { ImpactEvent } from './impact.events';

export { CustomerEventType };
export * from './birthday.events';
export * from './coupons.events';
export * from './enrolment.events';
export * from './expiry.events';
export * from './held-points.events';
export * from './orders.events';
export * from './points.events';
export * from './tiers.events';
export * from './membership.events';
export * from './erasure.events';
export * from './social-links.events';
export * from './wallet-pass.events';
export * from './submissions.events';
export * from './streak.events';
export * from './milestones.events';
export * from './referrals.events';
export * from './impact.events';
export { customerStreamId } from '../customer-stream';

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
