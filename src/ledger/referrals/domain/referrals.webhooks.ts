import { ReferralAttributed, ReferralLinkCreated, ReferralRewardEarned } from '../../customer-events';
import { customerRef, TopicMessage } from '../../webhook-message';

/** The customer's referral link was made: referral/link_created. */
export function linkCreatedMessages(e: ReferralLinkCreated): TopicMessage[] {
  return [
    {
      topic: 'referral/link_created',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        code: e.code,
        link: e.link,
        programId: e.programId,
        occurredAt: e.occurredAt,
      },
    },
  ];
}

/** A friend came through a referrer's code (the friend is the message's customer): referral/referee_claimed. */
export function refereeClaimedMessages(e: ReferralAttributed): TopicMessage[] {
  return [
    {
      topic: 'referral/referee_claimed',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        referrer: { id: e.referrerId },
        code: e.code,
        via: e.via,
        programId: e.terms.programId,
        occurredAt: e.occurredAt,
      },
    },
  ];
}

/** The referrer was paid for a friend: referral/reward_earned (points, or the coupon being minted). */
export function rewardEarnedMessages(e: ReferralRewardEarned): TopicMessage[] {
  return [
    {
      topic: 'referral/reward_earned',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        friend: { id: e.friendCustomerId, label: e.friendLabel },
        programId: e.programId,
        reward: e.reward,
        transactionId: e.transactionId,
        rewardId: e.rewardId,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
