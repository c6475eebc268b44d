import { createTestApp, TestApp, auth } from '../support/test-app';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { Projection, PROJECTIONS } from '../../src/projections/projection';
import { ProjectionBatch } from '../../src/projections/projection-batch';

/** Rebuilding every read model from the log gives exactly what live projection gave. */
describe('rebuild from the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function snapshot(): Promise<Record<string, unknown[]>> {
    const projections = t.app.get<Projection[]>(PROJECTIONS);
    const out: Record<string, unknown[]> = {};
    for (const projection of projections) {
      for (const definition of projection.collections) {
        const docs = await (await t.store.storage.readStore.collection<{ id: string }>(definition)).find({}, { sort: { field: 'id', direction: 'asc' } });
        out[definition.name] = docs;
      }
    }
    return out;
  }

  it('customers, transactions, tiers, shops and orders are identical after a rebuild', async () => {
    const shop = await t.shop();
    const other = await t.shop();
    const silver = (await t.http().post('/rest_api/v2/tiers').set(auth(shop)).send({ name: 'Silver', targetPoint: 100 }).expect(201)).body.data.id;
    await t.http().put(`/rest_api/v2/tiers/${silver}`).set(auth(shop)).send({ name: 'Argent' }).expect(200);
    const temp = (await t.http().post('/rest_api/v2/tiers').set(auth(shop)).send({ name: 'Temp', targetPoint: 9999 }).expect(201)).body.data.id;
    await t.http().delete(`/rest_api/v2/tiers/${temp}`).set(auth(shop)).expect(200);
    for (let i = 1; i <= 6; i++) {
      await t.enrol(i % 2 ? shop : other, 500 + i);
      await t.http().post('/rest_api/v2/transactions/points/award').set(auth(i % 2 ? shop : other)).send({ platformCustomerId: String(500 + i), point: 40 * i }).expect(200);
    }
    await t.http().post('/rest_api/v2/transactions/points/deduct').set(auth(shop)).send({ platformCustomerId: '501', point: 5 }).expect(200);
    await t.http().post('/rest_api/v2/transactions/points/reset').set(auth(shop)).send({ platformCustomerId: '503', point: 1 }).expect(200);
    await t.http().put('/rest_api/v2/customers/external/505').set(auth(shop)).send({ dateOfBirth: '1990-01-02' }).expect(200);
    await t.http().put('/rest_api/v2/customers/external/505/tier').set(auth(shop)).send({ tierId: silver, isInitTier: true }).expect(200);
    await t.platform(shop, 'customers/update', { id: 501, email: 'renamed@example.com', first_name: 'Re' }).expect(200);
    await t.platform(shop, 'orders/paid', { id: 8001, customer: { id: 501 }, total_price: '12.50', line_items: [] }).expect(200);
    await t.platform(shop, 'refunds/create', { id: 1, order_id: 8001, transactions: [{ kind: 'refund', amount: '2.50' }] }).expect(200);

    const live = await snapshot();
    expect((live.customers_v2 as unknown[]).length).toBe(6);
    expect((live.transactions_v1 as unknown[]).length).toBe(8);
    expect((live.orders_v1 as unknown[]).length).toBe(1);

    const result = await t.app.get(ProjectionRunner).rebuild();
    expect(result.events).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(live);

    // The service keeps projecting after a rebuild.
    await t.http().post('/rest_api/v2/transactions/points/award').set(auth(shop)).send({ platformCustomerId: '501', point: 1 }).expect(200);
    const customer = await t.http().get('/rest_api/v2/customers/external/501').set(auth(shop)).expect(200);
    expect(customer.body.data.point).toBe(40 - 5 + 1);
  });

  it('redelivered events do not count twice', async () => {
    const shop = await t.shop();
    await t.enrol(shop, 601);
    await t.http().post('/rest_api/v2/transactions/points/award').set(auth(shop)).send({ platformCustomerId: '601', point: 10 }).expect(200);
    const before = await snapshot();
    // Apply the whole log again on top of the live read models, as after a crash before a checkpoint.
    const log = await t.store.storage.eventStore.readAll({ after: null, limit: 100000 });
    for (const projection of t.app.get<Projection[]>(PROJECTIONS)) {
      const batch = new ProjectionBatch(t.store.storage.readStore);
      await projection.apply(log.filter((e) => projection.handles(e.type)), batch);
      await batch.commit();
    }
    expect(await snapshot()).toEqual(before);
  });
});
