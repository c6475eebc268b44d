import { createHmac } from 'node:crypto';
import { Decider } from '../../../shared/domain/decider';
import { because } from '../../../shared/domain/domain-error';
import { CommandMeta, eventBase } from '../../../shared/domain/command-meta';

/**
 * The new friends one referral code took through the public claim on one UTC day, on a stream of
 * its own (`referral-invites-<shop>-<hash of the code>-<day>`: neither the referrer's stream nor the
 * friend's), appended to under its expected revision, so concurrent claims on several processes
 * count one after the other. A friend counted once a day; past the day's number: 429.
 */
export const ReferralInviteEventType = { Taken: 'referral-invites.taken.v1' } as const;

export interface ReferralInviteTaken {
  type: typeof ReferralInviteEventType.Taken;
  eventId: string;
  occurredAt: string;
  shopId: string;
  friendKey: string;
}

export interface ReferralInvitesState {
  friendKeys: readonly string[];
}

export interface TakeReferralInvite {
  type: 'TakeReferralInvite';
  meta: CommandMeta;
  friendKey: string;
  perDay: number;
}

export function referralInvitesStreamId(shopId: string, code: string, day: string): string {
  return `referral-invites-${shopId}-${createHmac('sha256', shopId).update(code).digest('hex').slice(0, 40)}-${day}`;
}

/** Seconds from `at` to the next UTC midnight (when the code takes new friends again). */
export function secondsToNextUtcDay(at: string): number {
  const now = Date.parse(at);
  const next = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now) / 1000));
}

function decideInvite(command: TakeReferralInvite, state: ReferralInvitesState): ReferralInviteTaken[] {
  if (state.friendKeys.includes(command.friendKey)) return [];
  if (state.friendKeys.length >= command.perDay)
    throw because.referralInvitesExhausted(secondsToNextUtcDay(command.meta.occurredAt));
  return [{ type: ReferralInviteEventType.Taken, ...eventBase(command.meta), friendKey: command.friendKey }];
}

export const referralInvites: Decider<ReferralInvitesState, TakeReferralInvite, ReferralInviteTaken> = {
  initialState: () => ({ friendKeys: [] }),
  evolve: (state, event) => ({ friendKeys: [...state.friendKeys, event.friendKey] }),
  decide: decideInvite,
};
