import { tierLadder } from './tier-ladder.decider';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as TT } from './tier-events';
import { bonusOf, couponRewardsOf, couponTerms, storedTierRewards, TierReward } from './tier-reward';
import { deciderSpec, refusalOf, sequentialIds } from '../../../test/support/decider-spec';
import { parseTierRewards } from '../tier-reward.schema';

/** Tier rewards on the ladder: the spec's shape, validation, and what a tier pays. */

const ladder = deciderSpec(tierLadder);
const AT = '2026-01-01T00:00:00.000Z';
const ladderMeta = (occurredAt = AT) => ({ shopId: 'shop-1', occurredAt, newId: sequentialIds('n') });
const baseTier: TierEvent = {
  type: TT.Defined,
  eventId: 'e1',
  occurredAt: AT,
  shopId: 'shop-1',
  tierId: 'bronze',
  isSystemTier: true,
  systemType: 'bronze',
  settings: { ...DEFAULT_TIER_SETTINGS, name: 'Bronze', targetPoint: 0 },
};
/** What a merchant's write meets: the rewards parsed by their schema at the edge, then the ladder. */
const defineGold = (tierRewards: unknown): Parameters<typeof tierLadder.decide>[0] => ({
  type: 'DefineTier',
  meta: ladderMeta(),
  tierId: 'gold',
  settings: { name: 'Gold', targetPoint: 1000, tierRewards: parseTierRewards(tierRewards) },
});
const rewardsOf = (events: TierEvent[]): TierReward[] =>
  events[0].type === TT.Defined ? events[0].settings.tierRewards : [];

