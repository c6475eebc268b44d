import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { HEADLESS, hmacOf, nowSeconds } from '../headless/headless-support';

/**
 * The platform's payloads as it sends them (test/fixtures/platform: 64-bit ids, unused fields,
 * numbers as strings, test notifications), sent byte for byte; points as docs/platform-ingestion.md
 * says. Runs on PostgreSQL when DATABASE_URL is set, else PGlite.
 */
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'platform', `${name}.json`), 'utf8');

describe('commerce platform payloads (fixtures of real shapes)', () => {
  const s = scenario();
  const customer = (id: string) => s.get(`/customers/external/${id}`);
  const send = (topic: string, raw: string) => s.rawPlatform(topic, raw);
  const data = async (topic: string, raw: string) => expectSuccess((await send(topic, raw).expect(200)).body);

  beforeAll(async () => {
    await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, roundingMethod: 'floor' });
  });

  it('customers/create with 18-digit ids (the customer, its addresses) enrols that customer, exactly', async () => {
    expect(await data('customers/create', fixture('customers-create'))).toMatchObject({ created: true });
    const record = expectSuccess((await customer('807214593660218541').expect(200)).body);
    expect(record).toMatchObject({
      platformCustomerId: '807214593660218541',
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      acceptsMarketing: true,
    });
    // 807214593660218541 read through a JavaScript number would be 807214593660218500.
    await customer('807214593660218500').expect(404);
    await data('customers/update', fixture('customers-update'));
    expect(expectSuccess((await customer('807214593660218541').expect(200)).body).firstName).toBe('Grace B.');
  });

  it('ids that differ only beyond 2^53 are two customers', async () => {
    const raw = fixture('customers-create').replaceAll('807214593660218541', '807214593660218542');
    await data('customers/create', raw);
    expect(expectSuccess((await customer('807214593660218542').expect(200)).body).point).toBe(0);
    expect(expectSuccess((await customer('807214593660218541').expect(200)).body).firstName).toBe('Grace B.');
  });

  it('an order with discounts and shipping earns on its total; refunds with and without line items take back pro rata', async () => {
    const paid = await data('orders/paid', fixture('orders-paid.discounts-shipping'));
    expect(paid).toMatchObject({ orderId: '5820193746102938471', recorded: true, pointsEarned: 104 });
    expect(expectSuccess((await customer('7390184462021').expect(200)).body)).toMatchObject({
      point: 104,
      ordersCount: 1,
      totalSpent: 104.5,
    });
    // 29.04 of 104.50 refunded: floor(104 x 29.04 / 104.50) = 28.
    expect(await data('refunds/create', fixture('refunds-create.line-items'))).toMatchObject({ recorded: true });
    expect(await s.balance('7390184462021')).toBe(76);
    // A shipping refund (no line items; its failed transaction does not count): 32.04 in all, 31 taken back.
    await data('refunds/create', fixture('refunds-create.no-line-items'));
    await data('refunds/create', fixture('refunds-create.no-line-items'));
    expect(await s.balance('7390184462021')).toBe(73);
    const rows = expectSuccess(
      (await s.transactions('platformCustomerId=7390184462021&order=createdAt_asc').expect(200)).body,
    );
    expect(rows.map((r: any) => [r.event, r.earnPoint || -r.spendPoint, r.orderId])).toEqual([
      ['place_order', 104, '5820193746102938471'],
      ['order_refunded', -28, '5820193746102938471'],
      ['order_refunded', -3, '5820193746102938471'],
    ]);
  });

  it("a draft order's empty discount code is no code: the order earns, its cancellation takes the points back", async () => {
    const paid = await data('orders/paid', fixture('orders-paid.draft-empty-code'));
    expect(paid).toMatchObject({ orderId: '6130284719568204113', recorded: true, pointsEarned: 60 });
    expect(await s.balance('9031856647283715')).toBe(60);
    await data('orders/cancelled', fixture('orders-cancelled.draft-empty-code'));
    expect(expectSuccess((await customer('9031856647283715').expect(200)).body)).toMatchObject({
      point: 0,
      ordersCount: 0,
    });
  });

  it('an empty discount code with every id within 2^53: the order earns and its cancellation takes back', async () => {
    const small = (raw: string) =>
      [
        ['6130284719568204113', '88056021'],
        ['9031856647283715', '88056020'],
        ['9120348877612094400', '88056022'],
        ['4620193857731040001', '88056023'],
        ['1093847561029384756', '88056024'],
        ['7711029384756102938', '88056025'],
      ].reduce((text, [big, id]) => text.replaceAll(big, id), raw);
    expect(await data('orders/paid', small(fixture('orders-paid.draft-empty-code')))).toMatchObject({
      pointsEarned: 60,
    });
    await data('orders/cancelled', small(fixture('orders-cancelled.draft-empty-code')));
    expect(await s.balance('88056020')).toBe(0);
  });

  it('a guest checkout (customer null, 19-digit ids) is acknowledged and records nothing', async () => {
    expect(await data('orders/paid', fixture('orders-paid.guest'))).toEqual(
      expect.objectContaining({ ignored: 'guest order' }),
    );
    const list = expectSuccess((await s.get('/customers?email=visitor@example.com').expect(200)).body);
    expect(list).toEqual([]);
  });

  describe('test notifications (test: true) are acknowledged and change nothing', () => {
    it.each([
      ['orders/paid', 'orders-paid.test'],
      ['orders/cancelled', 'orders-cancelled.test'],
      ['refunds/create', 'refunds-create.test'],
    ])('%s', async (topic, name) => {
      expect(await data(topic, fixture(name))).toMatchObject({ ignored: 'test' });
      await customer('126408539217634098').expect(404);
    });

    it('a test order of a known customer (ids within 2^53) pays no points and records no order', async () => {
      await s.enrol(88056001);
      const raw = fixture('orders-paid.test')
        .replaceAll('126408539217634098', '88056001')
        .replaceAll('830417265509182736', '88056002')
        .replace('"state": "disabled"', '"state": "enabled"');
      expect(await data('orders/paid', raw)).toMatchObject({ ignored: 'test' });
      expect(expectSuccess((await customer('88056001').expect(200)).body)).toMatchObject({
        point: 0,
        ordersCount: 0,
      });
      const fresh = raw.replaceAll('88056001', '88056003');
      await data('orders/paid', fresh);
      await customer('88056003').expect(404);
    });
  });

  describe("an order without created_at or financial_status takes the delivery's time and the topic's status", () => {
    const orders = async (platformCustomerId: string, email: string) => {
      const ts = nowSeconds();
      const grant = {
        grant_type: 'hmac',
        shopDomain: s.shop.domain,
        customerId: platformCustomerId,
        email,
        ts,
        hmac: hmacOf(s.shop.headlessSecret, platformCustomerId, email, ts),
      };
      const token = (await s.t.http().post(`${HEADLESS}/auth/token`).send(grant).expect(200)).body.data.token;
      const res = await s.t
        .http()
        .get(`${HEADLESS}/customer/orders`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      return expectSuccess(res.body);
    };

    it('numbers as strings and 64-bit ids: the order of the customer customers/create enrolled', async () => {
      const paid = await send('orders/paid', fixture('orders-paid.strings'))
        .set('X-Platform-Triggered-At', '2026-02-20T21:40:10.000Z')
        .expect(200);
      expect(expectSuccess(paid.body)).toMatchObject({ orderId: '5514028837465109277', pointsEarned: 25 });
      expect(expectSuccess((await customer('807214593660218541').expect(200)).body)).toMatchObject({
        point: 25,
        ordersCount: 1,
      });
      const [order] = await orders('807214593660218541', 'grace.hopper@example.com');
      expect(order).toMatchObject({
        id: '5514028837465109277',
        createdAt: '2026-02-20T21:40:10.000Z',
        financialStatus: 'paid',
        totalPrice: 2500,
      });
    });

    it("without X-Platform-Triggered-At: the service's clock at receipt", async () => {
      const raw = fixture('orders-paid.strings')
        .replaceAll('807214593660218541', '88056010')
        .replaceAll('5514028837465109277', '88056011')
        .replaceAll('grace.hopper@', 'c88056010@')
        .replace('"quantity": "2"', '"quantity": 2')
        .replace('8821049376610295001', '88056012')
        .replace('4470921183657732001', '88056013');
      const before = Date.now();
      await data('orders/paid', raw);
      const [order] = await orders('88056010', 'c88056010@example.com');
      expect(order).toMatchObject({ id: 88056011, financialStatus: 'paid' });
      expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(order.createdAt)).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('the refusals that protect money stay, naming the field, in a body with 64-bit ids', () => {
    const order = fixture('orders-paid.discounts-shipping').replaceAll('5820193746102938471', '5820193746102938472');
    it.each([
      ['a negative price', order.replace('"price": "30.00"', '"price": "-30.00"'), 'line_items[0].price'],
      ['a price that is not a number', order.replace('"price": "45.00"', '"price": "free"'), 'line_items[1].price'],
      ['a total that is not a number', order.replace('"total_price": "104.50"', '"total_price": "ten"'), 'total_price'],
      [
        'a 64-bit total',
        order.replace('"total_price": "104.50"', '"total_price": 12345678901234567890'),
        'total_price',
      ],
    ])('%s: 400, nothing recorded', async (_, raw, field) => {
      expect(expectError((await send('orders/paid', raw).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
      expect(await s.balance('7390184462021')).toBe(73);
    });
  });
});
