import { because, DomainError } from '../../../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../../../shops/domain/shop-events';
import { TierRung } from '../../../../tiers/domain/tier-rung';
import { CommandMeta } from '../../../customer-stream';
import { EnrolledCustomer } from '../../../customer-state';
import {
  chatFollowChanged,
  ChatFollowChanged,
  chatLinked,
  ChatLinked,
  chatLoginStarted,
  ChatLoginStarted,
  PointsAwarded,
} from '../../../customer-events';
import { decideProgramEarning, EarnFromProgram } from '../../../program-earning/program-earning.decisions';

/**
 * The customer starts the chat login: `stateHash` is the SHA-256 of the CSRF `state` sent to the
 * network (the state itself is never stored); it replaces any login started before.
 */
export interface StartChatLogin {
  type: 'StartChatLogin';
  meta: CommandMeta;
  stateHash: string;
  expiresAt: string;
}

/**
 * The network's callback brought back `stateHash`'s state and a user (its keyed hash, `userRef`).
 * `reward` is the shop's follow_oa join-chat program active now (null: none), paid with the link once.
 */
export interface LinkChat {
  type: 'LinkChat';
  meta: CommandMeta;
  stateHash: string;
  userRef: string;
  reward: EarnFromProgram['program'] | null;
  source: string;
  tiers: TierRung[];
  earningLimit: EarningLimitPolicy | null;
}

/** A follow or unfollow notification of the shop's official account by the user `userRef`. */
export interface SetChatFollow {
  type: 'SetChatFollow';
  meta: CommandMeta;
  userRef: string;
  following: boolean;
  /** When the network says it happened (epoch ms; null: not said). */
  notifiedAt: number | null;
}

export type ChatLinkCommand = StartChatLogin | LinkChat | SetChatFollow;

export function decideStart(command: StartChatLogin): ChatLoginStarted[] {
  return [chatLoginStarted(command.meta, { stateHash: command.stateHash, expiresAt: command.expiresAt })];
}

/** The join reward's payment, or none: already paid, no such program, not a member, limit reached. */
function joinReward(command: LinkChat, state: EnrolledCustomer): PointsAwarded[] {
  if (!command.reward || state.chat.rewarded) return [];
  const { meta, reward: program, source, tiers, earningLimit } = command;
  try {
    return decideProgramEarning({ type: 'EarnFromProgram', meta, program, source, tiers, earningLimit }, state);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'LIMIT_REACHED' || error.code === 'NOT_ELIGIBLE')) return [];
    throw error;
  }
}

/** Only the customer's pending state, before it expires, links; it is consumed by the link (single use). */
export function decideLink(command: LinkChat, state: EnrolledCustomer): Array<ChatLinked | PointsAwarded> {
  const pending = state.chat.pendingLogin;
  if (!pending || pending.stateHash !== command.stateHash)
    throw because.chatLoginRefused('This chat login state is unknown, already used or replaced: start the login again');
  if (command.meta.occurredAt >= pending.expiresAt)
    throw because.chatLoginRefused('This chat login has expired: start the login again');
  const reward = joinReward(command, state);
  return [
    chatLinked(command.meta, { stateHash: command.stateHash, userRef: command.userRef, rewarded: reward.length > 0 }),
    ...reward,
  ];
}

/**
 * A notification about a user who is not the customer's linked one, that changes nothing, or older
 * than the change recorded last (a late redelivery), is nothing.
 */
export function decideFollow(command: SetChatFollow, state: EnrolledCustomer): ChatFollowChanged[] {
  const { userRef, followedOA, followNotifiedAt } = state.chat;
  if (userRef !== command.userRef || followedOA === command.following) return [];
  const { notifiedAt } = command;
  if (notifiedAt !== null && followNotifiedAt !== null && notifiedAt < followNotifiedAt) return [];
  return [chatFollowChanged(command.meta, { following: command.following, notifiedAt })];
}
