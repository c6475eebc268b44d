import {
  customerLedger,
  CustomerCommand,
  CustomerState,
  TierRung,
} from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/events/customer-events';
import { sequentialIds } from '../support/decider-spec';

const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500, bonusPoints: 100 },
  { id: 'gold', name: 'Gold', targetPoint: 1000, bonusPoints: 250 },
];

function customer() {
  const ids = sequentialIds('x');
  let state: CustomerState = customerLedger.initialState();
  const run = (at: string, command: (meta: any) => CustomerCommand) => {
    const events = customerLedger.decide(command({ shopId: 's', customerId: 'c', occurredAt: at, newId: ids }), state);
    events.forEach((e: CustomerEvent) => (state = customerLedger.evolve(state, e)));
    return events;
  };
  run('2025-01-01T00:00:00.000Z', (meta) => ({
    type: 'EnrolCustomer',
    meta,
    platformCustomerId: 1,
    email: null,
    firstName: null,
    lastName: null,
    acceptsMarketing: false,
    platformCreatedAt: null,
    baseTier: tiers[0],
    source: 't',
  }));
  return { run, state: () => state };
}
const award =
  (points: number) =>
  (meta: any): CustomerCommand => ({
    type: 'AwardPoints',
    meta,
    request: { points, source: 'rest_api', event: 'x' },
    tiers,
  });
const assess = (meta: any): CustomerCommand => ({
  type: 'AssessTier',
  meta,
  tiers,
  assessmentMonths: 12,
  windowMonths: 12,
});
const assessLast6Months = (meta: any): CustomerCommand => ({
  type: 'AssessTier',
  meta,
  tiers,
  assessmentMonths: 12,
  windowMonths: 6,
});
const warn = (meta: any): CustomerCommand => ({
  type: 'WarnTierReview',
  meta,
  tiers,
  assessmentMonths: 12,
  windowMonths: 6,
});

describe('tier rewards on entry', () => {
  it('entering a tier pays its bonus points once, right after the move', () => {
    const c = customer();
    const events = c.run('2025-02-01T00:00:00.000Z', award(600));
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
    const c = customer();
    const events = c.run('2025-02-01T00:00:00.000Z', award(950));
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
    const c = customer();
    const quiet = c.run('2025-02-01T00:00:00.000Z', (meta) => ({
      type: 'ChangeTier',
      meta,
      tier: tiers[1],
      tiers,
      isInitTier: false,
      triggerReward: false,
      adminNote: null,
    }));
    expect(quiet.map((e) => e.type)).toEqual([T.TierChanged]);
    c.run('2025-02-02T00:00:00.000Z', (meta) => ({
      type: 'ChangeTier',
      meta,
      tier: tiers[0],
      tiers,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }));
    const paid = c.run('2025-02-03T00:00:00.000Z', (meta) => ({
      type: 'ChangeTier',
      meta,
      tier: tiers[1],
      tiers,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }));
    expect(paid.map((e) => e.type)).toEqual([T.TierChanged, T.PointsAwarded]);
    c.run('2025-02-04T00:00:00.000Z', (meta) => ({
      type: 'ChangeTier',
      meta,
      tier: tiers[0],
      tiers,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }));
    const again = c.run('2025-02-05T00:00:00.000Z', (meta) => ({
      type: 'ChangeTier',
      meta,
      tier: tiers[1],
      tiers,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }));
    expect(again.map((e) => e.type)).toEqual([T.TierChanged]);
  });
});

