import { CustomerCommand } from '../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { OrderEarningRule } from '../../programs/domain/order-earning';
import {
  earningRule,
  givenCustomer,
  ledgerSpec as spec,
  recordOrder,
  recordRefund,
} from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs } = givenCustomer({ email: 'x@example.com' });
const enrolled = enrolledAs();

describe('customer ledger: orders pay points, reversals take them back', () => {
  const earning = earningRule({ programId: 'p1', programTitle: 'Order points' });
  const pay = (orderId: string, totalCents: number, rule: OrderEarningRule | null = earning) =>
    recordOrder(meta(), orderId, totalCents, { earning: rule, tiers: [] });
  const history = (...commands: CustomerCommand[]) => {
    let events: CustomerEvent[] = [enrolled];
    for (const c of commands) events = [...events, ...spec.given(events).when(c).events()];
    return events;
  };

  it('an order pays its points once, naming the program and the order', () => {
    spec
      .given([enrolled])
      .when(pay('1', 4990))
      .thenMatches([
        { type: T.OrderRecorded, orderId: '1', autoRemovePoints: true },
        {
          type: T.PointsAwarded,
          points: 49,
          oldPoint: 0,
          newPoint: 49,
          event: 'place_order',
          source: 'platform',
          program: { programId: 'p1', programTitle: 'Order points', earnBy: 'price', rateMoney: 1 },
          order: { orderId: '1', orderName: '#1', currency: 'USD' },
        },
      ]);
    spec
      .given(history(pay('1', 4990)))
      .when(pay('1', 4990))
      .thenNothing();
  });

  it('no active program: the order is recorded, no points', () => {
    spec
      .given([enrolled])
      .when(pay('2', 4990, null))
      .thenMatches([{ type: T.OrderRecorded }]);
  });

  it('cancellation takes back every point the order earned, naming the original transaction', () => {
    const events = history(pay('1', 4990));
    const earned = events.find((e) => e.type === T.PointsAwarded) as any;
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([
        { type: T.OrderCancelled },
        {
          type: T.PointsRevoked,
          points: 49,
          requested: 49,
          shortfall: 0,
          oldPoint: 49,
          newPoint: 0,
          reversesTransactionId: earned.transactionId,
          cause: 'order_cancelled',
          order: expect.objectContaining({ orderId: '1' }),
        },
      ]);
  });

  it('partial refunds take back pro rata and add up to exactly what was earned', () => {
    const refund = (id: string, cents: number) => recordRefund(meta(), '1', id, cents);
    const events = history(pay('1', 3000), refund('r1', 1000), refund('r2', 1000), refund('r3', 1000));
    const revoked = events.filter((e) => e.type === T.PointsRevoked).map((e: any) => e.points);
    expect(revoked).toEqual([10, 10, 10]);
    const state = spec.given(events).state;
    expect(state).toMatchObject({ points: 0, tierPoint: 0, totalEarned: 0 });
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([{ type: T.OrderCancelled }]);
  });

  it('never below zero: what was already spent is recorded as shortfall', () => {
    const spent = history(pay('1', 5000), {
      type: 'DeductPoints',
      meta: meta(),
      request: { points: 40, source: 'rest_api', event: 'x' },
    });
    spec
      .given(spent)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([
        { type: T.OrderCancelled },
        { type: T.PointsRevoked, points: 10, requested: 50, shortfall: 40, newPoint: 0 },
      ]);
  });

  it('autoRemovePoints off: cancellations and refunds keep the points', () => {
    const events = history(pay('1', 5000, { ...earning, autoRemovePoints: false }));
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([{ type: T.OrderCancelled }]);
  });
});
