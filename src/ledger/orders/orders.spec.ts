import { CustomerCommand } from '../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import {
  ADA,
  givenCustomer,
  ledgerSpec as spec,
  recordOrder,
  recordRefund,
} from '../../../test/support/customer-ledger-given';

const { customer, meta, enrolled: enrolledAs } = givenCustomer(ADA);
const enrolled = enrolledAs({ firstName: 'Ada', lastName: 'Lovelace' });
/** Fields of an order's events besides their own. */
const head = { ...customer, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('customer ledger: orders', () => {
  const order = recordOrder(meta(), '9001', 4990, { orderName: '#1001' });
  const recorded: CustomerEvent = {
    ...head,
    type: T.OrderRecorded,
    eventId: 'o',
    orderId: '9001',
    orderName: '#1001',
    totalCents: 4990,
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
  };

  it('records an order once, however often it arrives', () => {
    spec
      .given([enrolled])
      .when(order)
      .thenMatches([{ type: T.OrderRecorded, orderId: '9001', totalCents: 4990 }]);
    spec.given([enrolled, recorded]).when(order).thenNothing();
    expect(spec.given([enrolled, recorded]).state).toMatchObject({ ordersCount: 1, totalSpentCents: 4990 });
  });

  it('remembers every order and refund however many there are: the first of 3,000 still counts once', () => {
    const history: CustomerEvent[] = [enrolled];
    for (let i = 0; i < 3000; i++) {
      const orderId = String(10_000 + i);
      history.push({ ...recorded, eventId: `o-${i}`, orderId, totalCents: 100 });
      history.push({
        ...head,
        type: T.RefundRecorded,
        eventId: `r-${i}`,
        orderId,
        refundId: `r-${i}`,
        amountCents: 10,
      });
    }
    spec
      .given(history)
      .when(recordOrder(meta(), '10000', 100))
      .thenNothing();
    spec
      .given(history)
      .when(recordRefund(meta(), '10000', 'r-0', 10))
      .thenNothing();
    spec
      .given(history)
      .when(recordRefund(meta(), '10000', 'r-new', 10))
      .thenMatches([{ type: T.RefundRecorded, orderId: '10000', refundId: 'r-new', amountCents: 10 }]);
    expect(spec.given(history).state).toMatchObject({ ordersCount: 3000, totalSpentCents: 3000 * 90 });
  });

  it('a refund reduces the amount spent, never below what the order paid, and counts once', () => {
    const refund = (id: string, cents: number) => recordRefund(meta(), '9001', id, cents);
    spec
      .given([enrolled, recorded])
      .when(refund('r1', 1000))
      .thenMatches([{ type: T.RefundRecorded, amountCents: 1000 }]);
    spec
      .given([enrolled, recorded])
      .when(refund('r1', 99999))
      .thenMatches([{ amountCents: 4990 }]);
    const refunded: CustomerEvent = {
      ...head,
      type: T.RefundRecorded,
      eventId: 'r',
      orderId: '9001',
      refundId: 'r1',
      amountCents: 1000,
    };
    spec.given([enrolled, recorded, refunded]).when(refund('r1', 1000)).thenNothing();
    expect(spec.given([enrolled, recorded, refunded]).state.totalSpentCents).toBe(3990);
  });

  it('a cancelled order no longer counts; cancelling twice or an unknown order does nothing', () => {
    const cancel = (orderId: string): CustomerCommand => ({ type: 'CancelOrder', meta: meta(), orderId });
    spec
      .given([enrolled, recorded])
      .when(cancel('9001'))
      .thenMatches([{ type: T.OrderCancelled, remainingCents: 4990 }]);
    const cancelled: CustomerEvent = {
      ...head,
      type: T.OrderCancelled,
      eventId: 'c',
      orderId: '9001',
      remainingCents: 4990,
    };
    expect(spec.given([enrolled, recorded, cancelled]).state).toMatchObject({ ordersCount: 0, totalSpentCents: 0 });
    spec.given([enrolled, recorded, cancelled]).when(cancel('9001')).thenNothing();
    spec.given([enrolled]).when(cancel('777')).thenNothing();
  });
});
