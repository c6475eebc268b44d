import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { auth, createTestApp, expectError, TestApp } from '../support/test-app';
import { HEADLESS, hmacGrant } from '../headless/headless-support';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * 2,000 requests with wrong keys in 2 s met no throttling; later, the throttle refused good
 * credentials too (anyone who knew a shop's public app key or domain could lock it out). Now
 * credentials are always checked and only failures are counted, per client IP and per presented key;
 * past the quota a failure is answered 429 with Retry-After instead of 401, and a request with good
 * credentials is answered as usual, whatever its address or key has seen.
 */
describe('reliability: failed authentication is throttled, good credentials never are', () => {
  const wrong = (shopAppKey: string) => ({
    'X-Svc-Loyalty-App-Key': shopAppKey,
    'X-Svc-Loyalty-Secret-Key': 'sk_wrong',
  });
  const settle = () => new Promise((r) => setTimeout(r, 50)); // the count is written after the answer
  /** Runs `use` on an app started with `env`, closed afterwards whether `use` passed or threw. */
  const withApp = async (env: Record<string, string>, use: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp({ env });
    try {
      await use(t);
    } finally {
      await t.close();
    }
  };

  it('per client IP: past the quota every family answers failures 429; good credentials and probes go on', async () => {
    await withApp({ AUTH_FAILURE_QUOTA_IP: '5/60' }, async (t) => {
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
      await settle();
      const throttled = await t.http().get('/rest_api/v2/customers').set(wrong('ak_x')).expect(429);
      expectError(throttled.body, 'TOO_MANY_REQUESTS', 429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Good credentials from the same client are answered, on every family.
      await t.http().get('/rest_api/v2/customers').set(auth(shop)).expect(200);
      await t.http().get('/app/api/v1/webhooks').set(auth(shop)).expect(200);
      // Failures on other families: the webhook API's envelope; the headless API's 429 has no body.
      const webhooks = await t.http().get('/app/api/v1/webhooks').set(wrong('ak_w')).expect(429);
      expect(webhooks.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
      expect(typeof webhooks.body.error).toBe('string');
      const headless = await t
        .http()
        .get('/app/api/v1/headless/customer')
        .set('Authorization', 'Bearer not.a.token')
        .expect(429);
      expect(headless.text).toBe('');
      expect(headless.headers['cache-control']).toBe('private, no-store');
      expect(Number(headless.headers['retry-after'])).toBeGreaterThan(0);
      // A throttled request with a body still reads its 429 (the body is read off, not reset).
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(wrong('ak_y'))
        .send({ platformCustomerId: '1', point: 1, reason: 'x'.repeat(9000) })
        .expect(429);
      await t.http().get('/health').expect(200);
    });
  });

  it("per key: wrong secrets for a shop's (public) app key never lock out its right secret", async () => {
    await withApp({ AUTH_FAILURE_QUOTA_KEY: '3/60', TRUST_PROXY: 'loopback' }, async (t) => {
      const target = await t.shop();
      const other = await t.shop();
      // 112 failures from 4 addresses (the attack of the report), 28 from each.
      const failure = (i: number) =>
        t
          .http()
          .get('/rest_api/v2/customers')
          .set('X-Forwarded-For', `198.51.100.${i % 4}`)
          .set(wrong(target.appKey));
      for (let i = 0; i < 3; i++) await failure(i).expect(401);
      await settle();
      for (let i = 3; i < 112; i++) await failure(i).expect(429);
      await t.http().get('/rest_api/v2/customers').set(auth(target)).expect(200);
      await t.http().get('/rest_api/v2/customers').set(auth(other)).expect(200);
      expectError(
        (await t.http().get('/rest_api/v2/customers').set(wrong(other.appKey)).expect(401)).body,
        'UNAUTHORIZED',
        401,
      );
    });
  });

  it('platform webhooks: forged deliveries naming a shop are throttled; correctly signed ones are always taken', async () => {
    await withApp({ AUTH_FAILURE_QUOTA_KEY: '3/60' }, async (t) => {
      const shop = await t.shop();
      const forged = () => t.rawPlatform(shop, 'customers/create', '{"id":1}', { signature: 'bm90IGEgc2lnbmF0dXJl' });
      for (let i = 0; i < 3; i++) await forged().expect(401);
      await settle();
      await forged().expect(429);
      await t.platform(shop, 'customers/create', { id: 2, email: 'x@example.com' }).expect(200);
      expect(
        (await t.http().get('/rest_api/v2/customers/external/2').set(auth(shop)).expect(200)).body.data,
      ).toMatchObject({ email: 'x@example.com' });
    });
  });

  it("token exchange: wrong hmacs for a customer do not use up that customer's token quota", async () => {
    await withApp({ HEADLESS_TOKEN_QUOTA_CUSTOMER: '2/60' }, async (t) => {
      const shop = await t.shop();
      await t.enrol(shop, 501);
      const exchange = (body: object) => t.http().post(`${HEADLESS}/auth/token`).send(body);
      for (let i = 0; i < 10; i++) await exchange({ ...hmacGrant(shop, 501), hmac: 'ab'.repeat(32) }).expect(401);
      await exchange(hmacGrant(shop, 501)).expect(200);
      await exchange(hmacGrant(shop, 501)).expect(200);
      // Successful mints are what the customer quota counts.
      await exchange(hmacGrant(shop, 501)).expect(429);
    });
  });

  describe('client addresses', () => {
    const failFrom = (t: TestApp, forwardedFor: string) =>
      t.http().get('/rest_api/v2/customers').set('X-Forwarded-For', forwardedFor).set(wrong('ak_z'));

    it('without TRUST_PROXY, X-Forwarded-For from the peer is ignored: spoofed addresses share its count', async () => {
      await withApp({ AUTH_FAILURE_QUOTA_IP: '3/60' }, async (t) => {
        for (let i = 0; i < 3; i++) await failFrom(t, `203.0.113.${i}`).expect(401);
        await settle();
        await failFrom(t, '203.0.113.99').expect(429);
      });
    });

    it('with TRUST_PROXY, the client behind the proxy is counted, an IPv6 client by its /64', async () => {
      await withApp({ AUTH_FAILURE_QUOTA_IP: '3/60', TRUST_PROXY: 'loopback' }, async (t) => {
        for (let i = 0; i < 3; i++) await failFrom(t, '203.0.113.1').expect(401);
        await settle();
        await failFrom(t, '203.0.113.1').expect(429);
        await failFrom(t, '203.0.113.2').expect(401);
        for (let i = 1; i <= 3; i++) await failFrom(t, `2001:db8:5:6::${i}`).expect(401);
        await settle();
        await failFrom(t, '2001:db8:5:6:ffff::1').expect(429);
        await failFrom(t, '2001:db8:5:7::1').expect(401);
      });
    });

    it('a proxy that is not trusted cannot name the client', async () => {
      await withApp({ AUTH_FAILURE_QUOTA_IP: '3/60', TRUST_PROXY: '10.0.0.0/8' }, async (t) => {
        for (let i = 0; i < 3; i++) await failFrom(t, `198.51.100.${i}`).expect(401);
        await settle();
        await failFrom(t, '198.51.100.200').expect(429);
      });
    });
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
