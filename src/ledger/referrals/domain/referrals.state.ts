import { withEntry } from '../../../shared/domain/records';
import {
  CustomerEvent,
  CustomerEventType as T,
  ReferralCancelCause,
  ReferralTerms,
  ReferralVia,
  ReferrerReward,
} from '../../customer-events';
import type { ReferralRefusal } from './referral-refusals';

/** The friend's side of a referral, on the friend's stream: who referred them, on which terms, how far it got. */
export interface ReferredBy {
  referrerId: string;
  code: string;
  via: ReferralVia;
  attributionEventId: string;
  attributedAt: string;
  friendKey: string;
  terms: ReferralTerms;
  /** The first qualifying order (null: none yet). */
  qualifiedOrderId: string | null;
  /** The qualifying order went away (cancelled, or refunded below the minimum). */
  disqualified: boolean;
}

/** Where one friend stands for the referrer (the history's states, with the reason of a refusal). */
export type FriendStage = 'invited' | 'joined' | 'qualified' | 'rewarded' | 'refused';

/** One friend on the referrer's stream. */
export interface ReferredFriend {
  stage: FriendStage;
  friendLabel: string;
  friendCustomerId: string | null;
  programId: string | null;
  /** A refusal's rule, or why a reward was cancelled or taken back. */
  reason: ReferralRefusal | ReferralCancelCause | null;
  /** Friend-side events already noted (each claim, attribution or refusal once). */
  noted: readonly string[];
  /** Qualified: the friend's qualification, its order, the reward fixed then and when it is due. */
  qualifiedEventId: string | null;
  orderId: string | null;
  programTitle: string | null;
  reward: ReferrerReward | null;
  qualifiedAt: string | null;
  rewardDueAt: string | null;
  refundAfterReward: 'reverse' | 'keep';
  /** Rewarded: when, and what was paid (a points payment's transaction, a coupon's reward id). */
  rewardedAt: string | null;
  transactionId: string | null;
  rewardId: string | null;
  /** The refund of the qualifying order after the reward was seen (reversed or kept). */
  refundSeen: boolean;
}

/** Referrals' state: the customer's link; as a friend, who referred them; as a referrer, their friends. */
export interface ReferralState {
  /** Since when the customer is known: their account's creation on the platform, else their enrolment. */
  customerSince: string | null;
  link: { code: string; link: string; programId: string; createdAt: string } | null;
  referredBy: ReferredBy | null;
  /** Friend side: refusals already recorded (`<code>|<reason>`), so a repeat is not recorded again. */
  refusals: readonly string[];
  /** Referrer side: the friends, by friend key. */
  friends: Readonly<Record<string, ReferredFriend>>;
  /** The address and payment fingerprints of the customer's own orders (the latest few): a friend's must differ. */
  fingerprints: readonly string[];
}

/** Referrals' share of a customer's state: one field, the referral state. */
export interface ReferralsShare {
  referral: ReferralState;
}

/** How many of a customer's own order fingerprints are kept. */
export const KEPT_FINGERPRINTS = 20;

export const initialReferrals = (): ReferralsShare => ({
  referral: { customerSince: null, link: null, referredBy: null, refusals: [], friends: {}, fingerprints: [] },
});

/** A friend the referrer's stream has not heard of yet. */
export const NEW_FRIEND: ReferredFriend = {
  stage: 'invited',
  friendLabel: '',
  friendCustomerId: null,
  programId: null,
  reason: null,
  noted: [],
  qualifiedEventId: null,
  orderId: null,
  programTitle: null,
  reward: null,
  qualifiedAt: null,
  rewardDueAt: null,
  refundAfterReward: 'reverse',
  rewardedAt: null,
  transactionId: null,
  rewardId: null,
  refundSeen: false,
};

/** Stages a friend moves forward through; a note never moves one back (a late claim after the attribution). */
const RANK: Record<FriendStage, number> = { invited: 0, joined: 1, qualified: 2, rewarded: 3, refused: 3 };

type Change = Partial<ReferralState> | undefined;

function friendChange(
  state: ReferralState,
  friendKey: string,
  change: (f: ReferredFriend) => Partial<ReferredFriend>,
): Change {
  const friends = state.friends[friendKey] ? state.friends : { ...state.friends, [friendKey]: NEW_FRIEND };
  return { friends: withEntry(friends, friendKey, change) };
}

