import { CollectionDefinition } from '../../../infrastructure/read-store/read-store.port';
import type { ReferralCancelCause, ReferralRefusal, ReferralVia } from '../../customer-events';
import type { FriendStage } from '../domain/referrals.state';

/** Which customer a referral code names (id `<shopId>:<code>`); the `code` index finds another shop's. */
export interface ReferralCodeDoc {
  id: string;
  shopId: string;
  code: string;
  customerId: string;
}

export const REFERRAL_CODES: CollectionDefinition = { name: 'referral_codes_v1', indexes: [['code']] };

export const referralCodeDocId = (shopId: string, code: string) => `${shopId}:${code}`;

/**
 * One friend of one referrer (id `<referrerId>:<friendKey>`), as the referrer's stream says it: the
 * referral history's row (spec 4.2 `GET /customer/referral-history`).
 */
export interface ReferralDoc {
  id: string;
  shopId: string;
  referrerId: string;
  friendKey: string;
  /** The friend as the referrer sees them: a masked email. */
  friendLabel: string;
  friendCustomerId: string | null;
  programId: string | null;
  state: FriendStage;
  /** Refused: the rule that refused the friend, or why the reward was cancelled or taken back. */
  reason: ReferralRefusal | ReferralCancelCause | null;
  via: ReferralVia | null;
  /** Points the referrer earned for this friend (0 for a coupon; back to 0 when reversed). */
  pointsEarned: number;
  /** A coupon reward: its reward id (its code is in the customer's rewards). */
  rewardId: string | null;
  invitedAt: string | null;
  joinedAt: string | null;
  qualifiedAt: string | null;
  /** When a qualified friend's reward is due (waiting days); null once paid or cancelled. */
  rewardDueAt: string | null;
  rewardedAt: string | null;
  refusedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** `createdAt` plus the stream revision: a referrer's friends in the order they came. */
  sortKey: string;
  streamRevision: string;
}

export const REFERRALS: CollectionDefinition = {
  name: 'referrals_v1',
  indexes: [
    ['referrerId', 'sortKey'],
    ['state', 'rewardDueAt'],
  ],
};

export const referralDocId = (referrerId: string, friendKey: string) => `${referrerId}:${friendKey}`;
