import { createTestApp, TestApp, expectError, expectSuccess, OPERATOR_TOKEN } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { shopClient } from '../support/scenario';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { Difference, ReadModelVerifier } from '../../src/audit/queries/verify-read-models';
import { CUSTOMERS, CustomerDoc, TRANSACTIONS, TransactionDoc } from '../../src/ledger/read-models/ledger-read-models';
import { REWARDS, RewardDoc } from '../../src/ledger/read-models/reward-read-models';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { LIABILITY_DAYS, LiabilityDayDoc } from '../../src/audit/liability/liability-days.projection';

/**
 * Verification folds every customer stream and compares each read-model document with the fold:
 * nothing to report on an intact store; every document changed, removed or invented behind the
 * service's back is reported.
 */
describe(`verify the read models against the log (${defaultStoreKind()})`, () => {
  const now = new Date('2026-05-01T10:00:00.000Z');
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const api = () => t.http();
  const operator = (method: 'get' | 'post', path: string) =>
    api()[method](`/admin/api${path}`).set('Authorization', `Bearer ${OPERATOR_TOKEN}`);
  const collection = <T extends { id: string }>(definition: { name: string }) =>
    t.store.storage.readStore.collection<T>(definition);
  const verify = async (shopId: string | null = shop.shopId) => {
    const differences: Difference[] = [];
    const summary = await t.app.get(ReadModelVerifier).run({ shopId, onDifference: (d) => void differences.push(d) });
    return { summary, differences };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    shop = await t.shop();
    other = await t.shop();
    const merchant = shopClient(t, shop);
    await merchant.tier({ name: 'Silver', targetPoint: 100, tierRewards: [{ type: 'points', points: 10 }] });
    await merchant.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, pendingDays: 3 });
    const program = await merchant.spending('amount_discount', '$1', { pointsCost: 20, rewardValue: 1 });
    for (const id of [701, 702, 703]) await t.enrol(shop, id);
    await t.enrol(other, 701);
    await merchant.award(701, 150);
    await merchant.redeem({ programId: program, platformCustomerId: '701', quantity: 1 }).expect(200);
    await t
      .platform(shop, 'orders/paid', {
        id: 9701,
        customer: { id: 702, state: 'enabled' },
        total_price: '40.00',
        line_items: [],
      })
      .expect(200);
    await shopClient(t, other).award(701, 5);
  });
  afterAll(() => t.close());

  it('an intact store: no differences, every stream and document counted', async () => {
    const { summary, differences } = await verify();
    expect(differences).toEqual([]);
    expect(summary).toMatchObject({
      shopId: shop.shopId,
      streams: 3,
      // 701: enrolled, awarded, tier changed, bonus, redeemed; 702: enrolled, order, pending; 703: enrolled
      events: 9,
      // 701: award, bonus, redemption; 702: the held order points.
      documents: { customers: 3, transactions: 4, rewards: 1 },
      differences: 0,
      inFlight: 0,
    });
    const all = await verify(null);
    expect(all.differences).toEqual([]);
    expect(all.summary).toMatchObject({ shopId: null, streams: 4, events: 11 });
  });

  it('reports every document changed, removed or invented behind the service', async () => {
    const customers = await collection<CustomerDoc>(CUSTOMERS);
    const transactions = await collection<TransactionDoc>(TRANSACTIONS);
    const rewards = await collection<RewardDoc>(REWARDS);
    const c701 = customerIdFor(shop.shopId, 701);
    const c702 = customerIdFor(shop.shopId, 702);
    const c703 = customerIdFor(shop.shopId, 703);
    const doc701 = (await customers.get(c701))!;
    const doc702 = (await customers.get(c702))!;
    const doc703 = (await customers.get(c703))!;
    // 701's balance and tier point edited by hand.
    await customers.put({ ...doc701, point: doc701.point + 1000, tierPoint: 1 });
    // 702's held points edited.
    await customers.put({ ...doc702, pendingPoints: 0 });
    // 703's document deleted.
    await customers.delete(c703);
    // A customer document no event explains.
    await customers.put({ ...doc703, id: 'ffffffff-0000-5000-8000-000000000001', platformCustomerId: 999 });
    // A transaction row edited, and one deleted.
    const rows = await transactions.find({ customerId: c701 }, { sort: { field: 'sortKey', direction: 'asc' } });
    expect(rows.map((r) => r.type)).toEqual(['earn_point', 'earn_point', 'redeem_point']);
    await transactions.put({ ...rows[0], newPoint: 151, earnPoint: 151 });
    await transactions.delete(rows[2].id);
    // 702's hold marked as refunded, though no refund happened.
    const [held] = await transactions.find({ customerId: c702 });
    expect(held).toMatchObject({ isPendingPointPlaceOrder: true, refundPendingPoint: false, earnPoint: 40 });
    await transactions.put({ ...held, refundPendingPoint: true });
    // A coupon marked used that was never used.
    const [reward] = await rewards.find({ customerId: c701 });
    await rewards.put({ ...reward, discountStatus: 'used' });
    // Another shop's documents are untouched, and not this run's concern.

    const { summary, differences } = await verify();
    const brief = differences.map((d) => [d.collection, d.problem, d.documentId, d.field ?? null, d.readModel, d.log]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ['customers_v4', 'field', c701, 'point', doc701.point + 1000, doc701.point],
        ['customers_v4', 'field', c701, 'tierPoint', 1, doc701.tierPoint],
        ['customers_v4', 'field', c702, 'pendingPoints', 0, 40],
        ['customers_v4', 'missing', c703, null, undefined, undefined],
        ['customers_v4', 'unexplained', 'ffffffff-0000-5000-8000-000000000001', null, undefined, undefined],
        ['transactions_v2', 'field', rows[0].id, 'newPoint', 151, 150],
        ['transactions_v2', 'field', rows[0].id, 'earnPoint', 151, 150],
        ['transactions_v2', 'missing', rows[2].id, null, undefined, undefined],
        ['transactions_v2', 'field', held.id, 'refundPendingPoint', true, false],
        ['rewards_v2', 'field', reward.id, 'discountStatus', 'used', 'active'],
      ]),
    );
    expect(differences).toHaveLength(10);
    expect(summary.differences).toBe(10);
    expect(differences.every((d) => d.shopId === shop.shopId)).toBe(true);
    // The other shop is still clean.
    expect((await verify(other.shopId)).differences).toEqual([]);

    // Put everything back as the log says: clean again.
    await customers.put(doc701);
    await customers.put(doc702);
    await customers.put(doc703);
    await customers.delete('ffffffff-0000-5000-8000-000000000001');
    await transactions.put(rows[0]);
    await transactions.put(rows[2]);
    await transactions.put(held);
    await rewards.put(reward);
    expect((await verify()).differences).toEqual([]);
  });

  it("recomputes the liability's days from the log: a changed, removed or invented day is reported", async () => {
    const days = await collection<LiabilityDayDoc>(LIABILITY_DAYS);
    const id = `${shop.shopId}|2026-05-01`;
    const day = (await days.get(id))!;
    // 701: 150 awarded, 10 bonus, 20 spent; 702: 40 held.
    expect(day).toMatchObject({ issuedManual: 150, issuedTierRewards: 10, redeemedSpent: 20, pendingHeld: 40 });
    expect((await verify()).summary.documents).toEqual({ customers: 3, transactions: 4, rewards: 1, liabilityDays: 1 });
    await days.put({ ...day, issuedManual: 151 });
    await days.put({ ...day, id: `${shop.shopId}|2026-04-30`, day: '2026-04-30', expired: 5 });
    const changed = await verify();
    expect(changed.differences).toEqual([
      {
        collection: 'liability_days_v1',
        documentId: id,
        shopId: shop.shopId,
        customerId: null,
        problem: 'field',
        field: 'issuedManual',
        readModel: 151,
        log: 150,
      },
      {
        collection: 'liability_days_v1',
        documentId: `${shop.shopId}|2026-04-30`,
        shopId: shop.shopId,
        customerId: null,
        problem: 'unexplained',
      },
    ]);
    await days.delete(id);
    await days.delete(`${shop.shopId}|2026-04-30`);
    expect((await verify()).differences).toEqual([
      { collection: 'liability_days_v1', documentId: id, shopId: shop.shopId, customerId: null, problem: 'missing' },
    ]);
    await days.put(day);
    expect((await verify()).differences).toEqual([]);
  });

  it('the operator starts it as a background job and reads its status, summary and differences', async () => {
    const customers = await collection<CustomerDoc>(CUSTOMERS);
    const c702 = customerIdFor(shop.shopId, 702);
    const doc702 = (await customers.get(c702))!;
    await customers.put({ ...doc702, email: 'someone-else@example.com', ordersCount: 5 });
    try {
      const started = await operator('post', '/audit/verifications').send({ shopId: shop.shopId }).expect(202);
      const job = expectSuccess(started.body);
      expect(job).toMatchObject({ id: expect.any(String), shopId: shop.shopId, status: 'running', differences: 0 });
      let status: any;
      for (let i = 0; i < 200; i++) {
        status = (await operator('get', `/audit/verifications/${job.id}`).expect(200)).body;
        if (status.data.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status.data).toMatchObject({
        id: job.id,
        status: 'succeeded',
        differences: 2,
        finishedAt: expect.any(String),
        summary: { shopId: shop.shopId, streams: 3, events: 9, differences: 2 },
        error: null,
      });
      expect(status.data.differenceList).toEqual([
        {
          collection: 'customers_v4',
          documentId: c702,
          shopId: shop.shopId,
          customerId: c702,
          problem: 'field',
          field: 'email',
          readModel: 'someone-else@example.com',
          log: 'c702@example.com',
          seq: 1,
        },
        expect.objectContaining({ field: 'ordersCount', readModel: 5, log: 1, seq: 2 }),
      ]);
      expect(status.meta).toEqual({ hasMore: false });
      const paged = (await operator('get', `/audit/verifications/${job.id}?after=1&limit=1`).expect(200)).body;
      expect(paged.data.differenceList.map((d: any) => d.seq)).toEqual([2]);
    } finally {
      await customers.put(doc702);
    }
  });

  it('operator errors: unknown job 404, unknown shop 404, bad shop id 400, no token 401', async () => {
    expectError((await operator('get', '/audit/verifications/nope').expect(404)).body, 'NOT_FOUND', 404);
    expectError(
      (
        await operator('post', '/audit/verifications')
          .send({ shopId: '00000000-0000-5000-8000-000000000000' })
          .expect(404)
      ).body,
      'NOT_FOUND',
      404,
    );
    const bad = expectError(
      (await operator('post', '/audit/verifications').send({ shopId: 'x' }).expect(400)).body,
      'BAD_REQUEST',
      400,
    );
    expect(bad.field).toBe('shopId');
    expectError((await api().post('/admin/api/audit/verifications').send({}).expect(401)).body, 'UNAUTHORIZED', 401);
  });
});
