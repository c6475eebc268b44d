import { createHmac } from 'node:crypto';
import { assertNever, Decider } from '../../../shared/domain/decider';
import { because } from '../../../shared/domain/domain-error';
import { CommandMeta, eventBase } from '../../../shared/domain/command-meta';

/**
 * Who holds a photo handle in a shop, on the handle's own stream (`social-handle-<shop>-<hash>`):
 * a link reserves the handle here under the stream's expected revision before the customer's stream
 * records it, so two customers racing for one handle get one winner. The handle never appears in the
 * stream id or the events: the id carries a hash keyed with the shop id.
 */
export const SocialHandleEventType = {
  Reserved: 'social-handle.reserved.v1',
  Released: 'social-handle.released.v1',
} as const;

export interface SocialHandleEvent {
  type: (typeof SocialHandleEventType)[keyof typeof SocialHandleEventType];
  eventId: string;
  occurredAt: string;
  shopId: string;
  customerId: string;
}

export interface SocialHandleState {
  holder: string | null;
  /** When the holder reserved it (a reservation its holder never linked can be taken over after a while). */
  reservedAt: string | null;
}

export type SocialHandleCommand =
  | {
      type: 'ReserveHandle';
      meta: CommandMeta;
      customerId: string;
      /** Take the handle from this holder: checked to hold none of it (a stale reservation). */
      takeOverFrom?: string;
    }
  | { type: 'ReleaseHandle'; meta: CommandMeta; customerId: string };

export function socialHandleStreamId(shopId: string, handle: string): string {
  return `social-handle-${shopId}-${createHmac('sha256', shopId).update(handle).digest('hex')}`;
}

/**
 * The reservation stream of a chat user in a shop (the same decider and stream category: one
 * customer holds it). Its `userRef` is already a keyed hash of the network's id; it is hashed once
 * more with the shop id.
 */
export function chatUserStreamId(shopId: string, userRef: string): string {
  return `social-handle-chat-${shopId}-${createHmac('sha256', shopId).update(userRef).digest('hex')}`;
}

function decideHandle(command: SocialHandleCommand, state: SocialHandleState): SocialHandleEvent[] {
  const base = { ...eventBase(command.meta), customerId: command.customerId };
  switch (command.type) {
    case 'ReserveHandle':
      if (state.holder === command.customerId) return [];
      if (state.holder !== null && state.holder !== command.takeOverFrom) throw because.usernameTaken();
      return [{ type: SocialHandleEventType.Reserved, ...base }];
    case 'ReleaseHandle':
      return state.holder === command.customerId ? [{ type: SocialHandleEventType.Released, ...base }] : [];
    default:
      return assertNever(command);
  }
}

export const socialHandle: Decider<SocialHandleState, SocialHandleCommand, SocialHandleEvent> = {
  initialState: () => ({ holder: null, reservedAt: null }),
  evolve: (_state, event) =>
    event.type === SocialHandleEventType.Reserved
      ? { holder: event.customerId, reservedAt: event.occurredAt }
      : { holder: null, reservedAt: null },
  decide: decideHandle,
};
