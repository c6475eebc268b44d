import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

const order = (id: number, customerId: number, total: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `#${id}`,
  customer: { id: customerId, email: `c${customerId}@example.com` },
  total_price: total,
  currency: 'USD',
  source_name: 'web',
  line_items: [],
  ...extra,
});

describe('v2 programs and points from orders', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string, as = shop) =>
    t.http()[method](`/rest_api/v2/programs${path}`).set(auth(as));
  const customer = async (id: number) =>
    (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    other = await t.shop();
  });
  afterAll(() => t.close());

  it('creates (201), lists, reads, updates and deletes programs', async () => {
    const created = await api('post', '')
      .send({ type: 'earning', event: 'birthday', title: 'Birthday treat', earnPoint: 50 })
      .expect(201);
    const program = expectSuccess(created.body);
    expect(program).toMatchObject({
      id: expect.any(String),
      title: 'Birthday treat',
      type: 'earning',
      event: 'birthday',
      status: true,
      isDraft: false,
      expired: false,
      earnPoint: 50,
      earnBy: 'flat',
    });
    expect((await api('get', '/earning').expect(200)).body.data.map((p: any) => p.id)).toContain(program.id);
    expect((await api('get', `/${program.id}`).expect(200)).body.data.id).toBe(program.id);
    const disabled = await api('put', `/${program.id}`).send({ status: false }).expect(200);
    expect(disabled.body.data.status).toBe(false);
    await api('delete', `/${program.id}`).expect(200);
    expectError((await api('get', `/${program.id}`).expect(404)).body, 'NOT_FOUND', 404);
  });

  it('spending programs are listed under redemption', async () => {
    const spending = expectSuccess(
      (
        await api('post', '')
          .send({
            type: 'spending',
            event: 'amount_discount',
            title: '$5 off',
            spending: { pointsCost: 500, rewardValue: 5 },
          })
          .expect(201)
      ).body,
    );
    expect(spending).toMatchObject({ type: 'spending', event: 'amount_discount', pointsCost: 500 });
    expect((await api('get', '/redemption').expect(200)).body.data.map((p: any) => p.id)).toEqual([spending.id]);
  });

  it.each([
    [{ event: 'sign_up', title: 'x', earnPoint: 5 }, 'type'],
    [{ type: 'earning', event: 'nope', title: 'x', earnPoint: 5 }, 'event'],
    [{ type: 'earning', event: 'sign_up', earnPoint: 5 }, 'title'],
    [{ type: 'earning', event: 'place_order', title: 'x', earnPoint: 1, rateMoney: -1 }, 'rateMoney'],
    [{ type: 'earning', event: 'place_order', title: 'x', earnPoint: 1, appliedSource: ['app'] }, 'appliedSource'],
    [{ type: 'earning', event: 'sign_up', title: 'x', earnPoint: 'lots' }, 'earnPoint'],
  ])('bad program %j is 400 naming %s', async (body, field) => {
    expect(expectError((await api('post', '').send(body).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it("unknown program 404; another shop's program 404; no keys 401", async () => {
    const id = expectSuccess(
      (await api('post', '').send({ type: 'earning', event: 'join_game', title: 'Game', earnPoint: 5 }).expect(201))
        .body,
    ).id;
    await api('get', '/nope').expect(404);
    await api('get', `/${id}`, other).expect(404);
    await api('put', `/${id}`, other).send({ status: false }).expect(404);
    await api('delete', `/${id}`, other).expect(404);
    await t.http().get('/rest_api/v2/programs/earning').expect(401);
  });

  it('sign-up points on enrolment, place_order points on paid orders, once per order', async () => {
    await api('post', '').send({ type: 'earning', event: 'sign_up', title: 'Welcome', earnPoint: 100 }).expect(201);
    await api('post', '')
      .send({
        type: 'earning',
        event: 'place_order',
        title: 'Order points',
        earnPoint: 2,
        rateMoney: 1,
        roundingMethod: 'floor',
      })
      .expect(201);
    await t.enrol(shop, 801);
    expect(await customer(801)).toMatchObject({ point: 100, earnSignUp: true });
    const paid = await t.platform(shop, 'orders/paid', order(70001, 801, '24.99')).expect(200);
    expect(paid.body.data).toMatchObject({ recorded: true, pointsEarned: 49 });
    await t.platform(shop, 'orders/paid', order(70001, 801, '24.99')).expect(200);
    expect(await customer(801)).toMatchObject({ point: 149, totalEarnedPoints: 149, ordersCount: 1 });
    const rows = (
      await t
        .http()
        .get('/rest_api/v2/transactions?platformCustomerId=801&event=place_order')
        .set(auth(shop))
        .expect(200)
    ).body.data;
    expect(rows).toEqual([
      expect.objectContaining({
        earnPoint: 49,
        orderId: '70001',
        orderName: '#70001',
        orderNumber: '70001',
        orderCurrency: 'USD',
        programTitle: 'Order points',
        earnBy: 'price',
        rateMoney: 1,
        source: 'platform',
      }),
    ]);
  });

  it('refunds take back pro rata, cancellation the rest; rows name the order', async () => {
    await t.enrol(shop, 802);
    await t.platform(shop, 'orders/paid', order(70002, 802, '100.00')).expect(200);
    const start = (await customer(802)).point;
    await t
      .platform(shop, 'refunds/create', {
        id: 1,
        order_id: 70002,
        transactions: [{ kind: 'refund', status: 'success', amount: '25.00' }],
      })
      .expect(200);
    expect((await customer(802)).point).toBe(start - 50);
    await t.platform(shop, 'orders/cancelled', order(70002, 802, '100.00')).expect(200);
    expect((await customer(802)).point).toBe(start - 200);
    const revoked = (
      await t
        .http()
        .get('/rest_api/v2/transactions?platformCustomerId=802&type=redeem_point&order=createdAt_asc')
        .set(auth(shop))
        .expect(200)
    ).body.data;
    expect(revoked.map((r: any) => [r.type, r.spendPoint, r.orderId, r.orderName, r.orderCurrency, r.event])).toEqual([
      ['redeem_point', 50, '70002', '#70002', 'USD', 'order_refunded'],
      ['redeem_point', 150, '70002', '#70002', 'USD', 'order_cancelled'],
    ]);
    expect(revoked[0].content).toBe('50 points taken back: order #70002 refunded');
  });

  it('a disabled program pays nothing; POS orders follow appliedSource', async () => {
    const shop2 = await t.shop();
    const webOnly = expectSuccess(
      (
        await t
          .http()
          .post('/rest_api/v2/programs')
          .set(auth(shop2))
          .send({
            type: 'earning',
            event: 'place_order',
            title: 'Web',
            earnPoint: 1,
            rateMoney: 1,
            appliedSource: ['web'],
          })
          .expect(201)
      ).body,
    );
    await t.enrol(shop2, 803);
    expect(
      (await t.platform(shop2, 'orders/paid', order(70003, 803, '10.00', { source_name: 'pos' })).expect(200)).body.data
        .pointsEarned,
    ).toBe(0);
    expect(
      (await t.platform(shop2, 'orders/paid', order(70004, 803, '10.00')).expect(200)).body.data.pointsEarned,
    ).toBe(10);
    await t.http().put(`/rest_api/v2/programs/${webOnly.id}`).set(auth(shop2)).send({ status: false }).expect(200);
    expect(
      (await t.platform(shop2, 'orders/paid', order(70005, 803, '10.00')).expect(200)).body.data.pointsEarned,
    ).toBe(0);
  });
});

describe('v2 program eligibility and cart calculation', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    await t
      .http()
      .post('/rest_api/v2/programs')
      .set(auth(shop))
      .send({ type: 'earning', event: 'sign_up', title: 'Welcome', earnPoint: 10 })
      .expect(201);
    await t
      .http()
      .post('/rest_api/v2/programs')
      .set(auth(shop))
      .send({
        type: 'earning',
        event: 'place_order',
        title: 'Orders',
        earnPoint: 1,
        rateMoney: 1,
        roundingMethod: 'floor',
      })
      .expect(201);
    await t.enrol(shop, 901);
  });
  afterAll(() => t.close());

  it('eligibility marks single-event programs with isEarned', async () => {
    const res = await t
      .http()
      .get('/rest_api/v2/programs/earning/eligibility?platformCustomerId=901')
      .set(auth(shop))
      .expect(200);
    const byEvent = Object.fromEntries(res.body.data.map((p: any) => [p.event, p]));
    expect(byEvent.sign_up.isEarned).toBe(true);
    expect(byEvent.place_order).not.toHaveProperty('isEarned');
    await t.http().get('/rest_api/v2/programs/earning/eligibility').set(auth(shop)).expect(400);
    expectError(
      (
        await t
          .http()
          .get('/rest_api/v2/programs/earning/eligibility?platformCustomerId=999999')
          .set(auth(shop))
          .expect(404)
      ).body,
      'NOT_FOUND',
      404,
    );
  });

  it('calculate returns pointsEarn and per-product points and awards nothing', async () => {
    const res = await t
      .http()
      .post('/rest_api/v2/programs/earning/points/calculate')
      .set(auth(shop))
      .send({
        platformCustomerId: '901',
        sourceName: 'web',
        products: [
          { id: 1, quantity: 2, price: 10.5 },
          { id: '2', quantity: 1, price: 3.99 },
        ],
      })
      .expect(200);
    expect(expectSuccess(res.body)).toMatchObject({
      pointsEarn: 24,
      products: [
        { id: '1', quantity: 2, price: 10.5, points: 21 },
        { id: '2', quantity: 1, price: 3.99, points: 3 },
      ],
    });
    const customer = (await t.http().get('/rest_api/v2/customers/external/901').set(auth(shop)).expect(200)).body.data;
    expect(customer.point).toBe(10);
    expect(
      expectError(
        (
          await t
            .http()
            .post('/rest_api/v2/programs/earning/points/calculate')
            .set(auth(shop))
            .send({ products: [{ id: 1, quantity: 'two', price: 1 }] })
            .expect(400)
        ).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('products.0.quantity');
    await t.http().post('/rest_api/v2/programs/earning/points/calculate').set(auth(shop)).send({}).expect(400);
    await t
      .http()
      .post('/rest_api/v2/programs/earning/points/calculate')
      .set(auth(shop))
      .send({ products: [], platformCustomerId: '424242' })
      .expect(404);
  });
});

describe('v2 social interactions', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let follow: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    follow = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'follow_photo', title: 'Follow us', earnPoint: 25 })
        .expect(201)
    ).body.data.id;
    await t.enrol(shop, 951);
  });
  afterAll(() => t.close());
  const interact = (body: Record<string, unknown>) =>
    t.http().post('/rest_api/v2/programs/earning/social/interactions').set(auth(shop)).send(body);

  it('pays once; a repeat is 400 LIMIT_REACHED; eligibility shows isEarned', async () => {
    const res = await interact({ platformCustomerId: '951', event: 'follow_photo', earningId: follow }).expect(200);
    expect(expectSuccess(res.body)).toEqual({});
    expect(res.body.meta).toMatchObject({ pointsEarned: 25, newPoint: 25 });
    expectError(
      (await interact({ platformCustomerId: '951', event: 'follow_photo', earningId: follow }).expect(400)).body,
      'LIMIT_REACHED',
      400,
    );
    const customer = (await t.http().get('/rest_api/v2/customers/external/951').set(auth(shop)).expect(200)).body.data;
    expect(customer.point).toBe(25);
    const eligibility = (
      await t.http().get('/rest_api/v2/programs/earning/eligibility?platformCustomerId=951').set(auth(shop)).expect(200)
    ).body.data;
    expect(eligibility.find((p: any) => p.id === follow).isEarned).toBe(true);
    const rows = (await t.http().get('/rest_api/v2/transactions?platformCustomerId=951').set(auth(shop)).expect(200))
      .body.data;
    expect(rows[0]).toMatchObject({
      event: 'follow_photo',
      programId: follow,
      programTitle: 'Follow us',
      earnPoint: 25,
    });
  });

  it('share_feed and share_micro pay once too, and eligibility shows them earned (one rule for single-event programs)', async () => {
    await t.enrol(shop, 953);
    for (const event of ['share_feed', 'share_micro']) {
      const id = (
        await t
          .http()
          .post('/rest_api/v2/programs')
          .set(auth(shop))
          .send({ type: 'earning', event, title: `Share (${event})`, earnPoint: 5 })
          .expect(201)
      ).body.data.id;
      const eligibility = async () =>
        (
          await t
            .http()
            .get('/rest_api/v2/programs/earning/eligibility?platformCustomerId=953')
            .set(auth(shop))
            .expect(200)
        ).body.data.find((p: any) => p.id === id);
      expect((await eligibility()).isEarned).toBe(false);
      await interact({ platformCustomerId: '953', event, earningId: id }).expect(200);
      expectError(
        (await interact({ platformCustomerId: '953', event, earningId: id }).expect(400)).body,
        'LIMIT_REACHED',
        400,
      );
      expect((await eligibility()).isEarned).toBe(true);
      const v1 = (
        await t
          .http()
          .get('/rest_api/v1/earning-programs-by-customer?shopifyCustomerId=953')
          .set(auth(shop))
          .expect(200)
      ).body.data.find((p: any) => p.id === id);
      expect(v1.isEarned).toBe(true);
    }
  });

  it('INVALID_PROGRAM for unknown, non-social, mismatched or disabled programs; 404 unknown customer; 400 bad body', async () => {
    const order = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'place_order', title: 'Orders', earnPoint: 1, rateMoney: 1 })
        .expect(201)
    ).body.data.id;
    const like = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'like_feed', title: 'Like', earnPoint: 5, status: false })
        .expect(201)
    ).body.data.id;
    await t.enrol(shop, 952);
    for (const body of [
      { platformCustomerId: '952', event: 'follow_photo', earningId: 'nope' },
      { platformCustomerId: '952', event: 'place_order', earningId: order },
      { platformCustomerId: '952', event: 'join_game', earningId: follow },
      { platformCustomerId: '952', event: 'like_feed', earningId: like },
    ]) {
      expectError((await interact(body).expect(400)).body, 'INVALID_PROGRAM', 400);
    }
    expectError(
      (await interact({ platformCustomerId: '999999', event: 'follow_photo', earningId: follow }).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    expect(
      expectError((await interact({ event: 'follow_photo', earningId: follow }).expect(400)).body, 'BAD_REQUEST', 400)
        .field,
    ).toBe('platformCustomerId');
  });
});

