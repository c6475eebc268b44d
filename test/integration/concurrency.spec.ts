import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp, signPlatform } from '../support/test-app';

/**
 * Points are money: 50 deducts of 10 racing on a balance of 100 must leave exactly 10 successes.
 * On PostgreSQL the requests are split across two service instances (two connection pools, two
 * caches), so the expected-revision check in the database is what decides, not an in-process queue.
 */
describe(`concurrent deducts (${defaultStoreKind()})`, () => {
  const s = scenario();
  let apps: INestApplication[];

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('50 parallel deducts of 10 on a balance of 100: 10 succeed, balance 0, 10 deduct transactions', async () => {
    await s.enrol(777);
    await s.award(777, 100);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/transactions/points/deduct')
          .set(s.keys)
          .send({ platformCustomerId: '777', point: 10 }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(
      true,
    );
    // Every successful answer saw a different balance: no two deducts spent the same points.
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.meta.newPoint)).size).toBe(10);

    // The read below goes to the first instance: it serves the second one's writes once applied.
    await caughtUp(apps);
    const customer = await s.get('/customers/external/777').expect(200);
    expect(customer.body.data.point).toBe(0);
    const deducts = await s
      .get('/transactions?platformCustomerId=777&type=redeem_point&hasCount=true&limit=100')
      .expect(200);
    expect(deducts.body.meta.pagination.total).toBe(10);
    expect(deducts.body.data.every((row: any) => row.spendPoint === 10)).toBe(true);
    // The log agrees with the read model.
    const stream = await s.t.store.storage.eventStore.readStream(`customer-${s.shop.shopId}_${customer.body.data.id}`);
    expect(stream.filter((e) => e.type === 'points.deducted.v1')).toHaveLength(10);
    // Whether the two processes' appends collided in this run depends on timing (each process queues
    // its own commands on a stream); test/infrastructure/decision-runner.spec.ts forces the collision.
  });

  it('parallel keyed awards from both instances apply each key once', async () => {
    await s.enrol(778);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/transactions/points/award')
          .set(s.keys)
          .set('Idempotency-Key', `order-${i % 5}`)
          .send({ platformCustomerId: '778', point: 10 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Each key's four answers name one transaction.
    for (let key = 0; key < 5; key++) {
      const ids = results.filter((_, i) => i % 5 === key).map((r) => r.body.meta.transactionId);
      expect(new Set(ids).size).toBe(1);
    }
    await caughtUp(apps);
    const customer = await s.get('/customers/external/778').expect(200);
    expect(customer.body.data.point).toBe(50);
    const stream = await s.t.store.storage.eventStore.readStream(`customer-${s.shop.shopId}_${customer.body.data.id}`);
    expect(stream.filter((e) => e.type === 'points.awarded.v1')).toHaveLength(5);
  });
});

describe(`duplicate order webhooks (${defaultStoreKind()})`, () => {
  const s = scenario();

  it('the same paid order delivered 10 times at once (two instances on PostgreSQL) pays once', async () => {
    await s.program({ type: 'earning', event: 'place_order', title: 'Orders', earnPoint: 1, rateMoney: 1 });
    await s.enrol(779);
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const raw = JSON.stringify({ id: 99001, customer: { id: 779 }, total_price: '42.00', line_items: [] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/platform/webhooks/orders/paid')
          .set('Content-Type', 'application/json')
          .set('X-Platform-Shop-Domain', s.shop.domain)
          .set('X-Platform-Webhook-Id', `dup-${i}`)
          .set('X-Platform-Hmac-Sha256', signPlatform(raw))
          .send(raw),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await caughtUp(apps);
    const customer = await s.get('/customers/external/779').expect(200);
    expect(customer.body.data).toMatchObject({ point: 42, ordersCount: 1, totalSpent: 42 });
  });
});
