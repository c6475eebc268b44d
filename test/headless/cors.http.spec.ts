import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { StorefrontOrigins } from '../../src/storefront-api/cors/storefront-origins';
import { expectError, expectSuccess } from '../support/test-app';
import { scenario, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor } from './headless-support';

/** A browser's preflight of a headless call from `origin`. */
const preflightHeaders = (origin: string) => ({
  Origin: origin,
  'Access-Control-Request-Method': 'POST',
  'Access-Control-Request-Headers': 'authorization, content-type',
});

describe(`headless CORS (${defaultStoreKind()})`, () => {
  const s = scenario();
  let other: ShopClient;
  let token: string;
  let otherToken: string;
  const ownOrigin = () => `https://${s.shop.domain}`;
  const preflight = (origin: string, path = '/customer/redeem') =>
    s.t.http().options(`${HEADLESS}${path}`).set(preflightHeaders(origin));

  beforeAll(async () => {
    other = await s.newShop();
    await s.enrol(1001);
    await other.enrol(2001);
    token = await tokenFor(s.t, s.shop, 1001);
    otherToken = await tokenFor(s.t, other.shop, 2001);
  });

  it("answers a preflight from the shop's own domain with the methods and headers the API uses", async () => {
    const res = await preflight(ownOrigin()).expect(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': ownOrigin(),
      'access-control-allow-methods': 'GET, POST, PATCH',
      'access-control-allow-headers': 'Authorization, Content-Type, Accept-Language, Idempotency-Key',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.text).toBe('');
  });

  it('gives a foreign origin no CORS header, on the preflight and on the call', async () => {
    const res = await preflight('https://evil.example').expect(204);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin');
    const call = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ ...bearer(token), Origin: 'https://evil.example' })
      .expect(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("a call with a token is allowed only from the token's shop's origins", async () => {
    const mine = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ ...bearer(token), Origin: ownOrigin() })
      .expect(200);
    expect(mine.headers).toMatchObject({
      'access-control-allow-origin': ownOrigin(),
      'access-control-expose-headers': 'Retry-After, ETag',
    });
    expect(mine.headers.vary).toContain('Origin');
    // The other shop's token from this shop's storefront: the browser keeps the answer from the page.
    const theirs = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ ...bearer(otherToken), Origin: ownOrigin() })
      .expect(200);
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an error answer carries the header too, so the storefront can read a 401', async () => {
    const res = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ Authorization: 'Bearer nonsense', Origin: ownOrigin() })
      .expect(401);
    expect(res.headers['access-control-allow-origin']).toBe(ownOrigin());
  });

  it('only the headless API answers other origins: the management API gets no CORS header', async () => {
    const res = await s.get('/customers').set('Origin', ownOrigin()).expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allowedOrigins in the storefront settings adds origins; they are normalised and listed', async () => {
    const res = await s
      .put('/settings/storefront')
      .send({ allowedOrigins: ['https://WWW.Shop-One.test/', 'http://localhost:5173', 'https://www.shop-one.test'] })
      .expect(200);
    expect(expectSuccess(res.body)).toMatchObject({
      hideAdjustPoint: false,
      allowedOrigins: ['https://www.shop-one.test', 'http://localhost:5173'],
    });
    expect((await s.get('/settings/storefront').expect(200)).body.data.allowedOrigins).toEqual([
      'https://www.shop-one.test',
      'http://localhost:5173',
    ]);
    const res2 = await preflight('https://www.shop-one.test').expect(204);
    expect(res2.headers['access-control-allow-origin']).toBe('https://www.shop-one.test');
    const local = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ ...bearer(token), Origin: 'http://localhost:5173' })
      .expect(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // Another shop's setting does not open this shop's tokens to its origins.
    await other
      .put('/settings/storefront')
      .send({ allowedOrigins: ['https://other-shop.test'] })
      .expect(200);
    const cross = await s.t
      .http()
      .get(`${HEADLESS}/customer`)
      .set({ ...bearer(token), Origin: 'https://other-shop.test' })
      .expect(200);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    [['http://www.shop.test'], 'plain http off loopback'],
    [['https://www.shop.test/loyalty'], 'a path'],
    [['*'], 'a wildcard'],
    [['www.shop.test'], 'no scheme'],
    ['https://www.shop.test', 'not a list'],
    [Array.from({ length: 21 }, (_, i) => `https://s${i}.test`), 'more than 20'],
  ])('refuses %j (%s): 400 naming allowedOrigins, nothing changed', async (allowedOrigins: unknown, _why: string) => {
    const res = await s.put('/settings/storefront').send({ allowedOrigins }).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe('allowedOrigins');
    expect((await s.get('/settings/storefront').expect(200)).body.data.allowedOrigins).toHaveLength(2);
  });

  it('a setting replaces the listed origins; the own domain stays', async () => {
    await s
      .put('/settings/storefront')
      .send({ allowedOrigins: ['https://new.shop-one.test'] })
      .expect(200);
    // A fresh reader: the running one keeps an origin's shops for a few seconds.
    const origins = new StorefrontOrigins(s.t.app.get<ReadStore>(READ_STORE));
    expect([...(await origins.shopsAllowing('https://www.shop-one.test'))]).toEqual([]);
    expect([...(await origins.shopsAllowing('https://new.shop-one.test'))]).toEqual([s.shop.shopId]);
    expect([...(await origins.shopsAllowing(ownOrigin()))]).toEqual([s.shop.shopId]);
    // Other fields of the setting are unchanged by a PUT without them, and allowedOrigins by one without it.
    await s.put('/settings/storefront').send({ hideAdjustPoint: true }).expect(200);
    expect((await s.get('/settings/storefront').expect(200)).body.data).toEqual({
      hideAdjustPoint: true,
      isNewFormatDOB: false,
      allowedOrigins: ['https://new.shop-one.test'],
    });
  });
});
