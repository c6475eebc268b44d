import { milestoneAchievedMessages } from './milestones.webhooks';
import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import {
  ClaimMilestoneStep,
  decideMilestoneClaim,
  decideMilestonesReached,
  RecordMilestonesReached,
} from './milestones.decisions';
import { evolveMilestones, initialMilestones, MilestonesShare } from './milestones.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.MilestoneStepReached]: evolveMilestones,
  [T.MilestoneStepClaimed]: evolveMilestones,
  [T.MilestoneGiftChosen]: evolveMilestones,
  [T.OrderRecorded]: evolveMilestones,
  [T.OrderCancelled]: evolveMilestones,
  [T.RefundRecorded]: evolveMilestones,
  [T.PointsAwarded]: evolveMilestones,
  [T.PointsAdjusted]: evolveMilestones,
  [T.PointsRevoked]: evolveMilestones,
  [T.SubmissionReceived]: evolveMilestones,
  [T.ReferralRewardEarned]: evolveMilestones,
};

/** Milestone ladders: the counters every step is read from, the steps reached, claimed and their bonuses. */
export const milestonesPolicy: CustomerPolicy<
  MilestonesShare,
  ClaimMilestoneStep | RecordMilestonesReached,
  keyof typeof evolve
> = {
  name: 'milestones',
  initial: initialMilestones,
  evolve,
  decide: {
    ClaimMilestoneStep: whenEnrolled(decideMilestoneClaim),
    RecordMilestonesReached: decideMilestonesReached,
  },
  // A step reached is claimable: milestone/achieved is sent when it is claimed.
  webhooks: { [T.MilestoneStepClaimed]: milestoneAchievedMessages },
};
