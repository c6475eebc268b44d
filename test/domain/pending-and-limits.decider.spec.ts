import {
  customerLedger,
  CustomerCommand,
  CustomerState,
  TierRung,
  earningLimitStatus,
} from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/events/customer-events';
import { OrderEarningRule } from '../../src/programs/domain/order-earning';
import { EarningLimitPolicy } from '../../src/shops/domain/shop-events';
import { DomainError } from '../../src/shared/domain/domain-error';
import { sequentialIds } from '../support/decider-spec';

/** Runs commands one after another on one customer, as the DecisionRunner would. */
function ledger() {
  const ids = sequentialIds('x');
  let state: CustomerState = customerLedger.initialState();
  const log: CustomerEvent[] = [];
  const run = (
    at: string,
    build: (meta: { shopId: string; customerId: string; occurredAt: string; newId: () => string }) => CustomerCommand,
  ) => {
    const events = customerLedger.decide(build({ shopId: 's', customerId: 'c', occurredAt: at, newId: ids }), state);
    events.forEach((e) => (state = customerLedger.evolve(state, e)));
    log.push(...events);
    return events;
  };
  return { run, state: () => state, log };
}

const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'gold', name: 'Gold', targetPoint: 1000 },
];

const rule = (extra: Partial<OrderEarningRule> = {}): OrderEarningRule => ({
  programId: 'p-order',
  programTitle: 'Orders',
  earnBy: 'price',
  earnPoint: 1,
  rateMoney: 1,
  roundingMethod: 'floor',
  autoRemovePoints: true,
  ...extra,
});

function enrolled(at = '2026-03-01T00:00:00.000Z') {
  const l = ledger();
  l.run(at, (meta) => ({
    type: 'EnrolCustomer',
    meta,
    platformCustomerId: 7,
    email: 'a@x.io',
    firstName: null,
    lastName: null,
    acceptsMarketing: false,
    platformCreatedAt: null,
    baseTier: tiers[0],
    source: 'test',
  }));
  return l;
}

const order =
  (
    orderId: string,
    totalCents: number,
    earning: OrderEarningRule | null,
    earningLimit: EarningLimitPolicy | null = null,
  ) =>
  (meta: any): CustomerCommand => ({
    type: 'RecordOrder',
    meta,
    orderId,
    orderName: `#${orderId}`,
    totalCents,
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
    earning,
    tiers,
    earningLimit,
  });

