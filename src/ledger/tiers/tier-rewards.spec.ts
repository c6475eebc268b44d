import { CustomerCommand } from '../customer-ledger';
import { CommandMeta } from '../customer-stream';
import { CustomerEvent, CustomerEventType as T, TierChanged } from '../customer-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import {
  BONUS_LADDER as tiers,
  enrolledRun,
  givenCustomer,
  ledgerSpec as spec,
  rewardCoupon,
} from '../../../test/support/customer-ledger-given';

/** Tier rewards on the customer ledger: paid on entry, once per customer and tier. */
const given = givenCustomer({ shopId: 'shop-1', customerId: 'cust-1', platformCustomerId: 42 });
const meta = (occurredAt = '2026-03-01T00:00:00.000Z') => given.meta(occurredAt);
const enrolled = given.enrolled();
const awarded = (eventId: string, points: number, oldPoint: number, extra = {}): CustomerEvent =>
  given.awarded(points, oldPoint, { eventId, occurredAt: '2026-02-01T00:00:00.000Z', ...extra });
const moved = (eventId: string, from: string, to: string, fields: Partial<TierChanged>): TierChanged => ({
  ...given.customer,
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
const award = (points: number, at = meta()): CustomerCommand => ({
  type: 'AwardPoints',
  meta: at,
  request: { points, source: 'rest_api', event: 'x' },
  tiers,
});
/** A manual move to a tier, as the merchant makes it. */
const moveTo =
  (tier: TierRung, triggerReward: boolean, isInitTier = false) =>
  (at: CommandMeta): CustomerCommand => ({
    type: 'ChangeTier',
    meta: at,
    tier,
    tiers,
    isInitTier,
    triggerReward,
    adminNote: null,
  });
const changeTier = (to: string, fields: { isInitTier?: boolean; triggerReward?: boolean } = {}) =>
  moveTo(
    tiers.find((t) => t.id === to)!,
    fields.triggerReward ?? true,
    fields.isInitTier,
  )(meta());
const grant = (tierChangedEventId: string, rewardId = 'coupon-1'): CustomerCommand => ({
  type: 'GrantCoupon',
  meta: meta(),
  tierId: 'silver',
  tierChangedEventId,
  tierRewardId: 'r-coupon',
  reward: {
    ...rewardCoupon(`CODE-${rewardId}`, { rewardId, rewardType: 'free_shipping', rewardValue: null }),
    title: 'Free shipping',
  },
});

describe('tier rewards on entry', () => {
  it('entering a tier pays its bonus points once, right after the move', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    const events = c.run('2025-02-01T00:00:00.000Z', (meta) => award(600, meta));
    expect(events.map((e) => e.type)).toEqual([T.PointsAwarded, T.TierChanged, T.PointsAwarded]);
    expect(events[2]).toMatchObject({
      points: 100,
      oldPoint: 600,
      newPoint: 700,
      event: 'tier_reward',
      tierReward: { tierId: 'silver', tierChangedEventId: events[1].eventId },
    });
    expect(c.state()).toMatchObject({ points: 700, tierId: 'silver', tierPoint: 700 });
  });

  it('bonus points can carry the customer into the next tier, which pays its own bonus', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    const events = c.run('2025-02-01T00:00:00.000Z', (meta) => award(950, meta));
    expect(events.map((e) => [e.type, (e as any).toTierId ?? (e as any).points])).toEqual([
      [T.PointsAwarded, 950],
      [T.TierChanged, 'silver'],
      [T.PointsAwarded, 100],
      [T.TierChanged, 'gold'],
      [T.PointsAwarded, 250],
    ]);
    expect(c.state()).toMatchObject({ points: 1300, tierId: 'gold' });
  });

  it('a manual move pays only with triggerReward; a tier pays its bonus once per customer', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    const quiet = c.run('2025-02-01T00:00:00.000Z', moveTo(tiers[1], false));
    expect(quiet.map((e) => e.type)).toEqual([T.TierChanged]);
    c.run('2025-02-02T00:00:00.000Z', moveTo(tiers[0], true));
    const paid = c.run('2025-02-03T00:00:00.000Z', moveTo(tiers[1], true));
    expect(paid.map((e) => e.type)).toEqual([T.TierChanged, T.PointsAwarded]);
    c.run('2025-02-04T00:00:00.000Z', moveTo(tiers[0], true));
    const again = c.run('2025-02-05T00:00:00.000Z', moveTo(tiers[1], true));
    expect(again.map((e) => e.type)).toEqual([T.TierChanged]);
  });
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
