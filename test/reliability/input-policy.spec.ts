import { auth, createTestApp, expectError, OPERATOR_TOKEN, TestApp } from '../support/test-app';
import { shopClient } from '../support/scenario';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * The cases the hostile-input review found, one by one: each answered 400 (413 for size) in its API
 * family's envelope, naming the field, with nothing written.
 */
describe('reliability: the input policy at the edge', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const v2 = (method: 'get' | 'post' | 'put', path: string, as = shop) =>
    t.http()[method](`/rest_api/v2${path}`).set(auth(as));
  const balance = async (id = 3001) =>
    (await v2('get', `/customers/external/${id}`).expect(200)).body.data.point as number;
  const field = (res: { body: any }, status = 400, code = 'BAD_REQUEST') => expectError(res.body, code, status).field;
  /** A place_order earning program (1 point per $1) of this shop, with `extra` fields. */
  const program = (extra: Record<string, unknown>) =>
    v2('post', '/programs').send({
      type: 'earning',
      event: 'place_order',
      title: 'Orders',
      earnPoint: 1,
      rateMoney: 1,
      ...extra,
    });
  /** A $5 off for 100 points of this shop, with `extra` spending fields. */
  const spending = (extra: Record<string, unknown>) =>
    v2('post', '/programs').send({
      type: 'spending',
      event: 'amount_discount',
      title: 'Off',
      spending: { pointsCost: 100, rewardValue: 5, ...extra },
    });
  const raw = (method: 'post' | 'put', path: string, body: string, headers: Record<string, string> = auth(shop)) =>
    t.http()[method](path).set(headers).set('Content-Type', 'application/json').send(body);

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false' } });
    shop = await t.shop();
    other = await t.shop();
    await t.enrol(shop, 3001);
    await v2('post', '/transactions/points/award').send({ platformCustomerId: '3001', point: 100 }).expect(200);
  });
  afterAll(() => t.close());

  describe('text: no NUL, no lone surrogate', () => {
    it('a NUL in a path id is 400 naming the parameter (v2 and operator API)', async () => {
      expect(field(await v2('get', '/customers/%00').expect(400))).toBe('customerId');
      expect(field(await v2('get', '/customers/external/a%00b').expect(400))).toBe('platformCustomerId');
      const admin = await t
        .http()
        .post('/admin/api/shops/%00/rotate-secret')
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .expect(400);
      expect(field(admin)).toBe('shopId');
    });

    it('bytes that are not UTF-8 in a path or query are 400 naming it', async () => {
      expect(field(await v2('get', '/customers/%ED%A0%80').expect(400))).toBe('customerId');
      expect(field(await v2('get', '/customers?email=%FF').expect(400))).toBe('email');
      expect(field(await v2('get', '/customers?email=a%00').expect(400))).toBe('email');
    });

    it.each([
      ['reason', 'a\ud800b'],
      ['reason', 'a\u0000b'],
      ['adminNote', '\udfff'],
      ['userNote', 'x\u0000'],
    ])('%s %j on an award is 400 naming it, and the balance is unchanged', async (name, value) => {
      const res = await v2('post', '/transactions/points/award')
        .send({ platformCustomerId: '3001', point: 5, [name]: value })
        .expect(400);
      expect(field(res)).toBe(name);
      expect(await balance()).toBe(100);
    });

    it.each([
      ['email', { email: 'a\u0000@example.com' }],
      ['first_name', { first_name: 'Ada\ud800' }],
      ['last_name', { last_name: '\u0000' }],
    ])('a platform customers/create with a bad %s is 400 naming it, and nobody is enrolled', async (name, extra) => {
      const res = await t.platform(shop, 'customers/create', { id: 3002, ...extra }).expect(400);
      expect(field(res)).toBe(name);
      expectError((await v2('get', '/customers/external/3002').expect(404)).body, 'NOT_FOUND', 404);
    });

    it('a platform order with a NUL deep inside is 400 naming the line', async () => {
      const res = await t
        .platform(shop, 'orders/paid', {
          id: 88,
          customer: { id: 3001 },
          total_price: '5.00',
          line_items: [{ quantity: 1, price: '5.00', title: 'Tea\u0000' }],
        })
        .expect(400);
      expect(field(res)).toBe('line_items[0].title');
      expect(await balance()).toBe(100);
    });
  });

  describe('bodies: parsed before validation, in the family envelope', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);

    it.each([
      ['/rest_api/v2/transactions/points/award'],
      ['/rest_api/v2/programs'],
      ['/rest_api/v2/programs/earning/points/calculate'],
      ['/rest_api/v1/earn/calc-points'],
    ])('JSON nested 10,000 deep to %s is 400 (no stack overflow)', async (path) => {
      const res = await raw('post', path, deep).expect(400);
      expect(res.body.error.message).toMatch(/deeper than 16 levels/);
    });

    it('the webhook API answers parser errors and 413 in its own envelope (bad encoding: see the fuzz)', async () => {
      for (const [body, status] of [
        ['{"topic":', 400],
        [deep, 400],
        [`{"url":"${'x'.repeat(200_000)}"}`, 413],
      ] as const) {
        const res = await t
          .http()
          .post('/app/api/v1/webhooks')
          .set(auth(shop))
          .set('Content-Type', 'application/json')
          .send(body as never)
          .expect(status);
        expect(res.body).toEqual({
          success: false,
          error: expect.any(String),
          code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
          field: 'body',
          timestamp: expect.any(String),
        });
      }
      // Unknown routes under the family too.
      const missing = await t.http().get('/app/api/v1/webhooks/a/b/c').set(auth(shop)).expect(404);
      expect(typeof missing.body.error).toBe('string');
    });

    it('a number beyond the exact range of doubles is 400 naming the field', async () => {
      const res = await raw(
        'post',
        '/rest_api/v2/transactions/points/award',
        '{"platformCustomerId":"3001","point":1e400}',
      ).expect(400);
      expect(field(res)).toBe('point');
      const big = await raw(
        'post',
        '/rest_api/v2/transactions/points/award',
        '{"platformCustomerId":"3001","point":99999999999999999999999}',
      ).expect(400);
      expect(field(big)).toBe('point');
    });

    it('a platform payload over 1 MB is 413; the platform verifies nothing larger', async () => {
      const body = JSON.stringify({ id: 1, email: 'x'.repeat(1_100_000) });
      await t.rawPlatform(shop, 'customers/create', body).expect(413);
    });
  });

  describe('configuration that could corrupt a ledger is refused when written', () => {
    it.each([
      [{ rateMoney: 0.004 }, 'rateMoney'],
      [{ rateMoney: 1.005 }, 'rateMoney'],
      [{ rateMoney: 1e308 }, 'rateMoney'],
      [{ priority: 1e308 }, 'priority'],
      [{ priority: 2_000_000 }, 'priority'],
      [{ limitInterval: 1e308 }, 'limitInterval'],
      [{ earnPoint: 1e308 }, 'earnPoint'],
      [{ earnPointsTiers: [{ tierId: 'x', earnPoint: 1, rateMoney: 0.001 }] }, 'earnPointsTiers.0.rateMoney'],
      [{ spending: null }, 'spending'],
      [{ translateTitle: null }, 'translateTitle'],
      [{ title: null }, 'title'],
    ])('an earning program with %j is 400 naming %s', async (extra, name) => {
      expect(field(await program(extra).expect(400))).toBe(name);
    });

    it.each([
      [{ expiresInDays: 1e308 }, 'spending.expiresInDays'],
      [{ expiresInDays: 3651 }, 'spending.expiresInDays'],
      [{ pointsCost: 1e308 }, 'spending.pointsCost'],
      [{ pointsCost: 1_000_000_001 }, 'spending.pointsCost'],
      [{ limitRedeem: 1e308 }, 'spending.limitRedeem'],
      [{ rewardValue: 1e308 }, 'spending.rewardValue'],
      [{ rewardValue: 0.001 }, 'spending.rewardValue'],
      [{ totalLimitationRedeem: 2e9 }, 'spending.totalLimitationRedeem'],
    ])('a spending program with %j is 400 naming %s', async (extra, name) => {
      expect(field(await spending(extra).expect(400))).toBe(name);
    });

    it('PUT with spending: null or a poisoned rate is 400 and the program is unchanged', async () => {
      const id = expectOk(await spending({}).expect(201)).id;
      expect(field(await v2('put', `/programs/${id}`).send({ spending: null }).expect(400))).toBe('spending');
      const order = expectOk(await program({}).expect(201)).id;
      expect(field(await v2('put', `/programs/${order}`).send({ rateMoney: 0.004 }).expect(400))).toBe('rateMoney');
      expect((await v2('get', `/programs/${order}`).expect(200)).body.data.rateMoney).toBe(1);
    });

    it('a place_order program at the smallest rate pays a paid order a whole number of points', async () => {
      const shopC = shopClient(t, await t.shop());
      await shopC.enrol(4001);
      await shopC.earning('place_order', 'Orders', { earnPoint: 1_000_000, rateMoney: 0.01 });
      await shopC
        .platform('orders/paid', { id: 5, customer: { id: 4001 }, total_price: '99999999.99', line_items: [] })
        .expect(200);
      const customer = (await shopC.get('/customers/external/4001').expect(200)).body.data;
      // 1,000,000 points per cent of a 100-million order is capped at the largest single change.
      expect(customer.point).toBe(1_000_000_000);
      await shopC.award(4001, 1);
    });

    it.each([
      [{ products: [{ id: '1', quantity: 1, price: 1e308 }] }, 'products'],
      [{ products: [[]] }, 'products'],
      [{ products: [{ id: '1', quantity: 1e308, price: 1 }] }, 'products'],
      [{ products: [{ id: '1', quantity: 10_001, price: 1 }] }, 'products'],
    ])('a cart %j is 400, never pointsEarn null', async (body, name) => {
      const res = await v2('post', '/programs/earning/points/calculate').send(body).expect(400);
      expect(field(res)).toMatch(new RegExp(`^${name}`));
    });

    it('a 25,000-line cart is refused at the edge, naming products, before any line is read', async () => {
      const line = { id: '1', quantity: 1, price: 1 };
      const res = await v2('post', '/programs/earning/points/calculate')
        .send({ products: Array.from({ length: 25_000 }, () => line) })
        .expect((r) => expect([400, 413]).toContain(r.status));
      expect(res.body.error.field).toMatch(/^(products|body)$/);
      const small = Array.from({ length: 600 }, () => [0]);
      const refused = await v2('post', '/programs/earning/points/calculate').send({ products: small }).expect(400);
      expect(refused.body.error).toMatchObject({ field: 'products', message: 'products must have at most 500 items' });
    });
  });

  describe('references must be the shop’s own', () => {
    it("another shop's tier id in earnPointsTiers or an earning-limit tier is 400 naming it", async () => {
      const foreignTier = (await shopClient(t, other).tier({ name: 'Theirs', targetPoint: 50 })).id;
      const res = await program({ earnPointsTiers: [{ tierId: foreignTier, earnPoint: 2 }] }).expect(400);
      expect(field(res)).toBe('earnPointsTiers[0].tierId');
      const limit = await v2('put', '/settings/earning-limit')
        .send({ enabled: true, maxPoints: 100, tiers: [{ tierId: foreignTier, maxPoints: 10 }] })
        .expect(400);
      expect(field(limit)).toBe('tiers[0].tierId');
      const own = (await v2('get', '/tiers').expect(200)).body.data[0].id;
      await v2('put', '/settings/earning-limit')
        .send({ enabled: true, maxPoints: 100, tiers: [{ tierId: own, maxPoints: 10 }] })
        .expect(200);
    });

    it('a social interaction needs a known social event', async () => {
      const follow = expectOk(
        await v2('post', '/programs')
          .send({ type: 'earning', event: 'follow_photo', title: 'Follow', earnPoint: 5 })
          .expect(201),
      ).id;
      for (const event of ['', undefined]) {
        const res = await v2('post', '/programs/earning/social/interactions')
          .send({ platformCustomerId: '3001', earningId: follow, event })
          .expect(400);
        expect(field(res)).toBe('event');
      }
      const unknown = await v2('post', '/programs/earning/social/interactions')
        .send({ platformCustomerId: '3001', earningId: follow, event: 'tweet_at_us' })
        .expect(400);
      expectError(unknown.body, 'INVALID_PROGRAM', 400);
      expect(await balance()).toBe(100);
    });
  });
});

function expectOk(res: { body: any }) {
  expect(res.body.success).toBe(true);
  return res.body.data;
}
