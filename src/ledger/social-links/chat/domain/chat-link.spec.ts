import { CustomerEvent, CustomerEventType as T } from '../../../customer-events';
import { givenCustomer, ledgerSpec as spec } from '../../../../../test/support/customer-ledger-given';
import { LinkChat } from './chat-link.decisions';

/** The chat login on the customer's stream: a pending state, consumed once by the link; follow changes. */
const { meta, enrolled } = givenCustomer();
const base = { eventId: 'e', occurredAt: '2026-03-01T09:59:00.000Z', shopId: 's', customerId: 'c' };
const EXPIRES = '2026-03-01T10:05:00.000Z';
const reward = { programId: 'p-chat', programTitle: 'Join chat', event: 'join_chat', points: 30, once: true };
const started = (stateHash = 'h-1'): CustomerEvent => ({
  type: T.ChatLoginStarted,
  ...base,
  stateHash,
  expiresAt: EXPIRES,
});
const linked = (rewarded = true): CustomerEvent => ({
  type: T.ChatLinked,
  ...base,
  stateHash: 'h-1',
  userRef: 'u-1',
  rewarded,
});
const link = (extra: Partial<LinkChat> = {}): LinkChat => ({
  type: 'LinkChat',
  meta: meta(),
  stateHash: 'h-1',
  userRef: 'u-1',
  reward,
  source: 'source_headless',
  tiers: [],
  earningLimit: null,
  ...extra,
});
const follow = (following: boolean, userRef = 'u-1', notifiedAt: number | null = 2000) =>
  ({ type: 'SetChatFollow', meta: meta(), userRef, following, notifiedAt }) as const;

describe('chat login', () => {
  it('starting records the state hash and its expiry; a later start replaces it', () => {
    spec
      .given([enrolled()])
      .when({ type: 'StartChatLogin', meta: meta(), stateHash: 'h-1', expiresAt: EXPIRES })
      .thenMatches([{ type: T.ChatLoginStarted, stateHash: 'h-1', expiresAt: EXPIRES }]);
    spec
      .given([enrolled(), started('h-1'), started('h-2')])
      .when(link())
      .thenThrows('CHAT_LOGIN_REFUSED', 400);
  });

  it('the pending state links, paying the follow_oa join program in the same decision', () => {
    spec
      .given([enrolled(), started()])
      .when(link())
      .thenMatches([
        { type: T.ChatLinked, stateHash: 'h-1', userRef: 'u-1', rewarded: true },
        { type: T.PointsAwarded, points: 30, event: 'join_chat' },
      ]);
    spec
      .given([enrolled(), started()])
      .when(link({ reward: null }))
      .thenMatches([{ type: T.ChatLinked, rewarded: false }]);
  });

  it('a used, unknown or expired state is refused', () => {
    spec.given([enrolled(), started(), linked()]).when(link()).thenThrows('CHAT_LOGIN_REFUSED', 400);
    spec
      .given([enrolled(), started()])
      .when(link({ stateHash: 'forged' }))
      .thenThrows('CHAT_LOGIN_REFUSED', 400);
    spec.given([enrolled()]).when(link()).thenThrows('CHAT_LOGIN_REFUSED', 400);
    spec
      .given([enrolled(), started()])
      .when(link({ meta: meta(EXPIRES) }))
      .thenThrows('CHAT_LOGIN_REFUSED', 400);
  });

  it('a second login pays nothing again; an opt-in guest links without the reward', () => {
    spec
      .given([enrolled(), started(), linked(true), started()])
      .when(link())
      .thenMatches([{ type: T.ChatLinked, rewarded: false }]);
    spec
      .given([enrolled({ membership: 'guest' }), started()])
      .when(link())
      .thenMatches([{ type: T.ChatLinked, rewarded: false }]);
  });

  it('follow and unfollow of the linked user set and clear the follow; others or repeats are nothing', () => {
    spec
      .given([enrolled(), started(), linked()])
      .when(follow(true))
      .thenMatches([{ type: T.ChatFollowChanged, following: true, notifiedAt: 2000 }]);
    const followed: CustomerEvent = { type: T.ChatFollowChanged, ...base, following: true, notifiedAt: 1000 };
    spec
      .given([enrolled(), started(), linked(), followed])
      .when(follow(false))
      .thenMatches([{ type: T.ChatFollowChanged, following: false }]);
    spec.given([enrolled(), started(), linked(), followed]).when(follow(true)).thenNothing();
    spec.given([enrolled(), started(), linked()]).when(follow(true, 'u-other')).thenNothing();
    spec.given([enrolled()]).when(follow(true)).thenNothing();
  });

  it('a notification older than the change recorded last (a late redelivery) is nothing; one without a time applies', () => {
    const followed: CustomerEvent = { type: T.ChatFollowChanged, ...base, following: true, notifiedAt: 3000 };
    spec
      .given([enrolled(), started(), linked(), followed])
      .when(follow(false, 'u-1', 2000))
      .thenNothing();
    spec
      .given([enrolled(), started(), linked(), followed])
      .when(follow(false, 'u-1', null))
      .thenMatches([{ type: T.ChatFollowChanged, following: false, notifiedAt: null }]);
  });

  it('a customer not enrolled is NOT_FOUND', () => {
    spec.given([]).when(link()).thenThrows('NOT_FOUND', 404);
  });
});
