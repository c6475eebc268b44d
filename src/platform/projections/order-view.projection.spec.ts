import { ORDERS, OrderDoc, orderDocId, OrderViewProjection } from './order-view.projection';
import { customerStreamId } from '../../ledger/customer-stream';
import { CustomerEvent, CustomerEventType as T } from '../../ledger/customer-events';
import { onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/** The orders read model (which customer an order belongs to), each event delivered twice (see projectionSpec). */
describe('order view projection', () => {
  const readStore = projectionStore();
  const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
  const head = (eventId: string, day: number) => ({ eventId, occurredAt: at(day), shopId: 's1', customerId: 'c1' });
  const customerEvents = (...events: CustomerEvent[]) => onStream(customerStreamId('s1', 'c1'), events);
  const recorded = (orderId: string, eventId: string): CustomerEvent => ({
    ...head(eventId, 1),
    type: T.OrderRecorded,
    orderId,
    orderName: `#${orderId}`,
    totalCents: 10_000,
    currency: 'EUR',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
  });
  const refunded = (orderId: string, refundId: string, eventId: string, day: number): CustomerEvent => ({
    ...head(eventId, day),
    type: T.RefundRecorded,
    orderId,
    refundId,
    amountCents: 2_500,
  });

  it('an order, two partial refunds and a cancellation: each counted once', async () => {
    const spec = projectionSpec(new OrderViewProjection(), readStore());
    await spec.given(customerEvents(recorded('o1', 'e1')));
    await spec.when(
      customerEvents(refunded('o1', 'r1', 'e2', 2), refunded('o1', 'r2', 'e3', 3), {
        ...head('e4', 4),
        type: T.OrderCancelled,
        orderId: 'o1',
        remainingCents: 5_000,
      }),
    );
    expect(await spec.all<OrderDoc>(ORDERS)).toEqual([
      {
        id: orderDocId('s1', 'o1'),
        shopId: 's1',
        orderId: 'o1',
        customerId: 'c1',
        orderName: '#o1',
        totalCents: 10_000,
        refundedCents: 5_000,
        cancelled: true,
        currency: 'EUR',
        sourceName: 'web',
        createdAt: at(1),
        updatedAt: at(4),
        streamRevision: '3',
      },
    ]);
  });

  it('a refund of an order it never saw recorded leaves no document', async () => {
    const spec = projectionSpec(new OrderViewProjection(), readStore());
    await spec.when(customerEvents(refunded('o9', 'r9', 'e5', 5)));
    expect(await spec.then(ORDERS, orderDocId('s1', 'o9'))).toBeNull();
  });
});
