import { tierChangedMessages, tierRetainedMessages, tierReviewWarningMessages } from './tiers.webhooks';
import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { assessTier, changeTier, TiersCommand, warnTierReview } from './tiers.decisions';
import { evolveTiers, initialTiers, TiersShare } from './tiers.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.Enrolled]: evolveTiers,
  [T.TierChanged]: evolveTiers,
  [T.TierRetained]: evolveTiers,
  [T.TierReviewWarned]: evolveTiers,
  [T.PointsAwarded]: evolveTiers,
  [T.PointsAdjusted]: evolveTiers,
  [T.PointsRevoked]: evolveTiers,
};

/** Manual tier moves, and the retention policy's reviews and their warnings (the ladder follows every decision: followTierLadder). */
export const tiersPolicy: CustomerPolicy<TiersShare, TiersCommand, keyof typeof evolve> = {
  name: 'tiers',
  initial: initialTiers,
  evolve,
  decide: {
    ChangeTier: whenEnrolled(changeTier),
    AssessTier: whenEnrolled(assessTier),
    WarnTierReview: whenEnrolled(warnTierReview),
  },
  webhooks: {
    [T.TierChanged]: tierChangedMessages,
    [T.TierRetained]: tierRetainedMessages,
    [T.TierReviewWarned]: tierReviewWarningMessages,
  },
};
