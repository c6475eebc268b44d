import { CustomerEventType as T } from '../customer-events';
import {
  earningRule,
  enrolledOnGoldLadder as enrolled,
  paidOrder,
  recordRefund,
  releasePending,
} from '../../../test/support/customer-ledger-given';

describe('pending (held) order points', () => {
  it('given a 14-day delay, when an order is paid, then its points are held, not spendable, and released after the delay', () => {
    const l = enrolled();
    const events = l.run('2026-03-02T10:00:00.000Z', paidOrder('1', 12_000, earningRule({ pendingDays: 14 })));
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
    expect(l.run('2026-03-16T09:59:59.000Z', releasePending)).toEqual([]);
    const released = l.run('2026-03-16T10:00:00.000Z', releasePending);
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
    expect(l.run('2026-03-20T00:00:00.000Z', releasePending)).toEqual([]);
  });

  it('a partial refund inside the delay cancels held points pro rata; the rest is released; a later refund revokes from the balance', () => {
    const l = enrolled();
    l.run('2026-03-02T00:00:00.000Z', paidOrder('1', 10_000, earningRule({ pendingDays: 7 })));
    const refund = l.run('2026-03-03T00:00:00.000Z', (meta) => recordRefund(meta, '1', 'r1', 2_500));
    expect(refund.map((e) => e.type)).toEqual([T.RefundRecorded, T.PendingPointsCancelled]);
    expect(refund[1]).toMatchObject({ points: 25, remaining: 75, cause: 'order_refunded' });
    expect(l.state().points).toBe(0);
    const released = l.run('2026-03-09T00:00:00.000Z', releasePending);
    expect(released[0]).toMatchObject({ points: 75, newPoint: 75 });
    // Cumulative refund now 50 of 100: half the order's 100 points are due back; 25 already were.
    const later = l.run('2026-03-10T00:00:00.000Z', (meta) => recordRefund(meta, '1', 'r2', 2_500));
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
    l.run('2026-03-02T00:00:00.000Z', paidOrder('1', 5_000, earningRule({ pendingDays: 3 })));
    const cancel = l.run('2026-03-03T00:00:00.000Z', (meta) => ({ type: 'CancelOrder', meta, orderId: '1' }));
    expect(cancel.map((e) => e.type)).toEqual([T.OrderCancelled, T.PendingPointsCancelled]);
    expect(cancel[1]).toMatchObject({ points: 50, remaining: 0 });
    expect(l.run('2026-03-10T00:00:00.000Z', releasePending)).toEqual([]);
    expect(l.state()).toMatchObject({ points: 0, tierPoint: 0, totalEarned: 0 });
  });

  it('held points cross a tier only when released', () => {
    const l = enrolled();
    l.run('2026-03-02T00:00:00.000Z', paidOrder('1', 150_000, earningRule({ pendingDays: 1 })));
    expect(l.state().tierId).toBe('bronze');
    const released = l.run('2026-03-04T00:00:00.000Z', releasePending);
    expect(released.map((e) => e.type)).toEqual([T.PointsAwarded, T.TierChanged]);
    expect(l.state().tierId).toBe('gold');
  });
});
