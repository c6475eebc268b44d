import { parseTierRewards } from './tier-reward.schema';
import { refusalOf } from '../../test/support/decider-spec';

describe('the tier reward schema', () => {
  it('parses a spec-shaped reward, every field typed; null is absent', () => {
    const reward = {
      id: 'r1',
      status: true,
      title: 'Ten off',
      redeemType: 'fixed',
      minSpendPoint: 0,
      maxSpendPoint: 0,
      spendPoint: 0,
      appliedTo: 'all',
      orderReq: 'min_amount',
      orderReqAmount: '50.00',
      expiredAfter: 30,
      expiredTime: '2026-12-31T00:00:00.000Z',
      type: 'tier_privileges',
      codeName: 'GOLD',
      earnAmount: 10,
      event: 'amount_discount',
      bonusPoints: 0,
      priority: 2,
      showLoyaltyPage: false,
      translateTitle: { fr: 'Dix de moins' },
      expired: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(parseTierRewards([reward])).toEqual([reward]);
    expect(parseTierRewards([{ event: 'custom', title: 'Lounge', codeName: null }])).toEqual([
      { event: 'custom', title: 'Lounge' },
    ]);
  });

  it('reads the alias form in the spec names', () => {
    expect(
      parseTierRewards([
        { type: 'points', points: 200 },
        { type: 'coupon', rewardType: 'percentage', rewardValue: 15, expiresInDays: 30, title: 'VIP' },
        { type: 'coupon', rewardType: 'free_shipping' },
      ]),
    ).toEqual([
      { type: 'tier_privileges', event: 'bonus_point', bonusPoints: 200 },
      { type: 'tier_privileges', event: 'percentage_discount', earnAmount: 15, expiredAfter: 30, title: 'VIP' },
      { type: 'tier_privileges', event: 'free_shipping' },
    ]);
  });

  it.each([
    ['tierRewards', 'all of them'],
    ['tierRewards', Array.from({ length: 21 }, () => ({ event: 'custom', title: 'x' }))],
    ['tierRewards[0]', ['text']],
    ['tierRewards[0].id', [{ event: 'custom', title: 'x', id: 7 }]],
    ['tierRewards[0].status', [{ event: 'custom', title: 'x', status: 'yes' }]],
    ['tierRewards[0].title', [{ event: 'custom', title: ' ' }]],
    ['tierRewards[0].title', [{ event: 'custom', title: 'x'.repeat(201) }]],
    ['tierRewards[0].redeemType', [{ event: 'free_shipping', redeemType: 'dynamic' }]],
    ['tierRewards[0].minSpendPoint', [{ event: 'free_shipping', minSpendPoint: 1 }]],
    ['tierRewards[0].maxSpendPoint', [{ event: 'free_shipping', maxSpendPoint: 1 }]],
    ['tierRewards[0].spendPoint', [{ event: 'free_shipping', spendPoint: 100 }]],
    ['tierRewards[0].appliedTo', [{ event: 'free_shipping', appliedTo: 'sf_product' }]],
    ['tierRewards[0].orderReq', [{ event: 'free_shipping', orderReq: 'always' }]],
    ['tierRewards[0].orderReqAmount', [{ event: 'free_shipping', orderReqAmount: '2000000' }]],
    ['tierRewards[0].expiredAfter', [{ event: 'free_shipping', expiredAfter: 3651 }]],
    ['tierRewards[0].expiredTime', [{ event: 'free_shipping', expiredTime: 'soon' }]],
    ['tierRewards[0].type', [{ event: 'custom', title: 'x', type: 'x'.repeat(101) }]],
    ['tierRewards[0].codeName', [{ event: 'free_shipping', codeName: 'has space' }]],
    ['tierRewards[0].earnAmount', [{ event: 'amount_discount', earnAmount: 0.001 }]],
    ['tierRewards[0].event', [{ title: 'no event' }]],
    ['tierRewards[0].event', [{ event: 'free_gift', title: 'a gift' }]],
    ['tierRewards[0].bonusPoints', [{ event: 'bonus_point', bonusPoints: 1.5 }]],
    ['tierRewards[0].priority', [{ event: 'custom', title: 'x', priority: 2_000_000 }]],
    ['tierRewards[0].showLoyaltyPage', [{ event: 'custom', title: 'x', showLoyaltyPage: 1 }]],
    ['tierRewards[0].translateTitle', [{ event: 'custom', title: 'x', translateTitle: { fr: 1 } }]],
    ['tierRewards[0].expired', [{ event: 'custom', title: 'x', expired: 'no' }]],
    ['tierRewards[0].createdAt', [{ event: 'custom', title: 'x', createdAt: 5 }]],
    ['tierRewards[0].colour', [{ event: 'custom', title: 'x', colour: 'red' }]],
    ['tierRewards[0].points', [{ type: 'points', points: 0 }]],
    ['tierRewards[0].points', [{ event: 'custom', title: 'x', points: 5 }]],
    ['tierRewards[0].rewardType', [{ type: 'coupon', rewardType: 'store_credit', rewardValue: 5 }]],
    ['tierRewards[0].rewardValue', [{ type: 'coupon', rewardType: 'percentage', rewardValue: 150 }]],
    ['tierRewards[0].expiresInDays', [{ type: 'coupon', rewardType: 'free_shipping', expiresInDays: 0 }]],
  ])('refuses at the edge, naming %s: %j', (field, tierRewards) => {
    expect(refusalOf(() => parseTierRewards(tierRewards))).toEqual(['BAD_REQUEST', field]);
  });
});
