import type { Membership } from '../../enrolment/membership.events';
import type { ReferralTerms, ReferralVia } from './referrals.events';
import { emailIdentity } from './friend-identity';
import type { ReferralRefusal } from './referral-refusals';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/**
 * The referrer a code names, as the shop's read models know them when the code is used. The friend's
 * side decides attribution by these facts; the referrer's own stream checks them again (excluded,
 * left) when the reward is decided.
 */
export interface ReferrerFacts {
  customerId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  excluded: boolean;
  membership: Membership;
}

/** A code, resolved in its shop: its referrer and the shop's active referral program (null: none). */
export type ReferralCandidate =
  | { status: 'found'; code: string; referrer: ReferrerFacts; terms: ReferralTerms | null }
  | { status: 'unknown' | 'other_shop'; code: string };

/** The friend a code is used for: their customer id (none before sign-up), platform id and email. */
export interface FriendFacts {
  customerId: string | null;
  platformCustomerId: PlatformCustomerId | null;
  email: string | null;
}

/**
 * The rules that refuse a code for a friend before anything about their history is known: the code
 * itself, the program, self-referral (same customer, same platform id, same email as a person) and
 * the referrer's standing. Null: none refuses it. Written once: the storefront claim, the attribution
 * at sign-up and the order's fallback all ask it.
 */
export function codeRefusal(candidate: ReferralCandidate, friend: FriendFacts): ReferralRefusal | null {
  if (candidate.status !== 'found') return candidate.status === 'unknown' ? 'unknown_code' : 'code_of_another_shop';
  const { referrer, terms } = candidate;
  if (!terms) return 'no_program';
  if (friend.customerId !== null && friend.customerId === referrer.customerId) return 'self_referral_same_customer';
  if (friend.platformCustomerId !== null && friend.platformCustomerId === referrer.platformCustomerId)
    return 'self_referral_same_platform_id';
  const email = emailIdentity(friend.email);
  if (email !== null && email === emailIdentity(referrer.email)) return 'self_referral_same_email';
  if (referrer.excluded) return 'referrer_excluded';
  if (referrer.membership !== 'member') return 'referrer_left';
  return null;
}

/** A code the friend came with, and how (the claim it was read from, when claimed before sign-up). */
export interface CodeUse {
  candidate: ReferralCandidate;
  via: ReferralVia;
  claim: { eventId: string; claimedAt: string } | null;
}
