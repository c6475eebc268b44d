import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { auth, caughtUp, createTestApp, expectSuccess, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * Two service processes on one PostgreSQL database each follow the log into the shared read models.
 * The liability's days are sums: both processes applying the same events at once must still count
 * each movement once.
 */
const onPostgres = defaultStoreKind() === 'postgres' ? describe : describe.skip;

onPostgres('liability days with two service processes (postgres)', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let apps: INestApplication[];
  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    apps = [t.app, await t.secondInstance()];
  });
  afterAll(() => t.close());

  it('counts every award once when both processes project them together', async () => {
    const customers = Array.from({ length: 24 }, (_, i) => 9100 + i);
    for (const id of customers) await t.enrol(shop, id);
    const award = (app: INestApplication, id: number) =>
      request(app.getHttpServer())
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: String(id), point: 7 })
        .expect(200);
    for (let round = 0; round < 5; round++)
      await Promise.all(customers.map((id, i) => award(apps[(i + round) % 2], id)));
    await caughtUp(apps);
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString();
    const to = new Date(Date.parse(from) + 86_400_000).toISOString();
    for (const app of apps) {
      const answer = await request(app.getHttpServer())
        .get('/rest_api/v2/audit/liability')
        .query({ from, to, interval: 'day' })
        .set(auth(shop))
        .expect(200);
      const [period] = expectSuccess(answer.body).periods as Array<Record<string, any>>;
      expect({ closing: period.closing, customersWithBalance: period.customersWithBalance }).toEqual({
        closing: customers.length * 5 * 7,
        customersWithBalance: customers.length,
      });
    }
  });
});
