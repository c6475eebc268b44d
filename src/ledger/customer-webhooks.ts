import { callPerType, PerType } from '../shared/domain/decider';
import { CustomerEvent, CustomerEventType as T, PointsAwarded } from './customer-events';
import { TopicMessage } from './webhook-message';
import { birthdayRewardMessages } from './birthday/birthday.webhooks';
import { submissionDecidedMessages } from './submissions/domain/submissions.webhooks';
import { couponUsedMessages } from './coupons/coupons.webhooks';
import { expiredMessages, expiryWarningMessages } from './expiry/expiry.webhooks';
import { balanceChangeMessages } from './points/points.webhooks';
import { milestoneAchievedMessages } from './milestones/domain/milestones.webhooks';
import { tierChangedMessages, tierRetainedMessages, tierReviewWarningMessages } from './tiers/tiers.webhooks';
import {
  linkCreatedMessages,
  refereeClaimedMessages,
  rewardEarnedMessages,
} from './referrals/domain/referrals.webhooks';

/** A payment is points/earned, after birthday/reward_earned when a birthday program paid it; one of 0 says nothing. */
function awardedMessages(e: PointsAwarded): TopicMessage[] {
  const balance = balanceChangeMessages(e);
  return balance.length > 0 ? [...birthdayRewardMessages(e), ...balance] : [];
}

const noMessages = (): TopicMessage[] => [];

/**
 * The webhook messages each event type of a customer's stream produces; each policy writes its own.
 * Every event type is listed (the compiler checks), so a new one must say what it sends (possibly nothing).
 */
const MESSAGES: PerType<CustomerEvent, TopicMessage[]> = {
  [T.PointsAwarded]: awardedMessages,
  [T.PointsDeducted]: balanceChangeMessages,
  [T.PointsAdjusted]: balanceChangeMessages,
  [T.PointsReset]: balanceChangeMessages,
  [T.PointsRevoked]: balanceChangeMessages,
  [T.PointsRedeemed]: balanceChangeMessages,
  [T.CouponRefunded]: balanceChangeMessages,
  [T.PointsExpired]: expiredMessages,
  [T.PointsExpiryWarned]: expiryWarningMessages,
  [T.TierChanged]: tierChangedMessages,
  [T.TierRetained]: tierRetainedMessages,
  [T.TierReviewWarned]: tierReviewWarningMessages,
  [T.CouponUsed]: couponUsedMessages,
  [T.SubmissionApproved]: submissionDecidedMessages,
  [T.SubmissionRejected]: submissionDecidedMessages,
  [T.ReferralLinkCreated]: linkCreatedMessages,
  [T.ReferralAttributed]: refereeClaimedMessages,
  [T.ReferralRewardEarned]: rewardEarnedMessages,
  // No topic (yet) for these.
  [T.Enrolled]: noMessages,
  [T.PersonalDataErased]: noMessages,
  [T.ProfileUpdated]: noMessages,
  [T.BirthdaySet]: noMessages,
  [T.OrderRecorded]: noMessages,
  [T.OrderCancelled]: noMessages,
  [T.RefundRecorded]: noMessages,
  [T.PointsPending]: noMessages,
  [T.PendingPointsCancelled]: noMessages,
  [T.CouponGranted]: noMessages,
  [T.CouponExpired]: noMessages,
  [T.MembershipChanged]: noMessages,
  [T.PhotoLinked]: noMessages,
  [T.PhotoUnlinked]: noMessages,
  [T.FeedLinked]: noMessages,
  [T.FeedDisconnected]: noMessages,
  [T.ChatLoginStarted]: noMessages,
  [T.ChatLinked]: noMessages,
  [T.ChatFollowChanged]: noMessages,
  [T.AlphaPassCreated]: noMessages,
  [T.AlphaPassCleared]: noMessages,
  // A submission paid at once says so through points/earned; a pending one waits for the decision.
  [T.SubmissionReceived]: noMessages,
  // A check-in's milestone points say so through points/earned.
  [T.StreakDayClaimed]: noMessages,
  // A step reached is claimable; milestone/achieved is sent when it is claimed.
  [T.MilestoneStepReached]: noMessages,
  [T.MilestoneStepClaimed]: milestoneAchievedMessages,
  // The gift's choice completes a step already achieved.
  [T.MilestoneGiftChosen]: noMessages,
  // A referral's other steps: its payment says so through points/earned and referral/reward_earned.
  [T.ReferralRefused]: noMessages,
  [T.ReferralQualified]: noMessages,
  [T.ReferralDisqualified]: noMessages,
  [T.ReferralFriendNoted]: noMessages,
  [T.ReferralFriendQualified]: noMessages,
  [T.ReferralRewardCancelled]: noMessages,
  [T.ReferralRefundAfterReward]: noMessages,
  // An impact redemption's points say so through the points events recorded with it.
  [T.ImpactRecorded]: noMessages,
  [T.ImpactStatusChanged]: noMessages,
};

/** The webhook messages an event of a customer's stream produces. */
export function customerWebhookMessages(e: CustomerEvent): TopicMessage[] {
  return callPerType(MESSAGES, e.type, e);
}
