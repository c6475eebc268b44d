import request from 'supertest';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';
import { expectRefusal, expectSuccess, scenario, shopClient, ShopClient } from '../support/scenario';

describe(`v2 redemption and rewards (${defaultStoreKind()})`, () => {
  const s = scenario();
  let other: ShopClient;
  let fiveOff: string;
  let dynamic: string;

  beforeAll(async () => {
    other = await s.newShop();
    fiveOff = await s.spending('amount_discount', '$5 off', {
      pointsCost: 500,
      rewardType: 'fixed_amount',
      rewardValue: 5,
      expiresInDays: 30,
    });
    dynamic = await s.spending('amount_discount', '$1 per 100', {
      pointsCost: 100,
      redeemType: 'dynamic',
      rewardType: 'fixed_amount',
      rewardValue: 1,
      minPoints: 200,
      maxPoints: 1000,
    });
  });

  it('redeem spends the points and mints a coupon listed under rewards', async () => {
    await s.enrolAndAward(1501, 1200);
    const res = await s.redeem({ programId: fiveOff, platformCustomerId: '1501', quantity: 2 }).expect(200);
    expect(expectSuccess(res.body)).toEqual({});
    expect(res.body.meta).toMatchObject({
      rewardId: expect.any(String),
      couponCode: expect.stringMatching(/^LOY-[A-Z2-9]{10}$/),
      pointsSpent: 1000,
      newPoint: 200,
    });
    expect(await s.balance(1501)).toBe(200);
    const list = await s.get('/rewards?platformCustomerId=1501&hasCount=true').expect(200);
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
    expect((await s.get(`/rewards/${res.body.meta.rewardId}`).expect(200)).body.data.couponCode).toBe(
      res.body.meta.couponCode,
    );
    const row = (await s.get('/transactions?platformCustomerId=1501&type=redeem_point').expect(200)).body.data[0];
    expect(row).toMatchObject({
      spendPoint: 1000,
      couponCode: res.body.meta.couponCode,
      programId: fiveOff,
      event: 'amount_discount',
    });
  });

  it('insufficient points: 400 INSUFFICIENT_POINTS, nothing spent, no coupon', async () => {
    await s.enrolAndAward(1502, 499);
    await expectRefusal(
      s.redeem({ programId: fiveOff, platformCustomerId: '1502', quantity: 1 }),
      'INSUFFICIENT_POINTS',
      400,
    );
    expect(await s.balance(1502)).toBe(499);
    expect((await s.get('/rewards?platformCustomerId=1502').expect(200)).body.data).toEqual([]);
  });

  it('dynamic rewards respect minPoints and maxPoints', async () => {
    await s.enrolAndAward(1503, 5000);
    expect(
      (
        await expectRefusal(
          s.redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 1 }),
          'BAD_REQUEST',
          400,
        )
      ).field,
    ).toBe('quantity');
    await s.redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 11 }).expect(400);
    expect(
      (await s.redeem({ programId: dynamic, platformCustomerId: '1503', quantity: 3 }).expect(200)).body.meta
        .pointsSpent,
    ).toBe(300);
  });

  it('coupon refund returns the points once; unknown or foreign coupons are 400', async () => {
    await s.enrol(1504);
    await s.enrol(1505);
    await s.award(1504, 600);
    const code = (await s.redeem({ programId: fiveOff, platformCustomerId: '1504', quantity: 1 }).expect(200)).body.meta
      .couponCode;
    await expectRefusal(
      s.post('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '1505' }),
      'BAD_REQUEST',
      400,
    );
    await expectRefusal(
      s.post('/rewards/coupons/refund', { discountCode: 'LOY-NOPE', platformCustomerId: '1504' }),
      'BAD_REQUEST',
      400,
    );
    const res = await s
      .post('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '1504', reason: 'changed mind' })
      .expect(200);
    expect(expectSuccess(res.body)).toEqual({ success: true, message: '500 points returned' });
    expect(await s.balance(1504)).toBe(600);
    // The refund's row names the coupon and the program it was bought from, like the redemption's.
    const [refundRow, redeemRow] = (await s.get('/transactions?platformCustomerId=1504').expect(200)).body.data;
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
    await s.post('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '1504' }).expect(400);
    const [reward] = (await s.get('/rewards?platformCustomerId=1504&status=refunded').expect(200)).body.data;
    expect(reward.discountStatus).toBe('refunded');
    await s.post('/rewards/coupons/refund', { platformCustomerId: '1504' }).expect(400);
  });

  it('errors: unknown program 404, earning program 404, disabled 400, unknown customer 404, bad quantity 400, other shop 404, no keys 401', async () => {
    await s.enrolAndAward(1506, 1000);
    await s.redeem({ programId: 'nope', platformCustomerId: '1506', quantity: 1 }).expect(404);
    const earning = await s.earning('sign_up', 'x', { earnPoint: 1, status: false });
    await s.redeem({ programId: earning, platformCustomerId: '1506', quantity: 1 }).expect(404);
    const off = (
      await s.program({
        type: 'spending',
        event: 'free_shipping',
        title: 'Ship',
        status: false,
        spending: { pointsCost: 10 },
      })
    ).id;
    await expectRefusal(s.redeem({ programId: off, platformCustomerId: '1506', quantity: 1 }), 'INVALID_PROGRAM', 400);
    await expectRefusal(s.redeem({ programId: fiveOff, platformCustomerId: '999999', quantity: 1 }), 'NOT_FOUND', 404);
    expect(
      (await s.redeem({ programId: fiveOff, platformCustomerId: '1506', quantity: 0 }).expect(400)).body.error.field,
    ).toBe('quantity');
    await other.redeem({ programId: fiveOff, platformCustomerId: '1506', quantity: 1 }).expect(404);
    await s.t
      .http()
      .post('/rest_api/v2/programs/redemption/redeem')
      .send({ programId: fiveOff, platformCustomerId: '1506', quantity: 1 })
      .expect(401);
    expect(await s.balance(1506)).toBe(1000);
    await s.get('/rewards').expect(400);
    await s.get('/rewards?platformCustomerId=999999').expect(404);
    await s.get('/rewards/nope').expect(404);
  });

  it('concurrent redemptions never spend the same points', async () => {
    await s.enrolAndAward(1507, 1000);
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/programs/redemption/redeem')
          .set(s.keys)
          .send({ programId: fiveOff, platformCustomerId: '1507', quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.error.code === 'INSUFFICIENT_POINTS')).toBe(
      true,
    );
    await caughtUp(apps);
    expect(await s.balance(1507)).toBe(0);
    expect((await s.get('/rewards?platformCustomerId=1507&hasCount=true').expect(200)).body.meta.pagination.total).toBe(
      2,
    );
  });
});

describe('coupons used at checkout', () => {
  const s = scenario();

  it('an order carrying the code marks the coupon used; it can no longer be refunded', async () => {
    const program = await s.spending('amount_discount', '$5 off', { pointsCost: 100, rewardValue: 5 });
    await s.enrolAndAward(1601, 100);
    const code = (await s.redeem({ programId: program, platformCustomerId: '1601', quantity: 1 }).expect(200)).body.meta
      .couponCode;
    await s
      .platform('orders/paid', {
        id: 88001,
        customer: { id: 1601 },
        total_price: '20.00',
        discount_codes: [{ code }, { code: 'SUMMER' }],
        line_items: [],
      })
      .expect(200);
    const [reward] = (await s.get('/rewards?platformCustomerId=1601').expect(200)).body.data;
    expect(reward.discountStatus).toBe('used');
    await s.post('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '1601' }).expect(400);
    expect(
      (
        await s
          .platform('orders/paid', {
            id: 88002,
            customer: { id: 1601 },
            total_price: '1.00',
            discount_codes: 'x',
          })
          .expect(400)
      ).body.error.field,
    ).toBe('discount_codes');
  });
});

describe('program list rules', () => {
  const s = scenario();

  it('redemption list filters by event and tells a customer what is affordable; free plans get 403 on earning', async () => {
    await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: '$5',
      spending: { pointsCost: 500, rewardValue: 5 },
    });
    await s.program({ type: 'spending', event: 'free_shipping', title: 'Ship', spending: { pointsCost: 100 } });
    await s.enrolAndAward(1999, 200);
    expect(
      (await s.get('/programs/redemption?event=free_shipping').expect(200)).body.data.map((p: any) => p.title),
    ).toEqual(['Ship']);
    const mine = (await s.get('/programs/redemption?platformCustomerId=1999').expect(200)).body.data;
    expect(mine.map((p: any) => [p.title, p.affordable])).toEqual([
      ['$5', false],
      ['Ship', true],
    ]);
    await s.get('/programs/redemption?platformCustomerId=424242').expect(404);
    const { CommandBus } = await import('@nestjs/cqrs');
    const { ProvisionShopCommand } = await import('../../src/operator/provision-shop.handler');
    const free = await s.t.app.get(CommandBus).execute(new ProvisionShopCommand('free-shop.example.com', 'free'));
    await expectRefusal(shopClient(s.t, free).get('/programs/earning'), 'PLAN_UPGRADE_REQUIRED', 403);
  });
});
