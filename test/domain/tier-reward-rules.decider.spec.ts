import { tierLadder } from '../../src/tiers/domain/tier-ladder.decider';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as TT } from '../../src/tiers/domain/tier-events';
import {
  bonusOf,
  couponRewardsOf,
  couponTerms,
  storedTierRewards,
  TierReward,
} from '../../src/tiers/domain/tier-reward';
import { customerLedger, CustomerCommand, TierRung } from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T, TierChanged } from '../../src/ledger/events/customer-events';
import { deciderSpec, sequentialIds } from '../support/decider-spec';

/** Tier rewards: the spec's shape on the ladder, and paying them once per customer and tier on the ledger. */

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
const defineGold = (tierRewards: unknown): Parameters<typeof tierLadder.decide>[0] => ({
  type: 'DefineTier',
  meta: ladderMeta(),
  tierId: 'gold',
  settings: { name: 'Gold', targetPoint: 1000, tierRewards },
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
  ])('refuses %j naming %s', (tierRewards, field) => {
    const error = ladder.given([baseTier]).when(defineGold(tierRewards)).thenThrows('BAD_REQUEST', 400);
    expect(error.details).toEqual({ field });
  });

  it('the base tier is entered on enrolment: it takes custom perks only', () => {
    const update = (tierRewards: unknown): Parameters<typeof tierLadder.decide>[0] => ({
      type: 'UpdateTier',
      meta: ladderMeta(),
      tierId: 'bronze',
      changes: { tierRewards },
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
      changes: { tierRewards },
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

const spec = deciderSpec(customerLedger);
const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500, bonusPoints: 100, bonusRewardIds: ['r-bonus'] },
  { id: 'gold', name: 'Gold', targetPoint: 1000 },
];
const meta = (occurredAt = '2026-03-01T00:00:00.000Z') => ({
  shopId: 'shop-1',
  customerId: 'cust-1',
  occurredAt,
  newId: sequentialIds('n'),
});
const head = { shopId: 'shop-1', customerId: 'cust-1', platformCustomerId: 42, email: null };
const enrolled: CustomerEvent = {
  ...head,
  type: T.Enrolled,
  eventId: 'e-0',
  occurredAt: '2026-01-01T00:00:00.000Z',
  firstName: null,
  lastName: null,
  acceptsMarketing: false,
  platformCreatedAt: null,
  tierId: 'bronze',
  tierName: 'Bronze',
  source: 'platform',
};
const pointsRow = {
  ...head,
  transactionId: 't',
  source: 'rest_api',
  event: 'x',
  adminNote: null,
  userNote: null,
  reason: null,
  idempotencyKey: null,
  requestHash: null,
};
const awarded = (eventId: string, points: number, oldPoint: number, extra = {}): CustomerEvent => ({
  ...pointsRow,
  type: T.PointsAwarded,
  eventId,
  occurredAt: '2026-02-01T00:00:00.000Z',
  points,
  oldPoint,
  newPoint: oldPoint + points,
  ...extra,
});
const moved = (eventId: string, from: string, to: string, fields: Partial<TierChanged>): TierChanged => ({
  ...head,
  type: T.TierChanged,
  eventId,
  occurredAt: '2026-02-01T00:00:00.000Z',
  fromTierId: from,
  fromTierName: from,
  toTierId: to,
  toTierName: to,
  direction: 'up',
  trigger: 'points',
  tierPoint: 0,
  isInitTier: false,
  triggerReward: true,
  adminNote: null,
  ...fields,
});
const award = (points: number): CustomerCommand => ({
  type: 'AwardPoints',
  meta: meta(),
  request: { points, source: 'rest_api', event: 'x' },
  tiers,
});
const changeTier = (to: string, fields: { isInitTier?: boolean; triggerReward?: boolean } = {}): CustomerCommand => ({
  type: 'ChangeTier',
  meta: meta(),
  tier: tiers.find((t) => t.id === to)!,
  tiers,
  isInitTier: fields.isInitTier ?? false,
  triggerReward: fields.triggerReward ?? true,
  adminNote: null,
});
const grant = (tierChangedEventId: string, rewardId = 'coupon-1'): CustomerCommand => ({
  type: 'GrantCoupon',
  meta: meta(),
  tierId: 'silver',
  tierChangedEventId,
  tierRewardId: 'r-coupon',
  reward: {
    rewardId,
    couponCode: `CODE-${rewardId}`,
    discountId: null,
    priceRuleId: null,
    rewardType: 'free_shipping',
    rewardValue: null,
    redeemType: 'fixed',
    orderReqAmount: null,
    expiresAt: null,
    programDescription: null,
    title: 'Free shipping',
  },
});

// Entered Silver (claiming its rewards, bonus paid), then moved back down to Bronze by hand.
const enteredAndLeftSilver: CustomerEvent[] = [
  enrolled,
  awarded('a-1', 600, 0),
  moved('up-1', 'bronze', 'silver', { tierPoint: 600, rewarded: true }),
  awarded('a-2', 100, 600, { tierReward: { tierId: 'silver', tierChangedEventId: 'up-1', rewardIds: ['r-bonus'] } }),
  moved('down-1', 'silver', 'bronze', { direction: 'down', trigger: 'manual', tierPoint: 0, rewarded: false }),
];

describe('tier rewards are paid once per customer and tier', () => {
  it('given a first entry, when the tier point reaches the tier, then the move claims it and pays its bonus', () => {
    const events = spec
      .given([enrolled])
      .when(award(600))
      .thenMatches([
        { type: T.PointsAwarded, points: 600 },
        { type: T.TierChanged, toTierId: 'silver', rewarded: true },
        {
          type: T.PointsAwarded,
          points: 100,
          event: 'tier_reward',
          tierReward: { tierId: 'silver', tierChangedEventId: expect.any(String), rewardIds: ['r-bonus'] },
        },
      ]);
    expect(events[2].type === T.PointsAwarded && events[2].tierReward?.tierChangedEventId).toBe(events[1].eventId);
  });

  it('given the tier was entered and left, when the customer re-enters it, then the move pays no bonus', () => {
    spec
      .given(enteredAndLeftSilver)
      .when(award(500))
      .thenMatches([
        { type: T.PointsAwarded, points: 500 },
        { type: T.TierChanged, toTierId: 'silver', rewarded: false },
      ]);
    spec
      .given(enteredAndLeftSilver)
      .when(changeTier('silver'))
      .thenMatches([{ type: T.TierChanged, toTierId: 'silver', trigger: 'manual', rewarded: false }]);
  });

  it('given the tier was entered and left, when the re-entry coupon grant comes, then nothing is granted', () => {
    spec
      .given([...enteredAndLeftSilver, moved('up-2', 'bronze', 'silver', { tierPoint: 500, rewarded: false })])
      .when(grant('up-2'))
      .thenNothing();
  });

  it('given the claiming move, when its coupon grant comes, then it is granted once, naming the tier reward', () => {
    spec
      .given(enteredAndLeftSilver)
      .when(grant('up-1'))
      .thenMatches([
        {
          type: T.CouponGranted,
          tierId: 'silver',
          tierChangedEventId: 'up-1',
          tierRewardId: 'r-coupon',
          reward: expect.objectContaining({ rewardId: 'coupon-1' }),
        },
      ]);
    const granted = spec.given(enteredAndLeftSilver).when(grant('up-1')).events();
    spec
      .given([...enteredAndLeftSilver, ...granted])
      .when(grant('up-1'))
      .thenNothing();
  });

  it('given a first entry without rewards triggered, when a later entry triggers them, then that one pays', () => {
    const quiet = [
      enrolled,
      moved('up-1', 'bronze', 'silver', { trigger: 'manual', triggerReward: false, rewarded: false }),
      moved('down-1', 'silver', 'bronze', { direction: 'down', trigger: 'manual', rewarded: false }),
    ];
    spec
      .given(quiet)
      .when(changeTier('silver'))
      .thenMatches([
        { type: T.TierChanged, rewarded: true },
        { type: T.PointsAwarded, points: 100 },
      ]);
    spec.given(quiet).when(grant('up-1')).thenNothing();
  });

  it('given moves recorded before `rewarded` existed, then the first rewarded entry claimed the tier', () => {
    const legacy = [
      enrolled,
      moved('old-up', 'bronze', 'silver', { tierPoint: 600 }),
      moved('old-down', 'silver', 'bronze', { direction: 'down', trigger: 'manual', tierPoint: 0 }),
      moved('old-up-2', 'bronze', 'silver', { tierPoint: 600 }),
    ];
    spec.given(legacy).when(grant('old-up-2')).thenNothing();
    spec
      .given(legacy)
      .when(grant('old-up'))
      .thenMatches([{ type: T.CouponGranted }]);
  });
});

describe('a manual move down is not undone by the next award', () => {
  const inGold: CustomerEvent[] = [
    enrolled,
    awarded('a-1', 1200, 0),
    moved('up-1', 'bronze', 'gold', { tierPoint: 1200, rewarded: true }),
  ];

  it('given a customer in Gold at 1200, when moved down to Silver by hand, then the tier point drops to 500', () => {
    spec
      .given(inGold)
      .when(changeTier('silver'))
      .thenMatches([
        {
          type: T.TierChanged,
          direction: 'down',
          trigger: 'manual',
          toTierId: 'silver',
          tierPoint: 500,
          rewarded: false,
        },
      ]);
  });

  it('given that move, when 1 point is awarded, then the customer stays in Silver; the width of Silver brings Gold back', () => {
    const down = spec.given(inGold).when(changeTier('silver')).events();
    spec
      .given([...inGold, ...down])
      .when(award(1))
      .thenMatches([{ type: T.PointsAwarded, points: 1 }]);
    spec
      .given([...inGold, ...down])
      .when(award(500))
      .thenMatches([
        { type: T.PointsAwarded, points: 500 },
        { type: T.TierChanged, toTierId: 'gold', tierPoint: 1000, rewarded: false },
      ]);
  });

  it('given a tier point already below the new tier, when moved down by hand, then it is kept (never raised)', () => {
    const placedHigh = [
      enrolled,
      moved('m-1', 'bronze', 'gold', { trigger: 'manual', tierPoint: 100, rewarded: true }),
    ];
    spec
      .given(placedHigh)
      .when(changeTier('silver'))
      .thenMatches([{ type: T.TierChanged, toTierId: 'silver', tierPoint: 100 }]);
    spec
      .given(placedHigh)
      .when(changeTier('silver', { isInitTier: true }))
      .thenMatches([{ type: T.TierChanged, toTierId: 'silver', tierPoint: 500 }]);
  });
});