/** The friend side's events. */
function evolveFriendSide(state: ReferralState, event: CustomerEvent): Change {
  switch (event.type) {
    case T.Enrolled: {
      const platform = event.platformCreatedAt;
      return { customerSince: platform && platform < event.occurredAt ? platform : event.occurredAt };
    }
    case T.OrderRecorded: {
      const added = (event.fingerprints ?? []).filter((f) => !state.fingerprints.includes(f));
      return added.length ? { fingerprints: [...state.fingerprints, ...added].slice(-KEPT_FINGERPRINTS) } : undefined;
    }
    case T.ReferralAttributed:
      return {
        referredBy: {
          referrerId: event.referrerId,
          code: event.code,
          via: event.via,
          attributionEventId: event.eventId,
          attributedAt: event.occurredAt,
          friendKey: event.friendKey,
          terms: event.terms,
          qualifiedOrderId: null,
          disqualified: false,
        },
      };
    case T.ReferralRefused:
      return { refusals: [...state.refusals, `${event.code}|${event.reason}`] };
    case T.ReferralQualified:
      return state.referredBy ? { referredBy: { ...state.referredBy, qualifiedOrderId: event.orderId } } : undefined;
    case T.ReferralDisqualified:
      return state.referredBy ? { referredBy: { ...state.referredBy, disqualified: true } } : undefined;
    default:
      return undefined;
  }
}

/** The referrer side's events. */
function evolveReferrerSide(state: ReferralState, event: CustomerEvent): Change {
  switch (event.type) {
    case T.ReferralLinkCreated:
      return { link: { code: event.code, link: event.link, programId: event.programId, createdAt: event.occurredAt } };
    case T.ReferralFriendNoted:
      return friendChange(state, event.friendKey, (f) => ({
        friendLabel: event.friendLabel || f.friendLabel,
        friendCustomerId: event.friendCustomerId ?? f.friendCustomerId,
        programId: event.programId ?? f.programId,
        noted: [...f.noted, event.sourceEventId],
        ...(RANK[event.stage] > RANK[f.stage] || (event.stage === 'refused' && f.stage !== 'rewarded')
          ? { stage: event.stage, reason: event.reason }
          : {}),
      }));
    case T.ReferralFriendQualified:
      return friendChange(state, event.friendKey, () => ({
        stage: 'qualified',
        friendCustomerId: event.friendCustomerId,
        qualifiedEventId: event.qualifiedEventId,
        orderId: event.orderId,
        programId: event.programId,
        programTitle: event.programTitle,
        reward: event.reward,
        qualifiedAt: event.occurredAt,
        rewardDueAt: event.rewardDueAt,
        refundAfterReward: event.refundAfterReward,
        reason: null,
      }));
    case T.ReferralRewardEarned:
      return friendChange(state, event.friendKey, () => ({
        stage: 'rewarded',
        rewardedAt: event.occurredAt,
        transactionId: event.transactionId,
        rewardId: event.rewardId,
      }));
    case T.ReferralRewardCancelled:
      return friendChange(state, event.friendKey, () => ({ stage: 'refused', reason: event.cause, rewardDueAt: null }));
    case T.ReferralRefundAfterReward:
      return friendChange(state, event.friendKey, () => ({
        refundSeen: true,
        ...(event.policy === 'reverse' ? { stage: 'refused' as const, reason: event.cause } : {}),
      }));
    default:
      return undefined;
  }
}

export function evolveReferrals(state: ReferralsShare, event: CustomerEvent): Partial<ReferralsShare> | undefined {
  const change = evolveFriendSide(state.referral, event) ?? evolveReferrerSide(state.referral, event);
  return change ? { referral: { ...state.referral, ...change } } : undefined;
}

/**
 * When the referrer's friends qualified, for the rewards-per-period limit: a friend counts from the
 * qualification on (its reward may still wait its days); one whose reward was cancelled before
 * payment does not; a reward taken back after payment still does.
 */
export const qualificationTimes = (state: ReferralState): string[] =>
  Object.values(state.friends)
    .filter((f) => f.qualifiedAt !== null && (f.stage !== 'refused' || f.rewardedAt !== null))
    .map((f) => f.qualifiedAt!);

declare module '../../customer-state' {
  interface CustomerShares {
    referrals: ReferralsShare;
  }
}
