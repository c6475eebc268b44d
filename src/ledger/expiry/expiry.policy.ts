import { expiredMessages, expiryWarningMessages } from './expiry.webhooks';
import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { expirePoints, ExpiryCommand, warnExpiry } from './expiry.decisions';
import { evolveExpiry, ExpiryShare, initialExpiry } from './expiry.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsExpired]: evolveExpiry,
  [T.PointsExpiryWarned]: evolveExpiry,
  [T.PointsAwarded]: evolveExpiry,
  [T.PointsDeducted]: evolveExpiry,
  [T.PointsAdjusted]: evolveExpiry,
  [T.PointsRedeemed]: evolveExpiry,
  [T.OrderRecorded]: evolveExpiry,
};

/** Expiry of the balance (by inactivity or on a fixed date) and its warnings; activity is what moves its clock. */
export const expiryPolicy: CustomerPolicy<ExpiryShare, ExpiryCommand, keyof typeof evolve> = {
  name: 'expiry',
  initial: initialExpiry,
  evolve,
  decide: {
    ExpirePoints: whenEnrolled(expirePoints),
    WarnExpiry: whenEnrolled(warnExpiry),
  },
  webhooks: { [T.PointsExpired]: expiredMessages, [T.PointsExpiryWarned]: expiryWarningMessages },
};
