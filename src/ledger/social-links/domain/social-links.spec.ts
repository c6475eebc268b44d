import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { deciderSpec } from '../../../../test/support/decider-spec';
import { givenCustomer, ledgerSpec as spec } from '../../../../test/support/customer-ledger-given';
import { socialHandle, SocialHandleEventType, socialHandleStreamId } from './social-handle.decider';
import { LinkPhoto } from './social-links.decisions';

/** Social links on the customer's stream, and handle reservations on the handle's stream. */
const { meta, enrolled } = givenCustomer();
const reward = { programId: 'p-follow', programTitle: 'Follow', event: 'follow_photo', points: 40, once: true };
const linkPhoto = (photoUsername: string, extra: Partial<LinkPhoto> = {}): LinkPhoto => ({
  type: 'LinkPhoto',
  meta: meta(),
  photoUsername,
  handleStream: `social-handle-s-${photoUsername}`,
  reward,
  source: 'source_headless',
  tiers: [],
  earningLimit: null,
  ...extra,
});
const base = { eventId: 'e', occurredAt: '2026-02-01T00:00:00.000Z', shopId: 's', customerId: 'c' };
const linked = (photoUsername: string, rewarded: boolean): CustomerEvent => ({
  type: T.PhotoLinked,
  ...base,
  photoUsername,
  handleStream: `social-handle-s-${photoUsername}`,
  replacedHandleStream: null,
  rewarded,
  source: 'source_headless',
});
const unlinked: CustomerEvent = { type: T.PhotoUnlinked, ...base, handleStream: 'social-handle-s-fan', source: 'x' };

describe('social links', () => {
  it('the first link pays the reward in the same decision; a relink after an unlink does not', () => {
    spec
      .given([enrolled()])
      .when(linkPhoto('fan'))
      .thenMatches([
        { type: T.PhotoLinked, photoUsername: 'fan', rewarded: true, replacedHandleStream: null },
        { type: T.PointsAwarded, points: 40, event: 'follow_photo' },
      ]);
    spec
      .given([enrolled(), linked('fan', true), unlinked])
      .when(linkPhoto('fan', { reward: { ...reward, once: false } }))
      .thenMatches([{ type: T.PhotoLinked, rewarded: false }]);
  });

  it('changing handles names the one to release; the same handle again is nothing', () => {
    spec
      .given([enrolled(), linked('fan', true)])
      .when(linkPhoto('other'))
      .thenMatches([{ type: T.PhotoLinked, photoUsername: 'other', replacedHandleStream: 'social-handle-s-fan' }]);
    spec
      .given([enrolled(), linked('fan', true)])
      .when(linkPhoto('fan'))
      .thenNothing();
  });

  it('the feed link is recorded from the notification and removed by a disconnect; nothing to remove is nothing', () => {
    const source = 'source_headless';
    spec
      .given([enrolled()])
      .when({ type: 'LinkFeed', meta: meta(), pageId: 'page-1', userRef: 'u-9', feedName: 'Ada L.' })
      .thenMatches([{ type: T.FeedLinked, pageId: 'page-1', userRef: 'u-9', feedName: 'Ada L.' }]);
    const feed: CustomerEvent = { type: T.FeedLinked, ...base, pageId: 'page-1', userRef: 'u-9', feedName: null };
    spec
      .given([enrolled(), feed])
      .when({ type: 'DisconnectFeed', meta: meta(), source })
      .thenMatches([{ type: T.FeedDisconnected, pageId: 'page-1', source }]);
    spec.given([enrolled()]).when({ type: 'DisconnectFeed', meta: meta(), source }).thenNothing();
  });

  it('a repeated notification of the same page, user and name is nothing; another user or name links again', () => {
    const feed: CustomerEvent = { type: T.FeedLinked, ...base, pageId: 'page-1', userRef: 'u-9', feedName: 'Ada' };
    const linkFeed = (userRef: string, feedName: string | null) =>
      ({ type: 'LinkFeed', meta: meta(), pageId: 'page-1', userRef, feedName }) as const;
    spec.given([enrolled(), feed]).when(linkFeed('u-9', 'Ada')).thenNothing();
    spec
      .given([enrolled(), feed])
      .when(linkFeed('u-10', 'Ada'))
      .thenMatches([{ type: T.FeedLinked, userRef: 'u-10' }]);
    spec
      .given([enrolled(), feed])
      .when(linkFeed('u-9', null))
      .thenMatches([{ type: T.FeedLinked, feedName: null }]);
    spec
      .given([enrolled({ membership: 'guest' })])
      .when(linkFeed('u-9', 'Ada'))
      .thenThrows('NOT_ELIGIBLE', 403);
  });

  it('an opt-in guest can neither link nor unlink', () => {
    spec
      .given([enrolled({ membership: 'guest' })])
      .when(linkPhoto('fan'))
      .thenThrows('NOT_ELIGIBLE', 403);
    spec
      .given([enrolled({ membership: 'guest' })])
      .when({ type: 'UnlinkPhoto', meta: meta(), source: 'x' })
      .thenThrows('NOT_ELIGIBLE', 403);
  });
});

describe('photo handle reservations', () => {
  const handles = deciderSpec(socialHandle);
  const m = { shopId: 's', occurredAt: '2026-02-01T00:00:00.000Z', newId: () => 'id' };
  const reserved = (customerId: string) => ({
    type: SocialHandleEventType.Reserved,
    eventId: 'r',
    occurredAt: m.occurredAt,
    shopId: 's',
    customerId,
  });

  it('one holder at a time: another customer is USERNAME_TAKEN, the holder again is nothing', () => {
    handles
      .given([reserved('a')])
      .when({ type: 'ReserveHandle', meta: m, customerId: 'b' })
      .thenThrows('USERNAME_TAKEN', 409);
    handles
      .given([reserved('a')])
      .when({ type: 'ReserveHandle', meta: m, customerId: 'a' })
      .thenNothing();
    handles
      .given([reserved('a')])
      .when({ type: 'ReserveHandle', meta: m, customerId: 'b', takeOverFrom: 'a' })
      .thenMatches([{ type: SocialHandleEventType.Reserved, customerId: 'b' }]);
    handles
      .given([reserved('a')])
      .when({ type: 'ReleaseHandle', meta: m, customerId: 'b' })
      .thenNothing();
  });

  it('the stream id carries a hash keyed with the shop, never the handle', () => {
    expect(socialHandleStreamId('s1', 'fan')).toMatch(/^social-handle-s1-[0-9a-f]{64}$/);
    expect(socialHandleStreamId('s1', 'fan')).not.toBe(socialHandleStreamId('s2', 'fan'));
  });
});
