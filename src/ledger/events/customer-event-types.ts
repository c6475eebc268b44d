/**
 * The stored type names of a customer's stream (`customer-<shopId>_<customerId>`), in one place. They
 * never change when code is renamed; a changed event gets a new name (`.v2`) beside the old one.
 * Each policy's events (their fields and builders) are in `<policy>.events.ts` of this folder.
 */
export const CustomerEventType = {
  Enrolled: 'customer.enrolled.v1',
  ProfileUpdated: 'customer.profile-updated.v1',
  BirthdaySet: 'customer.birthday-set.v1',
  PointsAwarded: 'points.awarded.v1',
  PointsDeducted: 'points.deducted.v1',
  PointsAdjusted: 'points.adjusted.v1',
  PointsReset: 'points.reset.v1',
  PointsRevoked: 'points.revoked.v1',
  PointsRedeemed: 'points.redeemed.v1',
  CouponRefunded: 'points.coupon-refunded.v1',
  CouponUsed: 'reward.coupon-used.v1',
  PointsExpired: 'points.expired.v1',
  PointsExpiryWarned: 'points.expiry-warned.v1',
  TierChanged: 'tier.changed.v1',
  OrderRecorded: 'order.recorded.v1',
  OrderCancelled: 'order.cancelled.v1',
  RefundRecorded: 'order.refund-recorded.v1',
  PointsPending: 'points.pending.v1',
  PendingPointsCancelled: 'points.pending-cancelled.v1',
  TierRetained: 'tier.retained.v1',
  CouponGranted: 'reward.coupon-granted.v1',
  CouponExpired: 'reward.coupon-expired.v1',
  TierReviewWarned: 'tier.review-warned.v1',
  MembershipChanged: 'customer.membership-changed.v1',
  PersonalDataErased: 'customer.personal-data-erased.v1',
  SubmissionReceived: 'submission.received.v1',
  SubmissionApproved: 'submission.approved.v1',
  SubmissionRejected: 'submission.rejected.v1',
  StreakDayClaimed: 'streak.day-claimed.v1',
} as const;