describe('tier rewards on the ladder (spec 2.9 Tier shape)', () => {
  it('a spec-shaped reward is stored with every field, its id and timestamps set by the ladder', () => {
    const events = ladder
      .given([baseTier])
      .when(
        defineGold([
          { event: 'bonus_point', bonusPoints: 300, title: 'Welcome', translateTitle: { fr: 'Bienvenue' } },
          {
            type: 'tier_privileges',
            event: 'amount_discount',
            earnAmount: 10,
            orderReqAmount: '50',
            expiredAfter: 30,
            codeName: 'GOLD',
            priority: 5,
            createdAt: '1999-01-01T00:00:00.000Z',
          },
          { event: 'custom', title: 'Free returns', showLoyaltyPage: false },
        ]),
      )
      .events();
    // n-1 is the event id; rewards take the next ids.
    expect(rewardsOf(events)).toEqual([
      {
        id: 'n-2',
        status: true,
        title: 'Welcome',
        redeemType: 'fixed',
        minSpendPoint: 0,
        maxSpendPoint: 0,
        spendPoint: 0,
        appliedTo: 'all',
        orderReq: 'none',
        orderReqAmount: '0.00',
        expiredAfter: null,
        expiredTime: null,
        type: 'tier_privileges',
        codeName: null,
        earnAmount: 0,
        event: 'bonus_point',
        bonusPoints: 300,
        priority: 0,
        showLoyaltyPage: true,
        translateTitle: { fr: 'Bienvenue' },
        expired: false,
        createdAt: AT,
        updatedAt: AT,
      },
      expect.objectContaining({
        id: 'n-3',
        title: '10.00 off',
        event: 'amount_discount',
        earnAmount: 10,
        orderReq: 'min_amount',
        orderReqAmount: '50.00',
        expiredAfter: 30,
        codeName: 'GOLD',
        priority: 5,
        bonusPoints: 0,
        createdAt: AT,
      }),
      expect.objectContaining({ id: 'n-4', event: 'custom', title: 'Free returns', showLoyaltyPage: false }),
    ]);
  });

  it('the {type: points|coupon} form is an alias of the spec shape', () => {
    const events = ladder
      .given([baseTier])
      .when(
        defineGold([
          { type: 'points', points: 200 },
          { type: 'coupon', rewardType: 'percentage', rewardValue: 15, expiresInDays: 30, title: 'VIP welcome' },
          { type: 'coupon', rewardType: 'free_shipping' },
        ]),
      )
      .events();
    expect(rewardsOf(events)).toMatchObject([
      { type: 'tier_privileges', event: 'bonus_point', bonusPoints: 200, title: '200 bonus points' },
      { type: 'tier_privileges', event: 'percentage_discount', earnAmount: 15, expiredAfter: 30, title: 'VIP welcome' },
      { event: 'free_shipping', earnAmount: 0, title: 'Free shipping' },
    ]);
  });

  it.each([
    [[{ title: 'no event' }], 'tierRewards[0].event'],
    [[{ type: 'tier_privileges', bonusPoints: 100, title: 'no event' }], 'tierRewards[0].event'],
    [[{ event: 'free_gift', title: 'a gift' }], 'tierRewards[0].event'],
    [[{ event: 'bonus_point' }], 'tierRewards[0].bonusPoints'],
    [[{ event: 'bonus_point', bonusPoints: 1_000_001 }], 'tierRewards[0].bonusPoints'],
    [[{ event: 'bonus_point', bonusPoints: 1.5 }], 'tierRewards[0].bonusPoints'],
    [[{ event: 'amount_discount', earnAmount: 5, bonusPoints: 10 }], 'tierRewards[0].bonusPoints'],
    [[{ event: 'bonus_point', bonusPoints: 10, earnAmount: 5 }], 'tierRewards[0].earnAmount'],
    [[{ event: 'amount_discount' }], 'tierRewards[0].earnAmount'],
    [[{ event: 'amount_discount', earnAmount: 0.001 }], 'tierRewards[0].earnAmount'],
    [[{ event: 'percentage_discount', earnAmount: 101 }], 'tierRewards[0].earnAmount'],
    [[{ event: 'free_shipping', spendPoint: 100 }], 'tierRewards[0].spendPoint'],
    [[{ event: 'free_shipping', minSpendPoint: 1 }], 'tierRewards[0].minSpendPoint'],
    [[{ event: 'free_shipping', redeemType: 'dynamic' }], 'tierRewards[0].redeemType'],
    [[{ event: 'free_shipping', appliedTo: 'sf_product' }], 'tierRewards[0].appliedTo'],
    [[{ event: 'free_shipping', orderReq: 'min_amount' }], 'tierRewards[0].orderReqAmount'],
    [[{ event: 'free_shipping', orderReq: 'none', orderReqAmount: '10.00' }], 'tierRewards[0].orderReqAmount'],
    [[{ event: 'free_shipping', orderReqAmount: '2000000' }], 'tierRewards[0].orderReqAmount'],
    [[{ event: 'bonus_point', bonusPoints: 5, orderReqAmount: '10' }], 'tierRewards[0].orderReq'],
    [[{ event: 'bonus_point', bonusPoints: 5, expiredAfter: 10 }], 'tierRewards[0].expiredAfter'],
    [[{ event: 'free_shipping', expiredAfter: 3651 }], 'tierRewards[0].expiredAfter'],
    [[{ event: 'free_shipping', expiredTime: 'soon' }], 'tierRewards[0].expiredTime'],
    [[{ event: 'free_shipping', codeName: 'has space' }], 'tierRewards[0].codeName'],
    [[{ event: 'custom' }], 'tierRewards[0].title'],
    [[{ event: 'custom', title: 'x', status: 'yes' }], 'tierRewards[0].status'],
    [[{ event: 'custom', title: 'x', priority: 2_000_000 }], 'tierRewards[0].priority'],
    [[{ event: 'custom', title: 'x', translateTitle: { fr: 1 } }], 'tierRewards[0].translateTitle'],
    [[{ event: 'custom', title: 'x', points: 5 }], 'tierRewards[0].points'],
    [[{ event: 'custom', title: 'x', colour: 'red' }], 'tierRewards[0].colour'],
    [[{ event: 'custom', title: 'x', id: 'not-yours' }], 'tierRewards[0].id'],
    [[{ type: 'points', points: 0 }], 'tierRewards[0].points'],
    [[{ type: 'points', points: 5, bonusPoints: 5 }], 'tierRewards[0].points'],
    [[{ type: 'coupon', rewardType: 'percentage', rewardValue: 150 }], 'tierRewards[0].rewardValue'],
    [[{ type: 'coupon', rewardType: 'store_credit', rewardValue: 5 }], 'tierRewards[0].rewardType'],
    [[{ event: 'custom', title: 'ok' }, 'text'], 'tierRewards[1]'],
    [Array.from({ length: 21 }, () => ({ event: 'custom', title: 'x' })), 'tierRewards'],
  ])('refuses %j naming %s (the schema at the edge, or the ladder)', (tierRewards, field) => {
    expect(refusalOf(() => ladder.given([baseTier]).when(defineGold(tierRewards)).events())).toEqual([
      'BAD_REQUEST',
      field,
    ]);
  });

  it('the base tier is entered on enrolment: it takes custom perks only', () => {
    const update = (tierRewards: unknown): Parameters<typeof tierLadder.decide>[0] => ({
      type: 'UpdateTier',
      meta: ladderMeta(),
      tierId: 'bronze',
      changes: { tierRewards: parseTierRewards(tierRewards) },
    });
    expect(
      ladder
        .given([baseTier])
        .when(update([{ event: 'bonus_point', bonusPoints: 5 }]))
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({ field: 'tierRewards[0].event' });
    ladder
      .given([baseTier])
      .when(update([{ event: 'custom', title: 'Member prices' }]))
      .thenMatches([{ type: TT.Updated, changes: { tierRewards: [expect.objectContaining({ event: 'custom' })] } }]);
  });

  it('a reward sent back with its id keeps id and createdAt; updatedAt moves only when it changed', () => {
    const defined = ladder
      .given([baseTier])
      .when(defineGold([{ event: 'bonus_point', bonusPoints: 100 }, { event: 'free_shipping' }]))
      .events();
    const [bonus, shipping] = rewardsOf(defined);
    const later = '2026-02-01T00:00:00.000Z';
    const update = (tierRewards: unknown): Parameters<typeof tierLadder.decide>[0] => ({
      type: 'UpdateTier',
      meta: ladderMeta(later),
      tierId: 'gold',
      changes: { tierRewards: parseTierRewards(tierRewards) },
    });
    // Read and sent back unchanged: no event at all.
    ladder
      .given([baseTier, ...defined])
      .when(update([bonus, shipping]))
      .thenNothing();
    const [updated] = ladder
      .given([baseTier, ...defined])
      .when(update([{ ...bonus, bonusPoints: 150 }, shipping, { event: 'custom', title: 'Lounge' }]))
      .events();
    expect(updated.type === TT.Updated && updated.changes.tierRewards).toEqual([
      { ...bonus, bonusPoints: 150, title: '100 bonus points', updatedAt: later },
      shipping,
      expect.objectContaining({ id: 'n-2', event: 'custom', createdAt: later, updatedAt: later }),
    ]);
  });

  it('rewards recorded before the spec shape are read as they would be now, with ids derived from their event', () => {
    const legacy = storedTierRewards(
      [
        { type: 'points', points: 50 },
        { type: 'coupon', rewardType: 'fixed_amount', rewardValue: 5, title: 'Five off' },
        { type: 'tier_privileges', title: 'Lounge access' },
        { event: 'bonus_point', type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' },
      ],
      'ev-1',
      AT,
    );
    expect(legacy).toMatchObject([
      { event: 'bonus_point', bonusPoints: 50, createdAt: AT },
      { event: 'amount_discount', earnAmount: 5, title: 'Five off' },
      { event: 'custom', type: 'tier_privileges', title: 'Lounge access' },
      { event: 'bonus_point', bonusPoints: 100, title: 'Welcome bonus' },
    ]);
    expect(new Set(legacy.map((r) => r.id)).size).toBe(4);
    // Every replay derives the same ids.
    expect(storedTierRewards([{ type: 'points', points: 50 }], 'ev-1', AT)[0].id).toBe(legacy[0].id);
  });

  it('a recorded reward that could not be paid as written (a field not of its type or bounds) stays a perk', () => {
    expect(
      storedTierRewards(
        [
          { event: 'bonus_point', type: 'vip', bonusPoints: 1.5, title: 'Half points' },
          { event: 'custom', type: 'vip', status: 'yes', title: 'Lounge' },
          { type: 'coupon', rewardType: 'percentage', rewardValue: 150 },
          { type: 'points', points: 50, status: false },
        ],
        'ev-2',
        AT,
      ),
    ).toMatchObject([
      { event: 'custom', type: 'vip', title: 'Half points', bonusPoints: 0 },
      { event: 'custom', type: 'vip', title: 'Lounge', status: true },
      { event: 'custom', type: 'coupon', title: 'coupon' },
      { event: 'bonus_point', bonusPoints: 50, title: '50 bonus points' },
    ]);
  });

  it('what a tier pays: only rewards that are on and not expired; coupons until their offer ends, by priority', () => {
    const rewards = rewardsOf(
      ladder
        .given([baseTier])
        .when(
          defineGold([
            { event: 'bonus_point', bonusPoints: 100 },
            { event: 'bonus_point', bonusPoints: 40, status: false },
            { event: 'bonus_point', bonusPoints: 30, expired: true },
            { event: 'amount_discount', earnAmount: 5, priority: 1 },
            { event: 'free_shipping', priority: 9, expiredTime: '2026-03-01T00:00:00Z', expiredAfter: 60 },
            { event: 'percentage_discount', earnAmount: 10, status: false },
          ]),
        )
        .events(),
    );
    expect(bonusOf(rewards)).toEqual({ points: 100, rewardIds: [rewards[0].id] });
    expect(couponRewardsOf(rewards, '2026-02-01T00:00:00.000Z').map((r) => r.event)).toEqual([
      'free_shipping',
      'amount_discount',
    ]);
    expect(couponRewardsOf(rewards, '2026-03-02T00:00:00.000Z').map((r) => r.event)).toEqual(['amount_discount']);
    // The coupon ends at the earlier of expiredAfter days and expiredTime.
    expect(couponTerms(rewards[4], '2026-02-01T00:00:00.000Z')).toMatchObject({
      rewardType: 'free_shipping',
      rewardValue: null,
      expiresAt: '2026-03-01T00:00:00.000Z',
    });
  });
});
