import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { auth, createTestApp, expectError } from '../support/test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * 2,000 requests with wrong keys in 2 s met no throttling. Failed authentications are counted per
 * client IP and per presented key; past the quota the client (or key) is answered 429 with
 * Retry-After, before any credential lookup, until the window ends.
 */
describe('reliability: failed authentication is throttled', () => {
  const wrong = (shopAppKey: string) => ({
    'X-Svc-Loyalty-App-Key': shopAppKey,
    'X-Svc-Loyalty-Secret-Key': 'sk_wrong',
  });

  it('per client IP: after the quota of 401s, every API answers 429 with Retry-After; probes stay open', async () => {
    const t = await createTestApp({ env: { AUTH_FAILURE_QUOTA_IP: '5/60' } });
    try {
      const shop = await t.shop();
      for (let i = 0; i < 5; i++)
        expectError(
          (
            await t
              .http()
              .get('/rest_api/v2/customers')
              .set(wrong(`ak_${i}`))
              .expect(401)
          ).body,
          'UNAUTHORIZED',
          401,
        );
      await new Promise((r) => setTimeout(r, 50)); // the count is written after the answer
      const throttled = await t.http().get('/rest_api/v2/customers').set(wrong('ak_x')).expect(429);
      expectError(throttled.body, 'TOO_MANY_REQUESTS', 429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The whole client is throttled, good keys and other families included (webhook API: its own envelope).
      await t.http().get('/rest_api/v2/customers').set(auth(shop)).expect(429);
      const webhooks = await t.http().get('/app/api/v1/webhooks').set(auth(shop)).expect(429);
      expect(webhooks.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(typeof webhooks.body.error).toBe('string');
      // A throttled request with a body still reads its 429 (the body is read off, not reset).
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(wrong('ak_y'))
        .send({ platformCustomerId: '1', point: 1, reason: 'x'.repeat(9000) })
        .expect(429);
      await t.http().get('/health').expect(200);
    } finally {
      await t.close();
    }
  });

  it('per key: failures with one app key throttle that key, not the other shops', async () => {
    const t = await createTestApp({ env: { AUTH_FAILURE_QUOTA_KEY: '3/60' } });
    try {
      const target = await t.shop();
      const other = await t.shop();
      for (let i = 0; i < 3; i++) await t.http().get('/rest_api/v2/customers').set(wrong(target.appKey)).expect(401);
      await new Promise((r) => setTimeout(r, 50));
      await t.http().get('/rest_api/v2/customers').set(wrong(target.appKey)).expect(429);
      // The key is throttled for the window (the price of slowing guessing: see README).
      await t.http().get('/rest_api/v2/customers').set(auth(target)).expect(429);
      await t.http().get('/rest_api/v2/customers').set(auth(other)).expect(200);
      // Bad platform webhook signatures count against the shop domain they name.
      for (let i = 0; i < 3; i++)
        await t.rawPlatform(other, 'customers/create', '{"id":1}', { signature: 'bm90IGEgc2lnbmF0dXJl' }).expect(401);
      await new Promise((r) => setTimeout(r, 50));
      await t.platform(other, 'customers/create', { id: 2, email: 'x@example.com' }).expect(429);
    } finally {
      await t.close();
    }
  });

  it('with REDIS_URL, two processes count together', async () => {
    const env = { REDIS_URL, RATE_LIMIT_PREFIX: `test-${randomUUID()}`, AUTH_FAILURE_QUOTA_IP: '4/60' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env });
    try {
      const on = (app: INestApplication) => request(app.getHttpServer()).get('/rest_api/v2/customers');
      await on(first.app).set(wrong('ak_1')).expect(401);
      await on(first.app).set(wrong('ak_2')).expect(401);
      await on(second.app).set(wrong('ak_3')).expect(401);
      // The fourth failure overall uses up the shared quota: the process that saw it throttles at once.
      await on(second.app).set(wrong('ak_4')).expect(401);
      await new Promise((r) => setTimeout(r, 100)); // the count is written after the answer
      await on(second.app).set(wrong('ak_5')).expect(429);
      // The other process learns it at the client's next failure there.
      await on(first.app).set(wrong('ak_6')).expect(401);
      await new Promise((r) => setTimeout(r, 100));
      await on(first.app).set(wrong('ak_7')).expect(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