describe('product scopes and program limits over HTTP', () => {
  it('place_order counts only the included products; a limited social program pays up to its limit', async () => {
    const t = await createTestApp();
    try {
      const shop = await t.shop();
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({
          type: 'earning',
          event: 'place_order',
          title: 'Tea points',
          earnPoint: 1,
          rateMoney: 1,
          includeProducts: ['111'],
        })
        .expect(201);
      const share = (
        await t
          .http()
          .post('/rest_api/v2/programs')
          .set(auth(shop))
          .send({
            type: 'earning',
            event: 'share_feed',
            title: 'Share',
            earnPoint: 5,
            hasLimit: true,
            limitUnit: 'day',
            limitInterval: 2,
          })
          .expect(201)
      ).body.data;
      expect(share).toMatchObject({ hasLimit: true, limitUnit: 'day', limitInterval: 2 });
      await t.enrol(shop, 1701);
      const paid = await t
        .platform(shop, 'orders/paid', {
          id: 77001,
          customer: { id: 1701 },
          total_price: '50.00',
          line_items: [
            { product_id: 111, quantity: 2, price: '10.00' },
            { product_id: 222, quantity: 1, price: '30.00' },
          ],
        })
        .expect(200);
      expect(paid.body.data.pointsEarned).toBe(20);
      const interact = () =>
        t
          .http()
          .post('/rest_api/v2/programs/earning/social/interactions')
          .set(auth(shop))
          .send({ platformCustomerId: '1701', event: 'share_feed', earningId: share.id });
      await interact().expect(200);
      await interact().expect(200);
      expectError((await interact().expect(400)).body, 'LIMIT_REACHED', 400);
      const calc = await t
        .http()
        .post('/rest_api/v2/programs/earning/points/calculate')
        .set(auth(shop))
        .send({
          products: [
            { id: 111, quantity: 1, price: 10 },
            { id: 222, quantity: 1, price: 30 },
          ],
        })
        .expect(200);
      expect(calc.body.data).toMatchObject({
        pointsEarn: 10,
        products: [
          { id: '111', points: 10 },
          { id: '222', points: 0 },
        ],
      });
      expect(
        (
          await t
            .http()
            .post('/rest_api/v2/programs')
            .set(auth(shop))
            .send({ type: 'earning', event: 'join_game', title: 'x', earnPoint: 1, limitUnit: 'hour' })
            .expect(400)
        ).body.error.field,
      ).toBe('limitUnit');
    } finally {
      await t.close();
    }
  });
});
