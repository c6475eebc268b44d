import { scenario } from '../support/scenario';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import { ProjectionBatch } from '../../src/projections/projection-batch';
import { TransactionViewProjection } from '../../src/ledger/projections/transaction-view.projection';
import { TRANSACTIONS, TransactionDoc } from '../../src/ledger/read-models/ledger-read-models';
import { CustomerEventType as T } from '../../src/ledger/customer-events';
import { fromRecorded } from '../../src/event-sourcing/domain-event';
import { lacksRecordedDetails, RowEvent } from '../../src/ledger/projections/transaction-rows';
import { LedgerRowDetails } from '../../src/ledger/recorded-details';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { platformOrder } from '../support/platform-orders';
import { wholeLog } from '../support/whole-log';

const DAY = 86_400_000;

/** An event as it was recorded before rows showed holds, releases' holds, reversals' orders and refunds' programs. */
function asRecordedBefore(recorded: RecordedEvent): RecordedEvent {
  const data = { ...recorded.data } as Record<string, any>;
  if (recorded.type === T.PointsPending) delete data.balance;
  if (recorded.type === T.PointsAwarded) delete data.pendingTransactionId;
  if (recorded.type === T.PointsRevoked) data.order = { orderId: data.order.orderId, orderName: null, currency: null };
  if (recorded.type === T.CouponRefunded) delete data.program;
  return { ...recorded, data };
}

/**
 * Stores written before transactions_v2 hold events without the details rows now show. Rebuilt, their
 * rows show exactly what rows of events recorded today show (the ledger's state before the event
 * supplies them).
 */
describe('transaction rows of events recorded before their details were', () => {
  let now = new Date('2026-04-01T09:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });

  it('rebuilt from older events, every row equals the live one', async () => {
    const shop = await s.newShop();
    const api = (path: string, body: object) => shop.post(`${path}`, body);
    await api('/programs', {
      type: 'earning',
      event: 'place_order',
      title: 'Orders',
      earnPoint: 1,
      rateMoney: 1,
      pendingDays: 3,
    }).expect(201);
    const program = (
      await api('/programs', {
        type: 'spending',
        event: 'amount_discount',
        title: '$2 off',
        spending: { pointsCost: 20, rewardValue: 2 },
      }).expect(201)
    ).body.data.id;
    await shop.enrol(4101);
    await api('/transactions/points/award', { platformCustomerId: '4101', point: 5 }).expect(200);
    const order = (id: number, total: string) => platformOrder(id, { id: 4101 }, total, { currency: 'CAD' });
    const paid = (id: number, total: string) => shop.platform('orders/paid', order(id, total)).expect(200);
    await paid(7001, '100.00');
    await paid(7002, '50.00');
    now = new Date(now.getTime() + DAY);
    await shop
      .platform('refunds/create', { id: 1, order_id: 7001, transactions: [{ kind: 'refund', amount: '10.00' }] })
      .expect(200);
    now = new Date(now.getTime() + 3 * DAY);
    expect(await s.t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    await shop
      .platform('refunds/create', { id: 2, order_id: 7001, transactions: [{ kind: 'refund', amount: '50.00' }] })
      .expect(200);
    await shop.platform('orders/cancelled', order(7002, '50.00')).expect(200);
    const code = (
      await api('/programs/redemption/redeem', { programId: program, platformCustomerId: '4101', quantity: 1 }).expect(
        200,
      )
    ).body.meta.couponCode;
    await api('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '4101' }).expect(200);

    const projection = s.t.app.get(TransactionViewProjection);
    // Read as the service reads its log: personal fields opened (the raw log holds them sealed).
    const log = (await wholeLog(s.t.store.storage, s.t.app.get<EventStore>(EVENT_STORE))).filter(
      (e) => (e.data as { shopId?: string }).shopId === shop.shop.shopId,
    );
    const older = log.map(asRecordedBefore);
    const rowEvents = older.filter((e) => projection.handles(e.type) && e.type !== T.PendingPointsCancelled);
    // Every kind of detail is missing somewhere: a hold, a release, reversals, a coupon refund.
    expect(rowEvents.filter((e) => lacksRecordedDetails(fromRecorded<RowEvent>(e))).map((e) => e.type)).toEqual(
      expect.arrayContaining([T.PointsPending, T.PointsAwarded, T.PointsRevoked, T.CouponRefunded]),
    );

    const oldLog = {
      readStream: async (streamId: string, from = 0n, max = Number.MAX_SAFE_INTEGER) =>
        older.filter((e) => e.streamId === streamId && e.revision >= from).slice(0, max),
    } as unknown as EventStore;
    const batch = new ProjectionBatch(s.t.store.storage.readStore);
    // Two batches' worth, so the fold also resumes across calls.
    const rebuilt = new TransactionViewProjection(new LedgerRowDetails(oldLog));
    const handled = older.filter((e) => rebuilt.handles(e.type));
    await rebuilt.apply(handled.slice(0, 4), batch);
    await rebuilt.apply(handled.slice(4), batch);

    const live = await (
      await s.t.store.storage.readStore.collection<TransactionDoc>(TRANSACTIONS)
    ).find({ shopId: shop.shop.shopId }, { sort: { field: 'id', direction: 'asc' } });
    expect(live.length).toBe(rowEvents.length);
    const staged = batch.collection<TransactionDoc>(TRANSACTIONS);
    for (const row of live) expect(await staged.get(row.id)).toEqual(row);
    // And the details are there: the reversals name their order, the refund its program.
    const reversals = live.filter((r) => r.event.startsWith('order_'));
    expect(reversals.map((r) => [r.orderName, r.orderCurrency]).sort()).toEqual([
      ['#7001', 'CAD'],
      ['#7002', 'CAD'],
    ]);
    expect(live.find((r) => r.event === 'coupon_refunded')).toMatchObject({
      programId: program,
      programTitle: '$2 off',
    });
  });
});
