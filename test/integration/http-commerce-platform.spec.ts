import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { expectError, scenario } from '../support/scenario';
import { waitUntil } from '../support/receiver';
import { MUG } from '../support/spending-fixtures';
import { HttpCommercePlatform } from '../../src/infrastructure/commerce-platform/http-commerce-platform.adapter';

interface Call {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/** A stand-in for the platform's admin API: price rules, discount codes and store credit, in memory. */
async function startPlatformStub() {
  const calls: Call[] = [];
  const codes = new Map<string, { id: number; price_rule_id: number; code: string }>();
  let nextId = 1000;
  let failing = false;
  let rejectTitle: string | null = null;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://stub');
      const body = raw ? JSON.parse(raw) : null;
      calls.push({ method: req.method!, path: url.pathname, headers: req.headers, body });
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (req.headers['x-platform-access-token'] !== 'stub-token') return send(401, { errors: 'bad token' });
      if (failing && req.method !== 'GET') return send(500, { errors: 'down' });
      const path = url.pathname.replace(/^\/[^/]+\/admin/, '');
      if (req.method === 'GET' && path === '/discount_codes/lookup.json') {
        const found = codes.get(url.searchParams.get('code')!);
        return found ? send(200, { discount_code: found }) : send(404, { errors: 'Not Found' });
      }
      if (req.method === 'GET' && path === '/collects.json') {
        const collects: Record<string, number[]> = { '501': [70, 71], '502': [71] };
        return send(200, {
          collects: (collects[url.searchParams.get('product_id')!] ?? []).map((collection_id) => ({ collection_id })),
        });
      }
      if (
        req.method === 'POST' &&
        path === '/price_rules.json' &&
        rejectTitle &&
        String(body.price_rule.title).startsWith(rejectTitle)
      )
        return send(422, { errors: 'invalid' });
      if (req.method === 'POST' && path === '/price_rules.json')
        return send(201, { price_rule: { id: nextId++, ...body.price_rule } });
      let m = /^\/price_rules\/(\d+)\/discount_codes\.json$/.exec(path);
      if (req.method === 'POST' && m) {
        const code = { id: nextId++, price_rule_id: Number(m[1]), code: body.discount_code.code };
        codes.set(code.code, code);
        return send(201, { discount_code: code });
      }
      m = /^\/price_rules\/(\d+)\/discount_codes\/(\d+)\.json$/.exec(path);
      if (req.method === 'DELETE' && m) {
        for (const [code, d] of codes) if (d.id === Number(m[2])) codes.delete(code);
        return send(204);
      }
      if (req.method === 'POST' && /^\/customers\/\d+\/store_credit\/credits\.json$/.test(path))
        return send(201, { credit: { id: nextId++ } });
      send(404, { errors: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    calls,
    codes,
    baseUrl: `http://127.0.0.1:${port}/{domain}/admin`,
    fail: (on: boolean) => (failing = on),
    reject: (title: string | null) => (rejectTitle = title),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('HTTP commerce platform adapter against a stub admin API', () => {
  let stub: Awaited<ReturnType<typeof startPlatformStub>>;
  beforeAll(async () => {
    stub = await startPlatformStub();
  });
  const s = scenario(() => ({ env: { COMMERCE_PLATFORM_URL: stub.baseUrl, COMMERCE_PLATFORM_TOKEN: 'stub-token' } }));
  afterAll(() => stub.close());

  it('redeem creates a price rule for that customer and one code; refund deletes the code; a platform failure spends nothing', async () => {
    const shop = await s.newShop();
    const program = await shop.spending('amount_discount', '$5 off', {
      pointsCost: 500,
      rewardValue: 5,
      expiresInDays: 30,
      orderReqAmount: '25.00',
      combinedWith: { shippingDiscounts: true },
    });
    await shop.enrolAndAward(5101, 1200);
    const { couponCode } = (
      await shop.redeem({ programId: program, platformCustomerId: '5101', quantity: 2 }).expect(200)
    ).body.meta;
    const rule = stub.calls.find((c) => c.method === 'POST' && c.path.endsWith('/price_rules.json'))!;
    expect(rule.path).toBe(`/${shop.shop.domain}/admin/price_rules.json`);
    expect(rule.body.price_rule).toMatchObject({
      value_type: 'fixed_amount',
      value: '-10.00',
      target_type: 'line_item',
      customer_selection: 'prerequisite',
      prerequisite_customer_ids: [5101],
      prerequisite_subtotal_range: { greater_than_or_equal_to: '25.00' },
      usage_limit: 1,
      combines_with: { order_discounts: false, product_discounts: false, shipping_discounts: true },
    });
    expect(rule.body.price_rule.ends_at).toEqual(expect.any(String));
    expect(stub.codes.has(couponCode)).toBe(true);
    const reward = (await shop.get('/rewards?platformCustomerId=5101').expect(200)).body.data[0];
    expect(reward.couponCode).toBe(couponCode);

    await shop.post('/rewards/coupons/refund', { discountCode: couponCode, platformCustomerId: '5101' }).expect(200);
    expect(stub.codes.has(couponCode)).toBe(false);

    stub.fail(true);
    try {
      expectError(
        (await shop.redeem({ programId: program, platformCustomerId: '5101', quantity: 1 }).expect(502)).body,
        'PLATFORM_UNAVAILABLE',
        502,
      );
    } finally {
      stub.fail(false);
    }
    expect(await shop.balance(5101)).toBe(1200);
  });

  it('a refused redemption leaves no trace on the platform: every check that can refuse runs before minting', async () => {
    const shop = await s.newShop();
    const credit = await shop.spending('store_credit', '$5 credit', { pointsCost: 500, rewardValue: 5 });
    const once = await shop.spending('amount_discount', '$2 off once', {
      pointsCost: 100,
      rewardValue: 2,
      limitRedeem: 1,
    });
    await shop.enrolAndAward(5301, 360);
    const mine = () => stub.calls.filter((c) => c.path.includes(`/${shop.shop.domain}/`) && c.method !== 'GET');
    // The balance: 360 points cannot buy a 500-point credit; the platform hears nothing of it.
    expectError(
      (await shop.redeem({ programId: credit, platformCustomerId: '5301', quantity: 1 }).expect(400)).body,
      'INSUFFICIENT_POINTS',
      400,
    );
    expect(mine()).toEqual([]);
    // The per-customer limit: the second redemption is refused before a second code is made.
    await shop.redeem({ programId: once, platformCustomerId: '5301', quantity: 1 }).expect(200);
    const afterFirst = mine().length;
    expectError(
      (await shop.redeem({ programId: once, platformCustomerId: '5301', quantity: 1 }).expect(400)).body,
      'LIMIT_REACHED',
      400,
    );
    expect(mine()).toHaveLength(afterFirst);
    expect(await shop.balance(5301)).toBe(260);
  });

  it('free gifts entitle the chosen variant; store credit is sent with the reward id as Idempotency-Key', async () => {
    const shop = await s.newShop();
    const gift = await shop.spending('free_gift', 'Mug', {
      pointsCost: 100,
      giftProducts: [MUG],
    });
    const credit = await shop.spending('store_credit', '$3', { pointsCost: 100, rewardValue: 3 });
    await shop.enrolAndAward(5201, 500);
    await shop.redeem({ programId: gift, platformCustomerId: '5201', quantity: 1, variantId: '12' }).expect(200);
    const rule = stub.calls.filter((c) => c.path.endsWith('/price_rules.json')).pop()!;
    expect(rule.body.price_rule).toMatchObject({
      target_selection: 'entitled',
      entitled_variant_ids: [12],
      value_type: 'percentage',
      value: '-100.0',
    });
    const done = (await shop.redeem({ programId: credit, platformCustomerId: '5201', quantity: 1 }).expect(200)).body
      .meta;
    const call = stub.calls.find((c) => c.path.endsWith('/customers/5201/store_credit/credits.json'))!;
    expect(call.body).toEqual({ credit: { amount: '3.00', currency: 'USD', reference: done.rewardId } });
    expect(call.headers['idempotency-key']).toBe(done.rewardId);
    expect(done.couponCode).toMatch(/^CREDIT-\d+$/);
  });

  it('appliedTo sf_product or sf_collection (spec 2.9): the price rule is entitled to those products or collections', async () => {
    const shop = await s.newShop();
    const create = async (fields: Record<string, unknown>) =>
      (
        await shop.program({
          type: 'spending',
          event: 'amount_discount',
          title: 'Scoped',
          spendPoint: 100,
          earnAmount: 5,
          ...fields,
        })
      ).id;
    const products = await create({ appliedTo: 'sf_product', specificProductIds: ['632910392', '921728736'] });
    const collections = await create({ appliedTo: 'sf_collection', appliedCollectionIds: ['841564295'] });
    const whole = await create({});
    await shop.enrolAndAward(5301, 500);
    const ruleFor = async (programId: string) => {
      await shop.redeem({ programId, platformCustomerId: '5301', quantity: 1 }).expect(200);
      return stub.calls.filter((c) => c.path.endsWith('/price_rules.json')).pop()!.body.price_rule;
    };
    expect(await ruleFor(products)).toMatchObject({
      target_selection: 'entitled',
      entitled_product_ids: [632910392, 921728736],
      allocation_method: 'across',
    });
    const byCollection = await ruleFor(collections);
    expect(byCollection).toMatchObject({ target_selection: 'entitled', entitled_collection_ids: [841564295] });
    expect(byCollection).not.toHaveProperty('entitled_product_ids');
    const all = await ruleFor(whole);
    expect(all.target_selection).toBe('all');
    expect(all).not.toHaveProperty('entitled_product_ids');
    expect(all).not.toHaveProperty('entitled_collection_ids');
  });

  it('tier reward coupons wait out a platform outage, and a refused one does not hold back the next', async () => {
    const shop = await s.newShop();
    const tier = (name: string, targetPoint: number, title: string) =>
      shop
        .post('/tiers', {
          name,
          targetPoint,
          tierRewards: [{ type: 'coupon', rewardType: 'fixed_amount', rewardValue: 5, title }],
        })
        .expect(201);
    await tier('Silver', 100, 'Silver gift');
    await tier('Gold', 200, 'Gold gift');
    await tier('Platinum', 300, 'Platinum gift');
    await shop.enrol(5301);
    const award = (point: number) => shop.award(5301, point);
    const coupons = async () =>
      (await shop.get('/rewards?platformCustomerId=5301&order=createdAt_asc').expect(200)).body.data.map(
        (r: any) => r.programTitle,
      );
    stub.fail(true);
    await award(150);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await coupons()).toEqual([]);
    stub.fail(false);
    await waitUntil(async () => (await coupons()).length === 1, 10_000, 'silver coupon after the outage');
    expect(await coupons()).toEqual(['Silver gift']);
    stub.reject('Gold gift');
    await award(100);
    await award(100);
    await waitUntil(async () => (await coupons()).length === 2, 10_000, 'platinum coupon');
    expect(await coupons()).toEqual(['Silver gift', 'Platinum gift']);
    stub.reject(null);
  });

  it('collection memberships come from the platform collects', async () => {
    const adapter = new HttpCommercePlatform({
      baseUrl: stub.baseUrl,
      accessToken: 'stub-token',
      domainOf: async () => 'x.example.com',
    });
    expect(await adapter.collectionsOf('s', ['501', '502', '503', '501'])).toEqual({
      '501': ['70', '71'],
      '502': ['71'],
      '503': [],
    });
  });

  it('creating the same reward twice finds the first code instead of minting a second', async () => {
    const adapter = new HttpCommercePlatform({
      baseUrl: stub.baseUrl,
      accessToken: 'stub-token',
      domainOf: async () => 'x.example.com',
    });
    const request = {
      shopId: 's',
      rewardId: 'reward-42',
      rewardType: 'percentage',
      rewardValue: 10,
      orderReqAmount: null,
      expiresAt: null,
      title: 't',
      platformCustomerId: 9,
      combinedWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
      entitledVariantIds: [],
    };
    const before = stub.calls.filter((c) => c.path.endsWith('/price_rules.json')).length;
    const first = await adapter.createDiscount(request);
    const second = await adapter.createDiscount(request);
    expect(second).toEqual(first);
    expect(stub.calls.filter((c) => c.path.endsWith('/price_rules.json')).length).toBe(before + 1);
    await expect(
      new HttpCommercePlatform({
        baseUrl: stub.baseUrl,
        accessToken: 'wrong',
        domainOf: async () => 'x',
      }).createDiscount({ ...request, rewardId: 'other' }),
    ).rejects.toMatchObject({ code: 'PLATFORM_REJECTED', status: 502 });
  });
});
