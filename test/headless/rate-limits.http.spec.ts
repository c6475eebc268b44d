import Redis from 'ioredis';
import { createServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp, expectError } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { HeadlessTokens } from '../../src/storefront-api/auth/headless-tokens';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { bearer, HEADLESS, hmacGrant } from './headless-support';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const QUOTAS = {
  HEADLESS_TOKEN_QUOTA_CUSTOMER: '2/60',
  HEADLESS_TOKEN_QUOTA_IP: '7/60',
  HEADLESS_REQUEST_QUOTA_TOKEN: '3/60',
};

describe.each([
  ['in memory', () => ({})],
  ['in Redis', () => ({ REDIS_URL, RATE_LIMIT_PREFIX: `test-${randomUUID()}` })],
])(`headless rate limits %s (${defaultStoreKind()})`, (_store, extraEnv) => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let env: Record<string, string>;
  const exchange = (body: object) => t.http().post(`${HEADLESS}/auth/token`).send(body);

  beforeAll(async () => {
    env = { ...QUOTAS, ...extraEnv() };
    t = await createTestApp({ env });
    shop = await t.shop();
    for (const id of [1, 2, 3, 4]) await t.enrol(shop, id);
  });
  afterAll(() => t.close());

  it('token minting per customer: 429 without a body, with Retry-After', async () => {
    await exchange(hmacGrant(shop, 1)).expect(200);
    await exchange(hmacGrant(shop, 1)).expect(200);
    const limited = await exchange(hmacGrant(shop, 1));
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another customer has its own quota.
    await exchange(hmacGrant(shop, 2)).expect(200);
    if (env.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      try {
        const key = `${env.RATE_LIMIT_PREFIX}:headless:token-customer:${shop.shopId}:1`;
        expect(Number(await redis.get(key))).toBe(3);
        expect(await redis.pttl(key)).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    }
  });

  it('token minting per client IP, whatever the customer', async () => {
    // 4 mints so far from this IP (a refused one counts too); 7 allowed.
    await exchange(hmacGrant(shop, 3)).expect(200);
    await exchange(hmacGrant(shop, 3)).expect(200);
    await exchange(hmacGrant(shop, 4)).expect(200);
    const limited = await exchange(hmacGrant(shop, 4));
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('requests per token: 429 without a body; another token has its own quota', async () => {
    const tokens = t.app.get(HeadlessTokens);
    const { token } = await tokens.issue(shop.shopId, customerIdFor(shop.shopId, 2));
    for (let i = 0; i < 3; i++) await t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200);
    const limited = await t.http().get(`${HEADLESS}/customer`).set(bearer(token));
    expect(limited.status).toBe(429);
    expect(limited.text).toBe('');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['cache-control']).toBe('private, no-store');
    const second = await tokens.issue(shop.shopId, customerIdFor(shop.shopId, 2));
    await t.http().get(`${HEADLESS}/customer`).set(bearer(second.token)).expect(200);
  });
});

describe(`headless rate limits with Redis unreachable (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;

  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, HEADLESS_LIMITER_RETRY_AFTER_SECONDS: '7' },
    });
    shop = await t.shop();
    await t.enrol(shop, 1);
  });
  afterAll(() => t.close());

  it('the token exchange fails closed: 503 RATE_LIMITER_UNAVAILABLE with Retry-After, no token', async () => {
    const res = await t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(shop, 1)).expect(503);
    expectError(res.body, 'RATE_LIMITER_UNAVAILABLE', 503);
    expect(res.body.data).toBeUndefined();
    expect(res.headers['retry-after']).toBe('7');
  });

  it('requests with a token go on, counted in memory meanwhile', async () => {
    const { token } = await t.app.get(HeadlessTokens).issue(shop.shopId, customerIdFor(shop.shopId, 1));
    await t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200);
  });
});
