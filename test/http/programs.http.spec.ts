import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';
import { orderCustomer, platformOrder } from '../support/platform-orders';

const order = (id: number, customerId: number, total: string, extra: Record<string, unknown> = {}) =>
  platformOrder(id, orderCustomer(customerId), total, { source_name: 'web', ...extra });

describe('v2 programs and points from orders', () => {
  const s = scenario();
  let other: ShopClient;
  beforeAll(async () => {
    other = await s.newShop();
  });

  it('creates (201), lists, reads, updates and deletes programs', async () => {
    const program = await s.program({ type: 'earning', event: 'birthday', title: 'Birthday treat', earnPoint: 50 });
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
    expect((await s.get('/programs/earning').expect(200)).body.data.map((p: any) => p.id)).toContain(program.id);
    expect((await s.get(`/programs/${program.id}`).expect(200)).body.data.id).toBe(program.id);
    const disabled = await s.put(`/programs/${program.id}`, { status: false }).expect(200);
    expect(disabled.body.data.status).toBe(false);
    await s.delete(`/programs/${program.id}`).expect(200);
    expectError((await s.get(`/programs/${program.id}`).expect(404)).body, 'NOT_FOUND', 404);
  });

  it('spending programs are listed under redemption', async () => {
    const spending = await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: '$5 off',
      spending: { pointsCost: 500, rewardValue: 5 },
    });
    expect(spending).toMatchObject({ type: 'spending', event: 'amount_discount', pointsCost: 500 });
    expect((await s.get('/programs/redemption').expect(200)).body.data.map((p: any) => p.id)).toEqual([spending.id]);
  });

  it.each([
    [{ event: 'sign_up', title: 'x', earnPoint: 5 }, 'type'],
    [{ type: 'earning', event: 'nope', title: 'x', earnPoint: 5 }, 'event'],
    [{ type: 'earning', event: 'sign_up', earnPoint: 5 }, 'title'],
    [{ type: 'earning', event: 'place_order', title: 'x', earnPoint: 1, rateMoney: -1 }, 'rateMoney'],
    [{ type: 'earning', event: 'place_order', title: 'x', earnPoint: 1, appliedSource: ['app'] }, 'appliedSource'],
    [{ type: 'earning', event: 'sign_up', title: 'x', earnPoint: 'lots' }, 'earnPoint'],
  ])('bad program %j is 400 naming %s', async (body, field) => {
    expect(expectError((await s.post('/programs', body).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it("unknown program 404; another shop's program 404; no keys 401", async () => {
    const id = await s.earning('join_game', 'Game', { earnPoint: 5 });
    await s.get('/programs/nope').expect(404);
    await other.get(`/programs/${id}`).expect(404);
    await other.put(`/programs/${id}`, { status: false }).expect(404);
    await other.delete(`/programs/${id}`).expect(404);
    await s.t.http().get('/rest_api/v2/programs/earning').expect(401);
  });

  it('sign-up points on enrolment, place_order points on paid orders, once per order', async () => {
    await s.earning('sign_up', 'Welcome', { earnPoint: 100 });
    await s.earning('place_order', 'Order points', { earnPoint: 2, rateMoney: 1, roundingMethod: 'floor' });
    await s.enrol(801);
    expect(await s.customer(801)).toMatchObject({ point: 100, earnSignUp: true });
    const paid = await s.platform('orders/paid', order(70001, 801, '24.99')).expect(200);
    expect(paid.body.data).toMatchObject({ recorded: true, pointsEarned: 49 });
    await s.platform('orders/paid', order(70001, 801, '24.99')).expect(200);
    expect(await s.customer(801)).toMatchObject({ point: 149, totalEarnedPoints: 149, ordersCount: 1 });
    const rows = (await s.transactions('platformCustomerId=801&event=place_order').expect(200)).body.data;
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
    await s.enrol(802);
    await s.platform('orders/paid', order(70002, 802, '100.00')).expect(200);
    const start = await s.balance(802);
    await s.refund(1, 70002, '25.00').expect(200);
    expect(await s.balance(802)).toBe(start - 50);
    await s.platform('orders/cancelled', order(70002, 802, '100.00')).expect(200);
    expect(await s.balance(802)).toBe(start - 200);
    const revoked = (await s.transactions('platformCustomerId=802&type=redeem_point&order=createdAt_asc').expect(200))
      .body.data;
    expect(revoked.map((r: any) => [r.type, r.spendPoint, r.orderId, r.orderName, r.orderCurrency, r.event])).toEqual([
      ['redeem_point', 50, '70002', '#70002', 'USD', 'order_refunded'],
      ['redeem_point', 150, '70002', '#70002', 'USD', 'order_cancelled'],
    ]);
    expect(revoked[0].content).toBe('50 points taken back: order #70002 refunded');
  });

  it('a disabled program pays nothing; POS orders follow appliedSource', async () => {
    const shop2 = await s.newShop();
    const webOnly = await shop2.earning('place_order', 'Web', { earnPoint: 1, rateMoney: 1, appliedSource: ['web'] });
    await shop2.enrol(803);
    const pointsEarned = async (orderId: number, extra = {}) =>
      (await shop2.platform('orders/paid', order(orderId, 803, '10.00', extra)).expect(200)).body.data.pointsEarned;
    expect(await pointsEarned(70003, { source_name: 'pos' })).toBe(0);
    expect(await pointsEarned(70004)).toBe(10);
    await shop2.put(`/programs/${webOnly}`, { status: false }).expect(200);
    expect(await pointsEarned(70005)).toBe(0);
  });
});

describe('v2 program eligibility and cart calculation', () => {
  const s = scenario();
  beforeAll(async () => {
    await s.earning('sign_up', 'Welcome', { earnPoint: 10 });
    await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, roundingMethod: 'floor' });
    await s.enrol(901);
  });
  const calculate = (body: Record<string, unknown>) => s.post('/programs/earning/points/calculate', body);

  it('eligibility marks single-event programs with isEarned', async () => {
    const res = await s.get('/programs/earning/eligibility?platformCustomerId=901').expect(200);
    const byEvent = Object.fromEntries(res.body.data.map((p: any) => [p.event, p]));
    expect(byEvent.sign_up.isEarned).toBe(true);
    expect(byEvent.place_order).not.toHaveProperty('isEarned');
    await s.get('/programs/earning/eligibility').expect(400);
    expectError(
      (await s.get('/programs/earning/eligibility?platformCustomerId=999999').expect(404)).body,
      'NOT_FOUND',
      404,
    );
  });

  it('calculate returns pointsEarn and per-product points and awards nothing', async () => {
    const res = await calculate({
      platformCustomerId: '901',
      sourceName: 'web',
      products: [
        { id: 1, quantity: 2, price: 10.5 },
        { id: '2', quantity: 1, price: 3.99 },
      ],
    }).expect(200);
    expect(expectSuccess(res.body)).toMatchObject({
      pointsEarn: 24,
      products: [
        { id: '1', quantity: 2, price: 10.5, points: 21 },
        { id: '2', quantity: 1, price: 3.99, points: 3 },
      ],
    });
    expect(await s.balance(901)).toBe(10);
    expect(
      expectError(
        (await calculate({ products: [{ id: 1, quantity: 'two', price: 1 }] }).expect(400)).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('products.0.quantity');
    await calculate({}).expect(400);
    await calculate({ products: [], platformCustomerId: '424242' }).expect(404);
  });
});

describe('v2 social interactions', () => {
  const s = scenario();
  let follow: string;
  beforeAll(async () => {
    follow = await s.earning('follow_photo', 'Follow us', { earnPoint: 25 });
    await s.enrol(951);
  });
  const interact = (body: Record<string, unknown>) => s.post('/programs/earning/social/interactions', body);
  const eligibility = async (platformCustomerId: number) =>
    (await s.get(`/programs/earning/eligibility?platformCustomerId=${platformCustomerId}`).expect(200)).body.data;

  it('pays once; a repeat is 400 LIMIT_REACHED; eligibility shows isEarned', async () => {
    const res = await interact({ platformCustomerId: '951', event: 'follow_photo', earningId: follow }).expect(200);
    expect(expectSuccess(res.body)).toEqual({});
    expect(res.body.meta).toMatchObject({ pointsEarned: 25, newPoint: 25 });
    expectError(
      (await interact({ platformCustomerId: '951', event: 'follow_photo', earningId: follow }).expect(400)).body,
      'LIMIT_REACHED',
      400,
    );
    expect(await s.balance(951)).toBe(25);
    expect((await eligibility(951)).find((p: any) => p.id === follow).isEarned).toBe(true);
    const rows = (await s.transactions('platformCustomerId=951').expect(200)).body.data;
    expect(rows[0]).toMatchObject({
      event: 'follow_photo',
      programId: follow,
      programTitle: 'Follow us',
      earnPoint: 25,
    });
  });

  it('share_feed and share_micro pay once too, and eligibility shows them earned (one rule for single-event programs)', async () => {
    await s.enrol(953);
    for (const event of ['share_feed', 'share_micro']) {
      const id = await s.earning(event, `Share (${event})`, { earnPoint: 5 });
      const isEarned = async () => (await eligibility(953)).find((p: any) => p.id === id).isEarned;
      expect(await isEarned()).toBe(false);
      await interact({ platformCustomerId: '953', event, earningId: id }).expect(200);
      expectError(
        (await interact({ platformCustomerId: '953', event, earningId: id }).expect(400)).body,
        'LIMIT_REACHED',
        400,
      );
      expect(await isEarned()).toBe(true);
      const v1 = (
        await s.t.http().get('/rest_api/v1/earning-programs-by-customer?shopifyCustomerId=953').set(s.keys).expect(200)
      ).body.data.find((p: any) => p.id === id);
      expect(v1.isEarned).toBe(true);
    }
  });

  it('INVALID_PROGRAM for unknown, non-social, mismatched or disabled programs; 404 unknown customer; 400 bad body', async () => {
    const order = await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1 });
    const like = await s.earning('like_feed', 'Like', { earnPoint: 5, status: false });
    await s.enrol(952);
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
  const s = scenario();

  it('place_order counts only the included products; a limited social program pays up to its limit', async () => {
    await s.earning('place_order', 'Tea points', { earnPoint: 1, rateMoney: 1, includeProducts: ['111'] });
    const share = await s.program({
      type: 'earning',
      event: 'share_feed',
      title: 'Share',
      earnPoint: 5,
      hasLimit: true,
      limitUnit: 'day',
      limitInterval: 2,
    });
    expect(share).toMatchObject({ hasLimit: true, limitUnit: 'day', limitInterval: 2 });
    await s.enrol(1701);
    const paid = await s
      .platform('orders/paid', {
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
      s.post('/programs/earning/social/interactions', {
        platformCustomerId: '1701',
        event: 'share_feed',
        earningId: share.id,
      });
    await interact().expect(200);
    await interact().expect(200);
    expectError((await interact().expect(400)).body, 'LIMIT_REACHED', 400);
    const calc = await s
      .post('/programs/earning/points/calculate', {
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
        await s
          .post('/programs', { type: 'earning', event: 'join_game', title: 'x', earnPoint: 1, limitUnit: 'hour' })
          .expect(400)
      ).body.error.field,
    ).toBe('limitUnit');
  });
});
