import { randomUUID } from 'node:crypto';
import { auth, createTestApp, expectError, TestApp } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * Customer ids derive from (shop, platform id), so a shop could probe for another shop's customers
 * by using their ids as cursors. A cursor of another shop must answer exactly like one that exists
 * nowhere, on every list.
 */
describe('reliability: cursors never reveal another shop', () => {
  let t: TestApp;
  let a: ProvisionedShop;
  let b: ProvisionedShop;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.shop();
    b = await t.shop();
    for (const shop of [a, b]) {
      await t.enrol(shop, 5001);
      await t.enrol(shop, 5002);
      for (const point of [10, 20])
        await t
          .http()
          .post('/rest_api/v2/transactions/points/award')
          .set(auth(shop))
          .send({ platformCustomerId: '5001', point })
          .expect(200);
      const program = await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'spending', event: 'amount_discount', title: 'Off', spending: { pointsCost: 5, rewardValue: 1 } })
        .expect(201);
      for (let i = 0; i < 2; i++)
        await t
          .http()
          .post('/rest_api/v2/programs/redemption/redeem')
          .set(auth(shop))
          .send({ programId: program.body.data.id, platformCustomerId: '5001', quantity: 1 })
          .expect(200);
    }
    const get = async (path: string) =>
      (await t.http().get(path).set(auth(b)).expect(200)).body.data as Array<{ id: string }>;
    ids.customer = (await get('/rest_api/v2/customers'))[0].id;
    ids.transaction = (await get('/rest_api/v2/transactions?platformCustomerId=5001'))[0].id;
    ids.reward = (await get('/rest_api/v2/rewards?platformCustomerId=5001'))[0].id;
  });
  afterAll(() => t.close());

  const lists: Array<[string, string, keyof typeof ids]> = [
    ['customers', '/rest_api/v2/customers?', 'customer'],
    ['transactions', '/rest_api/v2/transactions?platformCustomerId=5001&', 'transaction'],
    ['rewards', '/rest_api/v2/rewards?platformCustomerId=5001&', 'reward'],
  ];

  it.each(lists)('%s: a cursor of another shop answers exactly like an unknown one', async (_name, path, kind) => {
    for (const side of ['after', 'before']) {
      const foreign = ids[kind];
      const unknown = randomUUID();
      const answers = await Promise.all(
        [foreign, unknown].map((cursor) => t.http().get(`${path}${side}=${cursor}`).set(auth(a))),
      );
      for (const [i, res] of answers.entries()) {
        expect(res.status).toBe(400);
        expectError(res.body, 'BAD_REQUEST', 400);
        // Same words, only the cursor given back differs.
        expect(res.body.error.message.replace([foreign, unknown][i], '<cursor>')).toBe(
          answers[0].body.error.message.replace(foreign, '<cursor>'),
        );
      }
    }
  });

  it.each(lists)("%s: the shop's own cursor still pages", async (_name, path) => {
    const first = (await t.http().get(`${path}limit=1`).set(auth(a)).expect(200)).body;
    const next = (await t.http().get(`${path}limit=1&after=${first.data[0].id}`).set(auth(a)).expect(200)).body;
    expect(next.data).toHaveLength(1);
    expect(next.data[0].id).not.toBe(first.data[0].id);
  });
});
