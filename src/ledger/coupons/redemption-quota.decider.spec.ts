import { redemptionQuota } from './redemption-quota.decider';
import { deciderSpec } from '../../../test/support/decider-spec';

describe('shop-wide redemption quota (totalLimitationRedeem)', () => {
  const spec = deciderSpec(redemptionQuota);
  const meta = { shopId: 's', occurredAt: 't', newId: () => 'e' };
  const reserve = (rewardId: string) => ({
    type: 'ReserveRedemption' as const,
    meta,
    programId: 'p',
    rewardId,
    limit: 2,
  });
  const reserved = (rewardId: string) => ({
    type: 'redemption-quota.reserved.v1' as const,
    eventId: 'e',
    occurredAt: 't',
    shopId: 's',
    programId: 'p',
    rewardId,
  });
  it('reserves up to the limit, once per reward; a released slot can be taken again', () => {
    spec
      .given([reserved('a')])
      .when(reserve('b'))
      .thenMatches([{ rewardId: 'b' }]);
    spec
      .given([reserved('a')])
      .when(reserve('a'))
      .thenNothing();
    spec
      .given([reserved('a'), reserved('b')])
      .when(reserve('c'))
      .thenThrows('LIMIT_REACHED', 400);
    const released = { ...reserved('a'), type: 'redemption-quota.released.v1' as const };
    spec
      .given([reserved('a'), reserved('b'), released])
      .when(reserve('c'))
      .thenMatches([{ type: 'redemption-quota.reserved.v1' }]);
    spec
      .given([reserved('a')])
      .when({ type: 'ReleaseRedemption', meta, programId: 'p', rewardId: 'zz' })
      .thenNothing();
  });
});