describe('tier retention review', () => {
  it('not due before the assessment period has passed since the tier was entered', () => {
    const c = customer();
    c.run('2025-03-01T00:00:00.000Z', award(600));
    expect(c.run('2026-02-28T00:00:00.000Z', assess)).toEqual([]);
  });

  it('keeps the tier when the window holds its target, and the next review counts from then', () => {
    const c = customer();
    c.run('2025-03-01T00:00:00.000Z', award(600));
    c.run('2025-06-01T00:00:00.000Z', award(10));
    const kept = c.run('2026-03-01T00:00:00.000Z', assess);
    // 600 + 100 bonus + 10, all within the last 12 months.
    expect(kept).toMatchObject([{ type: T.TierRetained, tierId: 'silver', windowPoints: 710 }]);
    expect(c.run('2026-09-01T00:00:00.000Z', assess)).toEqual([]);
  });

  it('moves down to the tier the window reaches, restarting the tier point from it; bronze is never reviewed', () => {
    const c = customer();
    c.run('2025-01-09T00:00:00.000Z', award(1200)); // straight to gold: only the tier entered pays (+250)
    c.run('2026-01-05T00:00:00.000Z', award(520));
    // Due 2026-01-09; the window is the 6 months before that: only the 520.
    const down = c.run('2026-01-10T00:00:00.000Z', assessLast6Months);
    expect(down).toMatchObject([
      {
        type: T.TierChanged,
        direction: 'down',
        trigger: 'assessment',
        fromTierId: 'gold',
        toTierId: 'silver',
        tierPoint: 520,
        triggerReward: false,
      },
    ]);
    expect(c.state()).toMatchObject({ tierId: 'silver', tierPoint: 520, points: 1200 + 250 + 520 });
    const later = c.run('2027-01-10T00:00:00.000Z', assessLast6Months);
    expect(later).toMatchObject([{ type: T.TierChanged, toTierId: 'bronze', tierPoint: 0 }]);
    expect(c.run('2028-06-01T00:00:00.000Z', assess)).toEqual([]);
  });

  it('warns 28, 14 and 1 day before the review with what the window holds; a missed warning is not sent late', () => {
    const c = customer();
    c.run('2025-03-01T12:00:00.000Z', award(600)); // Silver; review due 2026-03-01 12:00
    c.run('2025-10-01T00:00:00.000Z', award(200));
    expect(c.run('2026-02-01T11:59:59.000Z', warn)).toEqual([]);
    const first = c.run('2026-02-01T12:00:00.000Z', warn);
    // The 6-month window from 2025-09-01 holds the 200: 300 more keep Silver.
    expect(first).toMatchObject([
      {
        type: T.TierReviewWarned,
        daysLeft: 28,
        tierName: 'Silver',
        reviewAt: '2026-03-01T12:00:00.000Z',
        windowPoints: 200,
        pointsToKeep: 300,
      },
    ]);
    expect(c.run('2026-02-02T00:00:00.000Z', warn)).toEqual([]);
    // The scheduler was down at the two-week mark: only the one-day warning goes out.
    expect(c.run('2026-02-28T13:00:00.000Z', warn)).toMatchObject([{ daysLeft: 1 }]);
    expect(c.run('2026-02-28T14:00:00.000Z', warn)).toEqual([]);
    expect(c.run('2026-03-01T12:00:00.000Z', warn)).toEqual([]);
  });

  it('refunded points leave the window: revoked order points count against it', () => {
    const c = customer();
    const rule = {
      programId: 'p',
      programTitle: 'Orders',
      earnBy: 'price' as const,
      earnPoint: 1,
      rateMoney: 1,
      roundingMethod: 'floor' as const,
      autoRemovePoints: true,
    };
    c.run('2025-01-10T00:00:00.000Z', (meta) => ({
      type: 'RecordOrder',
      meta,
      orderId: 'o',
      orderName: null,
      totalCents: 60_000,
      currency: 'USD',
      sourceName: 'web',
      lineItems: [],
      platformCreatedAt: null,
      earning: rule,
      tiers,
    }));
    c.run('2025-02-10T00:00:00.000Z', (meta) => ({
      type: 'RecordRefund',
      meta,
      orderId: 'o',
      refundId: 'r',
      amountCents: 30_000,
    }));
    // 600 earned + 100 bonus - 300 revoked = 400 < 500.
    expect(c.run('2026-01-10T00:00:00.000Z', assess)).toMatchObject([
      { type: T.TierChanged, toTierId: 'bronze', tierPoint: 400 },
    ]);
  });
});
