import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { createTestApp, TestApp, auth } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * Points are money: 50 deducts of 10 racing on a balance of 100 must leave exactly 10 successes.
 * On PostgreSQL the requests are split across two service instances (two connection pools, two
 * caches), so the expected-revision check in the database is what decides, not an in-process queue.
 */
describe(`concurrent deducts (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let apps: INestApplication[];

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    apps = defaultStoreKind() === 'postgres' ? [t.app, await t.secondInstance()] : [t.app];
  });
  afterAll(() => t.close());

  it('50 parallel deducts of 10 on a balance of 100: 10 succeed, balance 0, 10 deduct transactions', async () => {
    await t.enrol(shop, 777);
    await t
      .http()
      .post('/rest_api/v2/transactions/points/award')
      .set(auth(shop))
      .send({ platformCustomerId: '777', point: 100 })
      .expect(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/transactions/points/deduct')
          .set(auth(shop))
          .send({ platformCustomerId: '777', point: 10 }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(
      true,
    );
    // Every successful answer saw a different balance: no two deducts spent the same points.
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.meta.newPoint)).size).toBe(10);

    const customer = await t.http().get('/rest_api/v2/customers/external/777').set(auth(shop)).expect(200);
    expect(customer.body.data.point).toBe(0);
    const deducts = await t
      .http()
      .get('/rest_api/v2/transactions?platformCustomerId=777&type=redeem_point&hasCount=true&limit=100')
      .set(auth(shop))
      .expect(200);
    expect(deducts.body.meta.pagination.total).toBe(10);
    expect(deducts.body.data.every((row: any) => row.spendPoint === 10)).toBe(true);
    // The log agrees with the read model.
    const stream = await t.store.storage.eventStore.readStream(`customer-${shop.shopId}_${customer.body.data.id}`);
    expect(stream.filter((e) => e.type === 'points.deducted.v1')).toHaveLength(10);
    // Whether the two processes' appends collided in this run depends on timing (each process queues
    // its own commands on a stream); test/infrastructure/decision-runner.spec.ts forces the collision.
  });

  it('parallel keyed awards from both instances apply each key once', async () => {
    await t.enrol(shop, 778);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/transactions/points/award')
          .set(auth(shop))
          .set('Idempotency-Key', `order-${i % 5}`)
          .send({ platformCustomerId: '778', point: 10 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const customer = await t.http().get('/rest_api/v2/customers/external/778').set(auth(shop)).expect(200);
    expect(customer.body.data.point).toBe(50);
  });
});

describe(`duplicate order webhooks (${defaultStoreKind()})`, () => {
  it('the same paid order delivered 10 times at once (two instances on PostgreSQL) pays once', async () => {
    const t = await createTestApp();
    try {
      const shop = await t.shop();
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'place_order', title: 'Orders', earnPoint: 1, rateMoney: 1 })
        .expect(201);
      await t.enrol(shop, 779);
      const apps = defaultStoreKind() === 'postgres' ? [t.app, await t.secondInstance()] : [t.app];
      const { signPlatform } = await import('../support/test-app');
      const raw = JSON.stringify({ id: 99001, customer: { id: 779 }, total_price: '42.00', line_items: [] });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          request(apps[i % apps.length].getHttpServer())
            .post('/platform/webhooks/orders/paid')
            .set('Content-Type', 'application/json')
            .set('X-Platform-Shop-Domain', shop.domain)
            .set('X-Platform-Webhook-Id', `dup-${i}`)
            .set('X-Platform-Hmac-Sha256', signPlatform(raw))
            .send(raw),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const customer = await t.http().get('/rest_api/v2/customers/external/779').set(auth(shop)).expect(200);
      expect(customer.body.data).toMatchObject({ point: 42, ordersCount: 1, totalSpent: 42 });
    } finally {
      await t.close();
    }
  });
});
