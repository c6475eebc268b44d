import { createTestApp, TestApp } from '../support/test-app';
import { scenario, shopClient, ShopClient } from '../support/scenario';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { ReadYourWrites } from '../../src/projections/read-your-writes';
import { Projection, PROJECTIONS } from '../../src/projections/projection';
import { ProjectionBatch } from '../../src/projections/projection-batch';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { CouponExpiry } from '../../src/ledger/coupons/coupon-expiry.scheduler';
import { TierReviews } from '../../src/ledger/tiers/tier-reviews.scheduler';
import { waitUntil } from '../support/receiver';
import { defaultStoreKind, StoreKind } from '../support/stores';
import { Metrics } from '../../src/metrics/metrics';
import { EVENT_STORE, EventStore } from '../../src/infrastructure/event-store/event-store.port';
import { wholeLog } from '../support/whole-log';

/** Every document of every projection's collections, by collection name, in id order. */
/** Every read model as stored, once it holds what the app answered (points changes answer ahead of it). */
async function readModelsOf(t: TestApp): Promise<Record<string, unknown[]>> {
  await t.app.get(ReadYourWrites).settle();
  const out: Record<string, unknown[]> = {};
  for (const projection of t.app.get<Projection[]>(PROJECTIONS)) {
    for (const definition of projection.collections) {
      out[definition.name] = await (
        await t.store.storage.readStore.collection<{ id: string }>(definition)
      ).find({}, { sort: { field: 'id', direction: 'asc' } });
    }
  }
  return out;
}

/** A platform order of `total` paid by a customer, then `refunded` of it given back. */
async function paidThenRefunded(
  shop: ShopClient,
  order: { orderId: number; customerId: number; total: string; refundId: number; refunded: string },
) {
  const { orderId, customerId, total, refundId, refunded } = order;
  await shop
    .platform('orders/paid', { id: orderId, customer: { id: customerId }, total_price: total, line_items: [] })
    .expect(200);
  await shop
    .platform('refunds/create', {
      id: refundId,
      order_id: orderId,
      transactions: [{ kind: 'refund', amount: refunded }],
    })
    .expect(200);
}

/**
 * Rebuilding every read model from the log gives exactly what live projection gave: on the default
 * store, and with the MongoDB read store adapter (over mingo here; on a server with READ_STORE=mongodb).
 */
