import { linkCreatedMessages, refereeClaimedMessages, rewardEarnedMessages } from './referrals.webhooks';
import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { AttributeReferral, decideAttribution } from './friend.decisions';
import { cancel, createLink, grantCoupon, note, payDue, qualify, ReferralsCommand } from './referrer.decisions';
import { evolveReferrals, initialReferrals, ReferralsShare } from './referrals.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.Enrolled]: evolveReferrals,
  [T.OrderRecorded]: evolveReferrals,
  [T.ReferralAttributed]: evolveReferrals,
  [T.ReferralRefused]: evolveReferrals,
  [T.ReferralQualified]: evolveReferrals,
  [T.ReferralDisqualified]: evolveReferrals,
  [T.ReferralLinkCreated]: evolveReferrals,
  [T.ReferralFriendNoted]: evolveReferrals,
  [T.ReferralFriendQualified]: evolveReferrals,
  [T.ReferralRewardEarned]: evolveReferrals,
  [T.ReferralRewardCancelled]: evolveReferrals,
  [T.ReferralRefundAfterReward]: evolveReferrals,
};

/** Referrals, both sides: the friend's attribution (its qualification follows orders: followReferral), the referrer's link, friends and rewards. */
export const referralsPolicy: CustomerPolicy<
  ReferralsShare,
  AttributeReferral | ReferralsCommand,
  keyof typeof evolve
> = {
  name: 'referrals',
  initial: initialReferrals,
  evolve,
  decide: {
    AttributeReferral: whenEnrolled(decideAttribution),
    CreateReferralLink: whenEnrolled(createLink),
    NoteReferralFriend: whenEnrolled(note),
    QualifyReferral: whenEnrolled(qualify),
    PayReferralRewards: whenEnrolled(payDue),
    CancelReferralReward: whenEnrolled(cancel),
    GrantReferralCoupon: whenEnrolled(grantCoupon),
  },
  // A referral's other steps: its payment says so through points/earned and referral/reward_earned.
  webhooks: {
    [T.ReferralLinkCreated]: linkCreatedMessages,
    [T.ReferralAttributed]: refereeClaimedMessages,
    [T.ReferralRewardEarned]: rewardEarnedMessages,
  },
};
