import { CustomerViewProjection } from './customer-view.projection';
import { CUSTOMERS, CustomerDoc } from '../read-models/ledger-read-models';
import { projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { customerEvents } from '../../../test/support/customer-event-fixtures';

/** The customers read model, each event delivered twice (see projectionSpec). */
describe('customer view projection', () => {
  const readStore = projectionStore();

  it('balance, earned total and orders follow the events, and a redelivery counts nothing twice', async () => {
    const spec = projectionSpec(new CustomerViewProjection(), readStore());
    const e = customerEvents('shop-1', 'cust-1', 101);
    await spec.given([e.enrolled('2026-03-01T10:00:00.000Z'), e.awarded('2026-03-02T10:00:00.000Z', 'tx-1', 0, 50)]);
    await spec.when([
      e.orderRecorded('2026-03-03T10:00:00.000Z', 'order-1', 12_345),
      e.deducted('2026-03-04T10:00:00.000Z', 'tx-2', 50, 20),
    ]);
    expect(await spec.then<CustomerDoc>(CUSTOMERS, 'cust-1')).toMatchObject({
      shopId: 'shop-1',
      platformCustomerId: 101,
      point: 30,
      totalEarnedPoints: 50,
      ordersCount: 1,
      totalSpentCents: 12_345,
      enrolledAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-04T10:00:00.000Z',
      streamRevision: '3',
    });
  });

  it('an event for a customer it never saw enrolled leaves no document', async () => {
    const spec = projectionSpec(new CustomerViewProjection(), readStore());
    const e = customerEvents('shop-1', 'cust-2', 102);
    await spec.when([e.awarded('2026-03-02T10:00:00.000Z', 'tx-3', 0, 5)]);
    expect(await spec.then(CUSTOMERS, 'cust-2')).toBeNull();
  });
});
