import { createHmac } from 'node:crypto';
import { assertNever, Decider } from '../../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../../shared/domain/command-meta';
import { codeRefusal, ReferralCandidate } from './referral-candidate';
import { ReferralRefusal } from './referral-refusals';

/**
 * A visitor's claim of a referral code before they sign up, on a stream of its own per friend
 * (`referral-claim-<shop>-<friend key>`: the key is a keyed hash of the email as a person, so neither
 * the email nor its hash of a known key is in the stream's name or its events). The first claim of
 * an eligible referrer's code wins; every refusal is recorded (once per code and reason). When the
 * friend signs up, or pays a first order, the claim attributes them on their own stream.
 */
export const ReferralClaimEventType = {
  Claimed: 'referral-claim.claimed.v1',
  Refused: 'referral-claim.refused.v1',
} as const;

interface ClaimEventBase {
  eventId: string;
  occurredAt: string;
  shopId: string;
  friendKey: string;
  friendLabel: string;
  code: string;
  programId: string | null;
}

export interface ReferralClaimed extends ClaimEventBase {
  type: typeof ReferralClaimEventType.Claimed;
  referrerId: string;
}

export interface ReferralClaimRefused extends ClaimEventBase {
  type: typeof ReferralClaimEventType.Refused;
  referrerId: string | null;
  reason: ReferralRefusal;
}

export type ReferralClaimEvent = ReferralClaimed | ReferralClaimRefused;

export interface ReferralClaimState {
  claim: { eventId: string; referrerId: string; code: string; programId: string | null; claimedAt: string } | null;
  refusals: readonly string[];
}

export interface ClaimReferralCode {
  type: 'ClaimReferralCode';
  meta: CommandMeta;
  friend: { key: string; label: string; email: string };
  candidate: ReferralCandidate;
  /** A customer of the shop already has this email (the read model's answer when the claim is made). */
  alreadyCustomer: boolean;
}

export function referralClaimStreamId(shopId: string, friendKey: string): string {
  return `referral-claim-${shopId}-${createHmac('sha256', shopId).update(friendKey).digest('hex').slice(0, 40)}`;
}

/** Why the claim is refused (null: it may be recorded). */
function claimRefusal(command: ClaimReferralCode, state: ReferralClaimState): ReferralRefusal | null {
  const { candidate } = command;
  return (
    codeRefusal(candidate, { customerId: null, platformCustomerId: null, email: command.friend.email }) ??
    (command.alreadyCustomer ? 'already_customer' : null) ??
    (state.claim && candidate.status === 'found' && state.claim.referrerId !== candidate.referrer.customerId
      ? 'already_referred'
      : null)
  );
}

/** The claim, or its refusal (a repeat of the claimed code, or of a recorded refusal, records nothing). */
function decideClaim(command: ClaimReferralCode, state: ReferralClaimState): ReferralClaimEvent[] {
  const { candidate, friend, meta } = command;
  const referrerId = candidate.status === 'found' ? candidate.referrer.customerId : null;
  const programId = candidate.status === 'found' ? (candidate.terms?.programId ?? null) : null;
  const base = {
    ...eventBase(meta),
    friendKey: friend.key,
    friendLabel: friend.label,
    code: candidate.code,
    programId,
  };
  const reason = claimRefusal(command, state);
  if (reason) {
    if (state.refusals.includes(`${candidate.code}|${reason}`)) return [];
    return [{ type: ReferralClaimEventType.Refused, ...base, referrerId, reason }];
  }
  if (state.claim || referrerId === null) return [];
  return [{ type: ReferralClaimEventType.Claimed, ...base, referrerId }];
}

export const referralClaim: Decider<ReferralClaimState, ClaimReferralCode, ReferralClaimEvent> = {
  initialState: () => ({ claim: null, refusals: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case ReferralClaimEventType.Claimed:
        return {
          ...state,
          claim: {
            eventId: event.eventId,
            referrerId: event.referrerId,
            code: event.code,
            programId: event.programId,
            claimedAt: event.occurredAt,
          },
        };
      case ReferralClaimEventType.Refused:
        return { ...state, refusals: [...state.refusals, `${event.code}|${event.reason}`] };
      default:
        return assertNever(event);
    }
  },
  decide: decideClaim,
};

/** The refusal a claim decision recorded or repeated (null: the code is claimed for the friend). */
export function claimRefusalOf(command: ClaimReferralCode, state: ReferralClaimState): ReferralRefusal | null {
  return claimRefusal(command, state);
}