describe.each<StoreKind>([defaultStoreKind(), 'mingo'])('rebuild from the log (%s)', (kind) => {
  const s = scenario({ kind, fresh: true }); // it compares whole read models

  const snapshot = () => readModelsOf(s.t);

  it('customers, transactions, tiers, shops and orders are identical after a rebuild', async () => {
    const shop = await s.newShop();
    const other = await s.newShop();
    const silver = (await shop.tier({ name: 'Silver', targetPoint: 100 })).id;
    await shop.put(`/tiers/${silver}`, { name: 'Argent' }).expect(200);
    const temp = (await shop.tier({ name: 'Temp', targetPoint: 9999 })).id;
    await shop.delete(`/tiers/${temp}`).expect(200);
    for (let i = 1; i <= 6; i++) {
      const owner = i % 2 ? shop : other;
      await owner.enrol(500 + i);
      await owner.award(500 + i, 40 * i);
    }
    await shop.deduct(501, 5);
    await shop.post('/transactions/points/reset', { platformCustomerId: '503', point: 1 }).expect(200);
    await shop.put('/customers/external/505', { dateOfBirth: '1990-01-02' }).expect(200);
    await shop.put('/customers/external/505/tier', { tierId: silver, isInitTier: true }).expect(200);
    await shop.platform('customers/update', { id: 501, email: 'renamed@example.com', first_name: 'Re' }).expect(200);
    await paidThenRefunded(shop, { orderId: 8001, customerId: 501, total: '12.50', refundId: 1, refunded: '2.50' });

    const live = await snapshot();
    expect((live.customers_v4 as unknown[]).length).toBe(6);
    expect((live.transactions_v2 as unknown[]).length).toBe(8);
    expect((live.orders_v1 as unknown[]).length).toBe(1);

    const lagObservations = async () =>
      (await s.t.app.get(Metrics).projectionLag.get()).values
        .filter((v) => v.metricName === 'loyalty_projection_lag_seconds_count')
        .reduce((sum, v) => sum + v.value, 0);
    const observedLive = await lagObservations();
    expect(observedLive).toBeGreaterThan(0);

    const result = await s.t.app.get(ProjectionRunner).rebuild();
    expect(result.events).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(live);
    // The log's history replayed is not projection lag: the histogram is as it was.
    expect(await lagObservations()).toBe(observedLive);

    // The service keeps projecting after a rebuild, and measuring its lag.
    await shop.award(501, 1);
    const customer = await shop.get('/customers/external/501').expect(200);
    expect(customer.body.data.point).toBe(40 - 5 + 1);
    expect(await lagObservations()).toBeGreaterThan(observedLive);
  });

  it('the engine read models (held points, coupons bought, refunded, expired and granted, tier reviews) are identical after a rebuild', async () => {
    let now = new Date('2026-01-10T10:00:00.000Z');
    const app = await createTestApp({ clock: { now: () => now }, kind });
    try {
      const shop = shopClient(app, await app.shop());
      await shop.tier({
        name: 'VIP',
        targetPoint: 200,
        tierRewards: [
          { type: 'points', points: 20 },
          { type: 'coupon', rewardType: 'free_shipping', title: 'VIP shipping' },
        ],
      });
      await shop.put('/settings/tier-retention', { downgrade: true, assessmentMonths: 1, windowMonths: 1 }).expect(200);
      await shop.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, pendingDays: 3 });
      const program = await shop.spending('amount_discount', '$1', {
        pointsCost: 10,
        rewardValue: 1,
        expiresInDays: 5,
        totalLimitationRedeem: 10,
      });
      await shop.enrol(601);
      await paidThenRefunded(shop, { orderId: 8101, customerId: 601, total: '300.00', refundId: 2, refunded: '30.00' });
      now = new Date('2026-01-14T10:00:00.000Z');
      await app.app.get(PendingPointsRelease).runOnce();
      const redeem = () => shop.redeem({ programId: program, platformCustomerId: '601', quantity: 1 }).expect(200);
      const refunded = (await redeem()).body.meta.couponCode;
      await shop.post('/rewards/coupons/refund', { discountCode: refunded, platformCustomerId: '601' }).expect(200);
      await redeem();
      now = new Date('2026-01-20T10:00:00.000Z');
      await app.app.get(CouponExpiry).runOnce();
      now = new Date('2026-02-20T10:00:00.000Z');
      await app.app.get(TierReviews).runOnce();
      await waitUntil(
        async () => (await shop.get('/rewards?platformCustomerId=601').expect(200)).body.data.length === 3,
        10_000,
        'granted coupon',
      );

      const snapshotOf = () => readModelsOf(app);
      const live = await snapshotOf();
      const customer = (live.customers_v4 as Array<Record<string, unknown>>)[0];
      expect(customer).toMatchObject({ point: 270 + 20 - 10, pendingPoints: 0 });
      expect((live.rewards_v2 as Array<{ discountStatus: string }>).map((r) => r.discountStatus).sort()).toEqual([
        'active',
        'expired',
        'refunded',
      ]);
      // The projected counts: the refunded coupon gave its redemption back, the expired one counts.
      expect(live.customer_redemptions_v1).toMatchObject([{ redeemed: { [program]: 1 } }]);
      expect(live.program_redemptions_v1).toMatchObject([{ programId: program, redeemed: 1 }]);
      await app.app.get(ProjectionRunner).rebuild();
      expect(await snapshotOf()).toEqual(live);
    } finally {
      await app.close();
    }
  });

  it('redelivered events do not count twice', async () => {
    const shop = await s.newShop();
    await shop.enrol(601);
    await shop.award(601, 10);
    const before = await snapshot();
    // Apply the whole log again on top of the live read models, as after a crash before a checkpoint.
    // Through the app's event store: the projections are given events with their personal fields opened.
    const log = await wholeLog(s.t.store.storage, s.t.app.get<EventStore>(EVENT_STORE));
    for (const projection of s.t.app.get<Projection[]>(PROJECTIONS)) {
      const batch = new ProjectionBatch(s.t.store.storage.readStore);
      await projection.apply(
        log.filter((e) => projection.handles(e.type)),
        batch,
      );
      await batch.commit();
    }
    expect(await snapshot()).toEqual(before);
  });
});
