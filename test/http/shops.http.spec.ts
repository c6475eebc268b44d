import { createHash } from 'node:crypto';
import { createTestApp, TestApp, auth, expectError, expectSuccess, OPERATOR_TOKEN } from '../support/test-app';
import { wholeLog } from '../support/whole-log';

describe('shops: whoami and the operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createShop = (body: unknown, token = OPERATOR_TOKEN) =>
    t
      .http()
      .post('/admin/api/shops')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  it('provisions a shop with 256-bit secrets, shown once, usable at once', async () => {
    const res = await createShop({
      domain: 'Fresh-Shop.example.com',
      plan: 'premium',
      currency: 'eur',
      timezone: 'Europe/Berlin',
    }).expect(201);
    const shop = expectSuccess(res.body);
    expect(shop).toEqual({
      shopId: expect.any(String),
      domain: 'fresh-shop.example.com',
      plan: 'premium',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      appKey: expect.stringMatching(/^ak_[0-9a-f]{32}$/),
      secretKey: expect.stringMatching(/^sk_[A-Za-z0-9_-]{43}$/),
      headlessSecret: expect.stringMatching(/^hs_[A-Za-z0-9_-]{43}$/),
    });
    const who = await t.http().get('/rest_api/v2/whoami').set(auth(shop)).expect(200);
    expect(expectSuccess(who.body)).toEqual({
      shopId: shop.shopId,
      domain: 'fresh-shop.example.com',
      plan: 'premium',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
    });
  });

  it('the same domain twice is 409 SHOP_EXISTS, and the first keys still work', async () => {
    const first = (await createShop({ domain: 'twice.example.com' }).expect(201)).body.data;
    expectError((await createShop({ domain: 'TWICE.example.com' }).expect(409)).body, 'SHOP_EXISTS', 409);
    await t.http().get('/rest_api/v2/whoami').set(auth(first)).expect(200);
  });

  it('bad input is 400 naming the field', async () => {
    expect(expectError((await createShop({}).expect(400)).body, 'BAD_REQUEST', 400).field).toBe('domain');
    expect((await createShop({ domain: 'no spaces allowed' }).expect(400)).body.error.field).toBe('domain');
    expect((await createShop({ domain: 'ok.example.com', plan: 'gold' }).expect(400)).body.error.field).toBe('plan');
    expect(
      (await createShop({ domain: 'ok.example.com', timezone: 'Nowhere/Land' }).expect(400)).body.error.field,
    ).toBe('timezone');
  });

  it('a wrong or missing operator token is 401', async () => {
    expectError((await createShop({ domain: 'x.example.com' }, 'wrong').expect(401)).body, 'UNAUTHORIZED', 401);
    await t.http().post('/admin/api/shops').send({ domain: 'x.example.com' }).expect(401);
  });

  it('whoami needs both keys of one shop', async () => {
    const a = await t.shop();
    const b = await t.shop();
    expectError((await t.http().get('/rest_api/v2/whoami').expect(401)).body, 'UNAUTHORIZED', 401);
    await t
      .http()
      .get('/rest_api/v2/whoami')
      .set({ 'X-Svc-Loyalty-App-Key': a.appKey, 'X-Svc-Loyalty-Secret-Key': b.secretKey })
      .expect(401);
    await t
      .http()
      .get('/rest_api/v2/whoami')
      .set({ 'X-Svc-Loyalty-App-Key': 'ak_unknown', 'X-Svc-Loyalty-Secret-Key': a.secretKey })
      .expect(401);
    expect((await t.http().get('/rest_api/v2/whoami').set(auth(b)).expect(200)).body.data.shopId).toBe(b.shopId);
  });

  it('secrets never enter the event log; requests are verified against a hash', async () => {
    const shop = await t.shop();
    const log = await wholeLog(t.store.storage);
    const text = JSON.stringify(log.map((e) => e.data));
    expect(text).not.toContain(shop.secretKey);
    expect(text).not.toContain(shop.headlessSecret);
    const credentials = await (
      await t.store.storage.readStore.collection<any>({ name: 'shop_credentials' })
    ).get(shop.appKey);
    expect(credentials.secretKeyHash).toBe(createHash('sha256').update(shop.secretKey).digest('hex'));
  });
});

describe('operator API without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TOKEN: '' } });
  });
  afterAll(() => t.close());

  it('is off: 404 whatever the token', async () => {
    const res = await t
      .http()
      .post('/admin/api/shops')
      .set('Authorization', 'Bearer anything')
      .send({ domain: 'x.example.com' })
      .expect(404);
    expectError(res.body, 'NOT_FOUND', 404);
  });
});
