import request from 'supertest';
import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

describe(`v2 redemption and rewards (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  let fiveOff: string;
  let dynamic: string;
  const award = (id: number, point: number) =>
    t
      .http()
      .post('/rest_api/v2/transactions/points/award')
      .set(auth(shop))
      .send({ platformCustomerId: String(id), point })
      .expect(200);
  const redeem = (body: Record<string, unknown>, as = shop) =>
    t.http().post('/rest_api/v2/programs/redemption/redeem').set(auth(as)).send(body);
  const balance = async (id: number) =>
    (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data.point;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    other = await t.shop();
    fiveOff = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({
          type: 'spending',
          event: 'amount_discount',
          title: '$5 off',
          spending: { pointsCost: 500, rewardType: 'fixed_amount', rewardValue: 5, expiresInDays: 30 },
        })
        .expect(201)
    ).body.data.id;
    dynamic = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({
          type: 'spending',
          event: 'amount_discount',
          title: '$1 per 100',
          spending: {
            pointsCost: 100,
            redeemType: 'dynamic',
            rewardType: 'fixed_amount',
            rewardValue: 1,
            minPoints: 200,
            maxPoints: 1000,
          },
        })
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => t.close());

  it('redeem spends the points and mints a coupon listed under rewards', async () => {
    await t.enrol(shop, 1501);
    await award(1501, 1200);
    const res = await redeem({ programId: fiveOff, platformCustomerId: '1501', quantity: 2 }).expect(200);
    expect(expectSuccess(res.body)).toEqual({});
    expect(res.body.meta).toMatchObject({
      rewardId: expect.any(String),
      couponCode: expect.stringMatching(/^LOY-[A-Z2-9]{10}$/),
      pointsSpent: 1000,
      newPoint: 200,
    });
    expect(await balance(1501)).toBe(200);
    const list = await t
      .http()
      .get('/rest_api/v2/rewards?platformCustomerId=1501&hasCount=true')
      .set(auth(shop))
      .expect(200);
    expect(expectSuccess(list.body)).toEqual([
      expect.objectContaining({
        id: res.body.meta.rewardId,
        couponCode: res.body.meta.couponCode,
        discountStatus: 'active',
        programTitle: '$5 off',
        program: { id: fiveOff, title: '$5 off' },
        rewardValue: 10,
        pointsSpent: 1000,
        expiredAt: expect.any(String),
      }),
    ]);
    expect(list.body.meta.pagination).toMatchObject({ total: 1, totalPage: 1, hasNext: false, hasPre: false });
    expect(
      (await t.http().get(`/rest_api/v2/rewards/${res.body.meta.rewardId}`).set(auth(shop)).expect(200)).body.data
        .couponCode,
    ).toBe(res.body.meta.couponCode);
    const row = (
      await t
        .http()
        .get('/rest_api/v2/transactions?platformCustomerId=1501&type=redeem_point')
        .set(auth(shop))
        .expect(200)
    ).body.data[0];
    expect(row).toMatchObject({
      spendPoint: 1000,
      couponCode: res.body.meta.couponCode,
      programId: fiveOff,
      event: 'amount_discount',
    });
  });

  it('insufficient points: 400 INSUFFICIENT_POINTS, nothing spent, no coupon', async () => {
    await t.enrol(shop, 1502);
    await award(1502, 499);
    expectError(
      (await redeem({ programId: fiveOff, platformCustomerId: '1502', quantity: 1 }).expect(400)).body,
      'INSUFFICIENT_POINTS',
      400,
    );
    expect(await balance(1502)).toBe(499);
    expect(
      (await t.http().get('/rest_api/v2/rewards?platformCustomerId=1502').set(auth(shop)).expect(200)).body.data,
    ).toEqual([]);
  });

  it('dynamic rewards respect minPoints and maxPoints', async () => {
    await t.enrol(shop, 1503);
    await award(1503, 5000);
    expect(
      expectError(
        (await redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 1 }).expect(400)).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('quantity');
    await redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 11 }).expect(400);
    expect(
      (await redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 3 }).expect(200)).body.meta.pointsSpent,
    ).toBe(300);
  });

  it('coupon refund returns the points once; unknown or foreign coupons are 400', async () => {
    await t.enrol(shop, 1504);
    await t.enrol(shop, 1505);
    await award(1504, 600);
    const code = (await redeem({ programId: fiveOff, platformCustomerId: '1504', quantity: 1 }).expect(200)).body.meta
      .couponCode;
    expectError(
      (
        await t
          .http()
          .post('/rest_api/v2/rewards/coupons/refund')
          .set(auth(shop))
          .send({ discountCode: code, platformCustomerId: '1505' })
          .expect(400)
      ).body,
      'BAD_REQUEST',
      400,
    );
    expectError(
      (
        await t
          .http()
          .post('/rest_api/v2/rewards/coupons/refund')
          .set(auth(shop))
          .send({ discountCode: 'LOY-NOPE', platformCustomerId: '1504' })
          .expect(400)
      ).body,
      'BAD_REQUEST',
      400,
    );
    const res = await t
      .http()
      .post('/rest_api/v2/rewards/coupons/refund')
      .set(auth(shop))
      .send({ discountCode: code, platformCustomerId: '1504', reason: 'changed mind' })
      .expect(200);
    expect(expectSuccess(res.body)).toEqual({ success: true, message: '500 points returned' });
    expect(await balance(1504)).toBe(600);
    // The refund's row names the coupon and the program it was bought from, like the redemption's.
    const [refundRow, redeemRow] = (
      await t.http().get('/rest_api/v2/transactions?platformCustomerId=1504').set(auth(shop)).expect(200)
    ).body.data;
    expect(refundRow).toMatchObject({
      type: 'earn_point',
      event: 'coupon_refunded',
      earnPoint: 500,
      couponCode: code,
      programId: fiveOff,
      programTitle: '$5 off',
      reason: 'changed mind',
    });
    expect(redeemRow).toMatchObject({ type: 'redeem_point', couponCode: code, programId: fiveOff });
    await t
      .http()
      .post('/rest_api/v2/rewards/coupons/refund')
      .set(auth(shop))
      .send({ discountCode: code, platformCustomerId: '1504' })
      .expect(400);
    const [reward] = (
      await t.http().get('/rest_api/v2/rewards?platformCustomerId=1504&status=refunded').set(auth(shop)).expect(200)
    ).body.data;
    expect(reward.discountStatus).toBe('refunded');
    await t
      .http()
      .post('/rest_api/v2/rewards/coupons/refund')
      .set(auth(shop))
      .send({ platformCustomerId: '1504' })
      .expect(400);
  });

  it('errors: unknown program 404, earning program 404, disabled 400, unknown customer 404, bad quantity 400, other shop 404, no keys 401', async () => {
    await t.enrol(shop, 1506);
    await award(1506, 1000);
    await redeem({ programId: 'nope', platformCustomerId: '1506', quantity: 1 }).expect(404);
    const earning = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'sign_up', title: 'x', earnPoint: 1, status: false })
        .expect(201)
    ).body.data.id;
    await redeem({ programId: earning, platformCustomerId: '1506', quantity: 1 }).expect(404);
    const off = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'spending', event: 'free_shipping', title: 'Ship', status: false, spending: { pointsCost: 10 } })
        .expect(201)
    ).body.data.id;
    expectError(
      (await redeem({ programId: off, platformCustomerId: '1506', quantity: 1 }).expect(400)).body,
      'INVALID_PROGRAM',
      400,
    );
    expectError(
      (await redeem({ programId: fiveOff, platformCustomerId: '999999', quantity: 1 }).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    expect(
      (await redeem({ programId: fiveOff, platformCustomerId: '1506', quantity: 0 }).expect(400)).body.error.field,
    ).toBe('quantity');
    await redeem({ programId: fiveOff, platformCustomerId: '1506', quantity: 1 }, other).expect(404);
    await t
      .http()
      .post('/rest_api/v2/programs/redemption/redeem')
      .send({ programId: fiveOff, platformCustomerId: '1506', quantity: 1 })
      .expect(401);
    expect(await balance(1506)).toBe(1000);
    await t.http().get('/rest_api/v2/rewards').set(auth(shop)).expect(400);
    await t.http().get('/rest_api/v2/rewards?platformCustomerId=999999').set(auth(shop)).expect(404);
    await t.http().get('/rest_api/v2/rewards/nope').set(auth(shop)).expect(404);
  });

  it('concurrent redemptions never spend the same points', async () => {
    await t.enrol(shop, 1507);
    await award(1507, 1000);
    const apps = defaultStoreKind() === 'postgres' ? [t.app, await t.secondInstance()] : [t.app];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/programs/redemption/redeem')
          .set(auth(shop))
          .send({ programId: fiveOff, platformCustomerId: '1507', quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(
      true,
    );
    expect(await balance(1507)).toBe(0);
    expect(
      (await t.http().get('/rest_api/v2/rewards?platformCustomerId=1507&hasCount=true').set(auth(shop)).expect(200))
        .body.meta.pagination.total,
    ).toBe(2);
  });
});

describe('coupons used at checkout', () => {
  it('an order carrying the code marks the coupon used; it can no longer be refunded', async () => {
    const t = await createTestApp();
    try {
      const shop = await t.shop();
      const program = (
        await t
          .http()
          .post('/rest_api/v2/programs')
          .set(auth(shop))
          .send({
            type: 'spending',
            event: 'amount_discount',
            title: '$5 off',
            spending: { pointsCost: 100, rewardValue: 5 },
          })
          .expect(201)
      ).body.data.id;
      await t.enrol(shop, 1601);
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1601', point: 100 })
        .expect(200);
      const code = (
        await t
          .http()
          .post('/rest_api/v2/programs/redemption/redeem')
          .set(auth(shop))
          .send({ programId: program, platformCustomerId: '1601', quantity: 1 })
          .expect(200)
      ).body.meta.couponCode;
      await t
        .platform(shop, 'orders/paid', {
          id: 88001,
          customer: { id: 1601 },
          total_price: '20.00',
          discount_codes: [{ code }, { code: 'SUMMER' }],
          line_items: [],
        })
        .expect(200);
      const [reward] = (await t.http().get('/rest_api/v2/rewards?platformCustomerId=1601').set(auth(shop)).expect(200))
        .body.data;
      expect(reward.discountStatus).toBe('used');
      await t
        .http()
        .post('/rest_api/v2/rewards/coupons/refund')
        .set(auth(shop))
        .send({ discountCode: code, platformCustomerId: '1601' })
        .expect(400);
      expect(
        (
          await t
            .platform(shop, 'orders/paid', {
              id: 88002,
              customer: { id: 1601 },
              total_price: '1.00',
              discount_codes: 'x',
            })
            .expect(400)
        ).body.error.field,
      ).toBe('discount_codes');
    } finally {
      await t.close();
    }
  });
});

describe('program list rules', () => {
  it('redemption list filters by event and tells a customer what is affordable; free plans get 403 on earning', async () => {
    const t = await createTestApp();
    try {
      const shop = await t.shop();
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({
          type: 'spending',
          event: 'amount_discount',
          title: '$5',
          spending: { pointsCost: 500, rewardValue: 5 },
        })
        .expect(201);
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'spending', event: 'free_shipping', title: 'Ship', spending: { pointsCost: 100 } })
        .expect(201);
      await t.enrol(shop, 1999);
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1999', point: 200 })
        .expect(200);
      expect(
        (
          await t.http().get('/rest_api/v2/programs/redemption?event=free_shipping').set(auth(shop)).expect(200)
        ).body.data.map((p: any) => p.title),
      ).toEqual(['Ship']);
      const mine = (
        await t.http().get('/rest_api/v2/programs/redemption?platformCustomerId=1999').set(auth(shop)).expect(200)
      ).body.data;
      expect(mine.map((p: any) => [p.title, p.affordable])).toEqual([
        ['$5', false],
        ['Ship', true],
      ]);
      await t.http().get('/rest_api/v2/programs/redemption?platformCustomerId=424242').set(auth(shop)).expect(404);
      const { CommandBus } = await import('@nestjs/cqrs');
      const { ProvisionShopCommand } = await import('../../src/operator/provision-shop.handler');
      const free = await t.app.get(CommandBus).execute(new ProvisionShopCommand('free-shop.example.com', 'free'));
      expectError(
        (await t.http().get('/rest_api/v2/programs/earning').set(auth(free)).expect(403)).body,
        'PLAN_UPGRADE_REQUIRED',
        403,
      );
    } finally {
      await t.close();
    }
  });
});
