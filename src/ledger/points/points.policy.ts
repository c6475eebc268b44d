import { balanceChangeMessages } from './points.webhooks';
import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { decideAdjust, decideAward, decideDeduct, decideReset, PointsCommand } from './points.decisions';
import { evolvePoints, initialPoints, PointsShare } from './points.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsAwarded]: evolvePoints,
  [T.PointsDeducted]: evolvePoints,
  [T.PointsAdjusted]: evolvePoints,
  [T.PointsReset]: evolvePoints,
  [T.PointsRevoked]: evolvePoints,
  [T.PointsRedeemed]: evolvePoints,
  [T.CouponRefunded]: evolvePoints,
  [T.PointsExpired]: evolvePoints,
};

/** The balance and its idempotency keys: the merchant's manual changes (every balance change sets the balance). */
export const pointsPolicy: CustomerPolicy<PointsShare, PointsCommand, keyof typeof evolve> = {
  name: 'points',
  initial: initialPoints,
  evolve,
  decide: {
    AwardPoints: whenEnrolled(decideAward),
    DeductPoints: whenEnrolled(decideDeduct),
    AdjustPoints: whenEnrolled(decideAdjust),
    ResetPoints: whenEnrolled(decideReset),
  },
  // Every balance change is points/earned or points/redeemed, but expiry's (points/expired).
  webhooks: {
    [T.PointsAwarded]: balanceChangeMessages,
    [T.PointsDeducted]: balanceChangeMessages,
    [T.PointsAdjusted]: balanceChangeMessages,
    [T.PointsReset]: balanceChangeMessages,
    [T.PointsRevoked]: balanceChangeMessages,
    [T.PointsRedeemed]: balanceChangeMessages,
    [T.CouponRefunded]: balanceChangeMessages,
  },
};
