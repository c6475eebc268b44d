import request from 'supertest';
import { caughtUp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { expectRefusal, scenario } from '../support/scenario';
import { giftProduct } from '../support/spending-fixtures';

const GIFTS = [
  giftProduct('801', 'Mug', 'https://cdn.example.com/mug.png', ['8011', 'Red'], ['8012', 'Blue']),
  giftProduct('802', 'Pen', 'https://cdn.example.com/pen.png', ['8021', 'Black']),
];

describe(`spending rules over HTTP (${defaultStoreKind()})`, () => {
  const s = scenario();

  it('free_product: a choice is required among several gifts, must be on the list, and the coupon names it', async () => {
    const gift = await s.spending('free_gift', 'Free gift', { pointsCost: 300, giftProducts: GIFTS });
    await s.enrolAndAward(3101, 1000);
    await expectRefusal(
      s.redeem({ programId: gift, platformCustomerId: '3101', quantity: 1 }),
      'GIFT_SELECTION_REQUIRED',
      400,
    );
    await expectRefusal(
      s.redeem({ programId: gift, platformCustomerId: '3101', quantity: 1, variantId: '9999' }),
      'GIFT_UNAVAILABLE',
      400,
    );
    expect(await s.balance(3101)).toBe(1000);
    const done = (
      await s.redeem({ programId: gift, platformCustomerId: '3101', quantity: 1, variantId: 8012 }).expect(200)
    ).body;
    expect(done.meta).toMatchObject({ pointsSpent: 300, newPoint: 700 });
    const rewards = (await s.get('/rewards?platformCustomerId=3101').expect(200)).body.data;
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      rewardType: 'free_product',
      couponCode: done.meta.couponCode,
      discountStatus: 'active',
    });
  });

  it('store_credit: points become store credit in the shop currency; it cannot be refunded as a coupon', async () => {
    const credit = await s.spending('store_credit', '$10 credit', { pointsCost: 1000, rewardValue: 10 });
    await s.enrolAndAward(3102, 2500);
    const done = (await s.redeem({ programId: credit, platformCustomerId: '3102', quantity: 2 }).expect(200)).body.meta;
    expect(done.couponCode).toMatch(/^CREDIT-/);
    const reward = (await s.get(`/rewards/${done.rewardId}`).expect(200)).body.data;
    expect(reward).toMatchObject({ rewardType: 'store_credit', rewardValue: 20, pointsSpent: 2000 });
    await expectRefusal(
      s.post('/rewards/coupons/refund', { discountCode: done.couponCode, platformCustomerId: '3102' }),
      'BAD_REQUEST',
      400,
    );
    expect(await s.balance(3102)).toBe(500);
  });

  it('limitRedeem: the list tells each customer what remains; over the limit is 400 LIMIT_REACHED; a refund gives one back', async () => {
    const twice = await s.spending('amount_discount', '$2 off, twice', {
      pointsCost: 100,
      rewardValue: 2,
      limitRedeem: 2,
      orderReqAmount: '20.00',
      combinedWith: { shippingDiscounts: true },
    });
    await s.enrolAndAward(3103, 1000);
    const listed = async () =>
      (await s.get('/programs/redemption?platformCustomerId=3103').expect(200)).body.data.find(
        (p: any) => p.id === twice,
      );
    expect(await listed()).toMatchObject({
      // The spec's limitRedeem is the mode; the count per customer is limitRedeemPerCustomer (input alias limitRedeem: 2).
      limitRedeem: 'redeemWithLimit',
      limitRedeemPerCustomer: 2,
      redeemedCount: 0,
      remainingRedemptions: 2,
      affordable: true,
      canRedeem: true,
    });
    const first = (await s.redeem({ programId: twice, platformCustomerId: '3103', quantity: 1 }).expect(200)).body.meta;
    await s.redeem({ programId: twice, platformCustomerId: '3103', quantity: 1 }).expect(200);
    expect(await listed()).toMatchObject({ redeemedCount: 2, remainingRedemptions: 0, canRedeem: false });
    await expectRefusal(s.redeem({ programId: twice, platformCustomerId: '3103', quantity: 1 }), 'LIMIT_REACHED', 400);
    expect(await s.balance(3103)).toBe(800);
    await s.post('/rewards/coupons/refund', { discountCode: first.couponCode, platformCustomerId: '3103' }).expect(200);
    const one = (await s.get(`/programs/${twice}?platformCustomerId=3103`).expect(200)).body.data;
    expect(one).toMatchObject({ redeemedCount: 1, remainingRedemptions: 1, canRedeem: true });
    await s.redeem({ programId: twice, platformCustomerId: '3103', quantity: 1 }).expect(200);
    // The coupon keeps its minimum: an order below it does not use the code.
    const codes = (await s.get('/rewards?platformCustomerId=3103&status=active').expect(200)).body.data.map(
      (r: any) => r.couponCode,
    );
    await s.orderWithCoupon(91001, 3103, '19.99', codes[0]).expect(200);
    expect((await s.get('/rewards?platformCustomerId=3103&status=used').expect(200)).body.data).toHaveLength(0);
    await s.orderWithCoupon(91002, 3103, '20.00', codes[0]).expect(200);
    expect((await s.get('/rewards?platformCustomerId=3103&status=used').expect(200)).body.data).toHaveLength(1);
  });

  it('totalLimitationRedeem: concurrent redemptions by many customers never sell more than the quota', async () => {
    const scarce = await s.spending('free_shipping', 'Free shipping (3 in stock)', {
      pointsCost: 50,
      totalLimitationRedeem: 3,
    });
    const ids = [3201, 3202, 3203, 3204, 3205, 3206, 3207, 3208];
    for (const id of ids) {
      await s.enrol(id);
      await s.award(id, 100);
    }
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const results = await Promise.all(
      ids.map((id, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/programs/redemption/redeem')
          .set(s.keys)
          .send({ programId: scarce, platformCustomerId: String(id), quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.error.code)).toEqual(
      Array(5).fill('LIMIT_REACHED'),
    );
    await caughtUp(apps);
    const balances = await Promise.all(ids.map(s.balance));
    expect(balances.filter((b) => b === 50)).toHaveLength(3);
    expect(balances.filter((b) => b === 100)).toHaveLength(5);
  });

  it('limitations for an unknown customer are 404, in the list and on one program', async () => {
    const id = await s.spending('free_shipping', 'Ship', { pointsCost: 10 });
    await expectRefusal(s.get('/programs/redemption?platformCustomerId=999999'), 'NOT_FOUND', 404);
    await expectRefusal(s.get(`/programs/${id}?customerId=nobody`), 'NOT_FOUND', 404);
    expect((await s.get(`/programs/${id}`).expect(200)).body.data).not.toHaveProperty('canRedeem');
  });

  it('bad spending settings are 400 naming the field', async () => {
    const bad = async (event: string, spending: Record<string, unknown>) =>
      (await expectRefusal(s.post('/programs', { type: 'spending', event, title: 'x', spending }), 'BAD_REQUEST', 400))
        .field;
    expect(await bad('free_gift', { pointsCost: 10 })).toBe('spending.giftProducts');
    expect(await bad('percentage_discount', { pointsCost: 10, rewardValue: 120 })).toBe('spending.rewardValue');
    expect(await bad('amount_discount', { pointsCost: 10, rewardValue: 1, totalLimitationRedeem: 0 })).toBe(
      'spending.totalLimitationRedeem',
    );
  });
});

describe('issued coupons expire', () => {
  let now = new Date('2026-04-01T10:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });

  it('past expiresInDays an unused coupon becomes expired: listed as such, not refundable, not usable; used ones stay used', async () => {
    const { CouponExpiry } = await import('../../src/ledger/coupons/coupon-expiry.scheduler');
    const program = await s.spending('amount_discount', '$5', { pointsCost: 100, rewardValue: 5, expiresInDays: 30 });
    await s.enrolAndAward(3301, 300);
    const redeem = async () =>
      (await s.redeem({ programId: program, platformCustomerId: '3301', quantity: 1 }).expect(200)).body.meta
        .couponCode;
    const unused = await redeem();
    const used = await redeem();
    await s.orderWithCoupon(92001, 3301, '20.00', used).expect(200);
    const expiry = s.t.app.get(CouponExpiry);
    now = new Date('2026-05-01T09:59:00.000Z');
    expect(await expiry.runOnce()).toBe(0);
    now = new Date('2026-05-01T10:00:00.000Z');
    expect(await expiry.runOnce()).toBe(1);
    expect(await expiry.runOnce()).toBe(0);
    const list = (await s.get('/rewards?platformCustomerId=3301&status=expired').expect(200)).body.data;
    expect(list.map((r: any) => r.couponCode)).toEqual([unused]);
    expect(
      (await s.get('/rewards?platformCustomerId=3301&status=used').expect(200)).body.data.map((r: any) => r.couponCode),
    ).toEqual([used]);
    await expectRefusal(
      s.post('/rewards/coupons/refund', { discountCode: unused, platformCustomerId: '3301' }),
      'BAD_REQUEST',
      400,
    );
    await s.orderWithCoupon(92002, 3301, '20.00', unused).expect(200);
    expect((await s.get('/rewards?platformCustomerId=3301&status=expired').expect(200)).body.data).toHaveLength(1);
    expect(await s.balance(3301)).toBe(100);
  });
});

describe(`redemption retries with Idempotency-Key (${defaultStoreKind()})`, () => {
  const s = scenario();
  let program: string;
  const redeem = (key: string | null, body: Record<string, unknown>, app?: TestApp['app']) => {
    const r = (app ? request(app.getHttpServer()) : s.t.http())
      .post('/rest_api/v2/programs/redemption/redeem')
      .set(s.keys);
    return (key ? r.set('Idempotency-Key', key) : r).send(body);
  };
  beforeAll(async () => {
    program = await s.spending('amount_discount', '$5', { pointsCost: 100, rewardValue: 5, totalLimitationRedeem: 50 });
  });

  it('a retried redemption answers the first result and spends once; the key with another body is 409', async () => {
    await s.enrolAndAward(3401, 1000);
    const body = { programId: program, platformCustomerId: '3401', quantity: 2 };
    const first = await redeem('redeem-3401-a', body).expect(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await redeem('redeem-3401-a', body).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.meta).toEqual(first.body.meta);
    await expectRefusal(redeem('redeem-3401-a', { ...body, quantity: 1 }), 'IDEMPOTENCY_CONFLICT', 409);
    await expectRefusal(redeem('bad key with spaces', body), 'BAD_REQUEST', 400);
    expect(await s.balance(3401)).toBe(800);
    const rewards = (await s.get('/rewards?platformCustomerId=3401').expect(200)).body.data;
    expect(rewards.map((r: any) => r.couponCode)).toEqual([first.body.meta.couponCode]);
    // The first coupon stays usable after the conflicting retry.
    await s.orderWithCoupon(93001, 3401, '20.00', first.body.meta.couponCode).expect(200);
    expect((await s.get('/rewards?platformCustomerId=3401&status=used').expect(200)).body.data).toHaveLength(1);
  });

  it('a redemption refused for want of points can be retried with the same key once the points are there', async () => {
    await s.enrol(3402);
    const body = { programId: program, platformCustomerId: '3402', quantity: 1 };
    await expectRefusal(redeem('redeem-3402', body), 'INSUFFICIENT_POINTS', 400);
    await s.award(3402, 100);
    const done = (await redeem('redeem-3402', body).expect(200)).body.meta;
    const used = await s.orderWithCoupon(93002, 3402, '20.00', done.couponCode).expect(200);
    expect(used.body.data.recorded).toBe(true);
    expect((await s.get('/rewards?platformCustomerId=3402&status=used').expect(200)).body.data).toHaveLength(1);
  });

  it('the same keyed redemption sent 8 times at once (two instances on PostgreSQL) spends once', async () => {
    await s.enrolAndAward(3403, 1000);
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const body = { programId: program, platformCustomerId: '3403', quantity: 1 };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => redeem('redeem-3403', body, apps[i % apps.length])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.meta.couponCode)).size).toBe(1);
    await caughtUp(apps);
    expect(await s.balance(3403)).toBe(900);
    expect((await s.get('/rewards?platformCustomerId=3403').expect(200)).body.data).toHaveLength(1);
  });
});