describe('pending (held) order points', () => {
  it('given a 14-day delay, when an order is paid, then its points are held, not spendable, and released after the delay', () => {
    const l = enrolled();
    const events = l.run('2026-03-02T10:00:00.000Z', order('1', 12_000, rule({ pendingDays: 14 })));
    expect(events.map((e) => e.type)).toEqual([T.OrderRecorded, T.PointsPending]);
    // The hold records the spendable balance then (its transaction row shows it; a hold does not change it).
    expect(events[1]).toMatchObject({
      points: 120,
      releaseAt: '2026-03-16T10:00:00.000Z',
      order: { orderId: '1' },
      balance: 0,
    });
    expect(l.state().points).toBe(0);
    // Too early: nothing.
    expect(l.run('2026-03-16T09:59:59.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }))).toEqual([]);
    const released = l.run('2026-03-16T10:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }));
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      type: T.PointsAwarded,
      points: 120,
      oldPoint: 0,
      newPoint: 120,
      releasesPending: true,
      // The release names the hold it pays.
      pendingTransactionId: (events[1] as { transactionId: string }).transactionId,
      order: { orderId: '1', orderName: '#1' },
      program: { programId: 'p-order' },
    });
    expect(l.state()).toMatchObject({ points: 120, tierPoint: 120, totalEarned: 120 });
    // Released once.
    expect(l.run('2026-03-20T00:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }))).toEqual([]);
  });

  it('a partial refund inside the delay cancels held points pro rata; the rest is released; a later refund revokes from the balance', () => {
    const l = enrolled();
    l.run('2026-03-02T00:00:00.000Z', order('1', 10_000, rule({ pendingDays: 7 })));
    const refund = l.run('2026-03-03T00:00:00.000Z', (meta) => ({
      type: 'RecordRefund',
      meta,
      orderId: '1',
      refundId: 'r1',
      amountCents: 2_500,
    }));
    expect(refund.map((e) => e.type)).toEqual([T.RefundRecorded, T.PendingPointsCancelled]);
    expect(refund[1]).toMatchObject({ points: 25, remaining: 75, cause: 'order_refunded' });
    expect(l.state().points).toBe(0);
    const released = l.run('2026-03-09T00:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }));
    expect(released[0]).toMatchObject({ points: 75, newPoint: 75 });
    // Cumulative refund now 50 of 100: half the order's 100 points are due back; 25 already were.
    const later = l.run('2026-03-10T00:00:00.000Z', (meta) => ({
      type: 'RecordRefund',
      meta,
      orderId: '1',
      refundId: 'r2',
      amountCents: 2_500,
    }));
    // A reversal names its order as the platform did.
    expect(later[1]).toMatchObject({
      type: T.PointsRevoked,
      points: 25,
      requested: 25,
      newPoint: 50,
      order: { orderId: '1', orderName: '#1', currency: 'USD' },
    });
    // Cancelling the rest takes back exactly what is left.
    const cancel = l.run('2026-03-11T00:00:00.000Z', (meta) => ({ type: 'CancelOrder', meta, orderId: '1' }));
    expect(cancel[1]).toMatchObject({ type: T.PointsRevoked, points: 50, newPoint: 0 });
  });

  it('a cancellation inside the delay cancels all held points: nothing is ever released', () => {
    const l = enrolled();
    l.run('2026-03-02T00:00:00.000Z', order('1', 5_000, rule({ pendingDays: 3 })));
    const cancel = l.run('2026-03-03T00:00:00.000Z', (meta) => ({ type: 'CancelOrder', meta, orderId: '1' }));
    expect(cancel.map((e) => e.type)).toEqual([T.OrderCancelled, T.PendingPointsCancelled]);
    expect(cancel[1]).toMatchObject({ points: 50, remaining: 0 });
    expect(l.run('2026-03-10T00:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }))).toEqual([]);
    expect(l.state()).toMatchObject({ points: 0, tierPoint: 0, totalEarned: 0 });
  });

  it('held points cross a tier only when released', () => {
    const l = enrolled();
    l.run('2026-03-02T00:00:00.000Z', order('1', 150_000, rule({ pendingDays: 1 })));
    expect(l.state().tierId).toBe('bronze');
    const released = l.run('2026-03-04T00:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }));
    expect(released.map((e) => e.type)).toEqual([T.PointsAwarded, T.TierChanged]);
    expect(l.state().tierId).toBe('gold');
  });
});

describe('global earning limit', () => {
  const limit = (extra: Partial<EarningLimitPolicy> = {}): EarningLimitPolicy => ({
    enabled: true,
    maxPoints: 100,
    period: 'month',
    tiers: [],
    ...extra,
  });
  const social =
    (points: number, earningLimit: EarningLimitPolicy | null, programId = 'p-social') =>
    (meta: any): CustomerCommand => ({
      type: 'EarnFromProgram',
      meta,
      program: { programId, programTitle: 'Follow', event: 'follow_photo', points, once: true },
      source: 'test',
      tiers,
      earningLimit,
    });

  it('caps a payment to what is left in the period, then refuses with LIMIT_REACHED; the next period starts afresh', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', social(70, limit(), 'a'))[0]).toMatchObject({ points: 70 });
    expect(l.run('2026-03-06T00:00:00.000Z', social(70, limit(), 'b'))[0]).toMatchObject({ points: 30, newPoint: 100 });
    let error: unknown;
    try {
      l.run('2026-03-07T00:00:00.000Z', social(10, limit(), 'c'));
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).code).toBe('LIMIT_REACHED');
    expect(earningLimitStatus(l.state(), limit(), '2026-03-07T00:00:00.000Z')).toEqual({
      reached: true,
      resetDate: '2026-04-01T00:00:00.000Z',
    });
    expect(l.run('2026-04-01T00:00:00.000Z', social(10, limit(), 'c'))[0]).toMatchObject({ points: 10 });
  });

  it('orders are never refused: they earn what is left (0 when nothing is)', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', order('1', 8_000, rule(), limit()))[1]).toMatchObject({
      type: T.PointsAwarded,
      points: 80,
    });
    expect(l.run('2026-03-06T00:00:00.000Z', order('2', 8_000, rule(), limit()))[1]).toMatchObject({
      type: T.PointsAwarded,
      points: 20,
    });
    expect(l.run('2026-03-07T00:00:00.000Z', order('3', 8_000, rule(), limit())).map((e) => e.type)).toEqual([
      T.OrderRecorded,
    ]);
    expect(l.state().points).toBe(100);
  });

  it("a tier's own cap overrides the shop's; a tier with no cap is unlimited", () => {
    const l = enrolled();
    const perTier = limit({ tiers: [{ tierId: 'bronze', maxPoints: 10 }] });
    expect(l.run('2026-03-05T00:00:00.000Z', social(50, perTier, 'a'))[0]).toMatchObject({ points: 10 });
    const unlimited = limit({
      tiers: [
        { tierId: 'bronze', maxPoints: null },
        { tierId: 'gold', maxPoints: null },
      ],
    });
    expect(l.run('2026-03-05T00:00:00.000Z', social(5_000, unlimited, 'b'))[0]).toMatchObject({ points: 5_000 });
    expect(earningLimitStatus(l.state(), unlimited, '2026-03-05T00:00:00.000Z')).toEqual({
      reached: false,
      resetDate: '',
    });
  });

  it('held order points count when they are held, not again at release; manual awards are not capped', () => {
    const l = enrolled();
    l.run('2026-03-05T00:00:00.000Z', order('1', 6_000, rule({ pendingDays: 1 }), limit()));
    l.run('2026-03-07T00:00:00.000Z', (meta) => ({ type: 'ReleasePendingPoints', meta, tiers }));
    expect(l.run('2026-03-08T00:00:00.000Z', social(100, limit(), 'a'))[0]).toMatchObject({ points: 40 });
    const manual = l.run('2026-03-08T00:00:00.000Z', (meta) => ({
      type: 'AwardPoints',
      meta,
      request: { points: 500, source: 'rest_api', event: 'x' },
      tiers,
    }));
    expect(manual[0]).toMatchObject({ points: 500 });
  });

  it('a disabled limit changes nothing', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', social(5_000, limit({ enabled: false })))[0]).toMatchObject({
      points: 5_000,
    });
  });
});
