import { deciderSpec, sequentialIds } from '../../../../test/support/decider-spec';
import { CommandMeta } from '../../../shared/domain/command-meta';
import {
  ReferralInviteEventType,
  referralInvites,
  secondsToNextUtcDay,
  TakeReferralInvite,
} from './referral-invites.decider';

const spec = deciderSpec(referralInvites);
const meta = (): CommandMeta =>
  ({ shopId: 'shop-1', occurredAt: '2026-03-01T23:59:00.000Z', newId: sequentialIds('e') }) as unknown as CommandMeta;
const take = (friendKey: string, perDay = 2): TakeReferralInvite => ({
  type: 'TakeReferralInvite',
  meta: meta(),
  friendKey,
  perDay,
});
const taken = (friendKey: string) =>
  ({ type: ReferralInviteEventType.Taken, eventId: 'x', occurredAt: '', shopId: 'shop-1', friendKey }) as const;

describe('referral invites of a code per day', () => {
  it('a new friend takes a place; the same friend again takes none', () => {
    spec
      .given([])
      .when(take('a'))
      .thenMatches([{ type: ReferralInviteEventType.Taken, friendKey: 'a' }]);
    spec
      .given([taken('a')])
      .when(take('a'))
      .thenNothing();
  });

  it("past the day's number a new friend is 429 REFERRAL_INVITES_EXHAUSTED, retry after the day ends", () => {
    const error = spec
      .given([taken('a'), taken('b')])
      .when(take('c'))
      .thenThrows('REFERRAL_INVITES_EXHAUSTED', 429);
    expect(error.details).toEqual({ retryAfterSeconds: 60 });
    spec
      .given([taken('a'), taken('b')])
      .when(take('b'))
      .thenNothing();
    spec
      .given([taken('a'), taken('b')])
      .when(take('c', 3))
      .thenMatches([{ friendKey: 'c' }]);
    expect(secondsToNextUtcDay('2026-03-01T00:00:00.000Z')).toBe(86_400);
  });
});
