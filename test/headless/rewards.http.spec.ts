import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { giftProduct } from '../support/spending-fixtures';
import { defaultStoreKind } from '../support/stores';
import { bearer, DOLLAR_PER_100, HEADLESS, tokenFor } from './headless-support';

describe(`headless rewards and redeem (${defaultStoreKind()})`, () => {
  const s = scenario();
  let token: string;
  const ids: Record<string, string> = {};
  const rewards = (query = '', as = token) => s.t.http().get(`${HEADLESS}/customer/rewards${query}`).set(bearer(as));
  const redeem = (body: object, key?: string, as = token) => {
    const req = s.t.http().post(`${HEADLESS}/customer/redeem`).set(bearer(as));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const balance = async (as = token) => (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(as))).body.data.points;
  const gifts = [
    giftProduct('632910392', 'Tea', 'https://cdn.example.com/tea.png', ['808950810', 'Green'], ['808950811', 'Black']),
  ];

  beforeAll(async () => {
    ids.fiveOff = await s.spending('amount_discount', '$5 off', { pointsCost: 500, rewardValue: 5, limitRedeem: 1 });
    ids.dynamic = await s.spending('amount_discount', '$1 per 100', DOLLAR_PER_100);
    ids.gift = await s.spending('free_gift', 'Free tea', { pointsCost: 1000, giftProducts: gifts });
    ids.soldOut = await s.spending('free_shipping', 'Free shipping', { pointsCost: 10, totalLimitationRedeem: 1 });
    // Neither is offered: one is off, the other starts in the future.
    const cheap = { type: 'spending', event: 'amount_discount', spending: { pointsCost: 1, rewardValue: 1 } };
    ids.disabled = (await s.program({ ...cheap, title: 'Off', status: false })).id;
    ids.later = (await s.program({ ...cheap, title: 'Later', startDate: '2999-01-01T00:00:00Z' })).id;
    await s.enrol(1001);
    await s.enrol(1002);
    await s.award(1001, 700);
    await s.award(1002, 100);
    // Someone else took the only free shipping.
    await s.redeem({ programId: ids.soldOut, platformCustomerId: '1002', quantity: 1 }).expect(200);
    token = await tokenFor(s.t, s.shop, 1001);
  });

  it('GET /customer/rewards: what can be redeemed now, every field of 2.4, with affordable', async () => {
    const res = await rewards().expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = expectSuccess(res.body);
    expect(res.body.meta).toEqual({ pagination: { redeemed: { hasNext: false, hasPre: false } } });
    expect(data.redeemed).toEqual([]);
    expect(data.available.map((r: any) => r.programId)).toEqual([ids.fiveOff, ids.dynamic, ids.gift]);
    const [fiveOff, dynamic, gift] = data.available;
    expect(fiveOff).toEqual({
      programId: ids.fiveOff,
      key: 'amount_discount',
      title: '$5 off',
      description: '',
      iconUrl: '',
      conditions: ['Limited to 1 use per customer', 'Cannot be combined with other discounts'],
      pointsCost: 500,
      rewardType: 'fixed_amount',
      rewardValue: 5,
      redeemType: 'fixed',
      minPoints: null,
      maxPoints: null,
      hasLimitCartValue: false,
      limitCartValue: null,
      affordable: true,
      giftSelectionMode: null,
      giftProducts: [],
      impactProvider: null,
    });
    expect(dynamic).toMatchObject({
      redeemType: 'dynamic',
      minPoints: 200,
      maxPoints: 1000,
      hasLimitCartValue: true,
      limitCartValue: 50,
      affordable: true,
    });
    expect(gift).toMatchObject({
      rewardType: 'free_product',
      giftSelectionMode: 'one',
      giftProducts: gifts,
      affordable: false,
      rewardValue: 0,
    });
  });

  it('POST /customer/redeem: the v2 redemption; Idempotency-Key answers a retry without spending twice', async () => {
    const first = await redeem({ programId: ids.fiveOff }, 'k-1').expect(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const data = expectSuccess(first.body);
    expect(data).toEqual({
      rewardId: expect.any(String),
      couponCode: expect.stringMatching(/^LOY-/),
      pointsSpent: 500,
      newPoint: 200,
    });
    expect(first.body.message).toBe('Done! You spent 500 points.');
    const again = await redeem({ programId: ids.fiveOff }, 'k-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(data);
    expect(await balance()).toBe(200);
    const conflict = await redeem({ programId: ids.dynamic, points: 200 }, 'k-1').expect(409);
    expectError(conflict.body, 'IDEMPOTENCY_CONFLICT', 409);
    // The per-customer limit is used up: no longer offered, and refused as on v2.
    const after = (await rewards().expect(200)).body.data;
    expect(after.available.map((r: any) => r.programId)).toEqual([ids.dynamic, ids.gift]);
    expect(after.redeemed).toEqual([
      {
        id: data.rewardId,
        couponCode: data.couponCode,
        programId: ids.fiveOff,
        title: '$5 off',
        rewardType: 'fixed_amount',
        rewardValue: 5,
        pointsSpent: 500,
        couponStatus: 'active',
        statusText: 'Ready to use',
        expiredAt: null,
        expiryText: 'Never expires',
        createdAt: expect.any(String),
      },
    ]);
    await s.award(1001, 500);
    expectError((await redeem({ programId: ids.fiveOff }).expect(400)).body, 'LIMIT_REACHED', 400);
    expect(await balance()).toBe(700);
  });

  it('dynamic rewards take points (a multiple of the step, within the bounds)', async () => {
    expect(expectError((await redeem({ programId: ids.dynamic }).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(
      'points',
    );
    expect(
      expectError((await redeem({ programId: ids.dynamic, points: 150 }).expect(400)).body, 'BAD_REQUEST', 400).field,
    ).toBe('points');
    expectError((await redeem({ programId: ids.dynamic, points: 1100 }).expect(400)).body, 'BAD_REQUEST', 400);
    expectError((await redeem({ programId: ids.dynamic, points: 800 }).expect(400)).body, 'INSUFFICIENT_POINTS', 400);
    const res = await redeem({ programId: ids.dynamic, points: 300 }).expect(200);
    expect(res.body.data).toMatchObject({ pointsSpent: 300, newPoint: 400 });
    expect(await balance()).toBe(400);
  });

  it('gifts need a variant among those offered; unknown programs are 404; nothing is spent on a refusal', async () => {
    await s.award(1001, 600);
    expectError((await redeem({ programId: ids.gift }).expect(400)).body, 'GIFT_SELECTION_REQUIRED', 400);
    expectError((await redeem({ programId: ids.gift, variantId: '1' }).expect(400)).body, 'GIFT_UNAVAILABLE', 400);
    expectError((await redeem({ programId: 'nope' }).expect(404)).body, 'NOT_FOUND', 404);
    expectError((await redeem({ programId: ids.disabled }).expect(400)).body, 'INVALID_PROGRAM', 400);
    expect(await balance()).toBe(1000);
    await redeem({ programId: ids.gift, variantId: '808950811' }).expect(200);
    expect(await balance()).toBe(0);
  });

  it("a customer id in the body never selects another customer's points", async () => {
    const other = await tokenFor(s.t, s.shop, 1002);
    const before = await balance(other);
    await s.award(1001, 500);
    const res = await redeem({
      programId: ids.dynamic,
      points: 200,
      platformCustomerId: '1002',
      customerId: 'x',
    }).expect(200);
    expect(res.body.data.newPoint).toBe(300);
    expect(await balance(other)).toBe(before);
  });

  it('redeemed coupons: available ones paged by reward id (limit clamped to 50); unavailable ones', async () => {
    const all = (await rewards('?limit=500').expect(200)).body.data.redeemed;
    expect(all.length).toBe(4);
    const page = await rewards('?limit=1').expect(200);
    expect(page.body.data.redeemed.map((r: any) => r.id)).toEqual([all[0].id]);
    expect(page.body.meta.pagination.redeemed).toEqual({ hasNext: true, hasPre: false });
    const next = await rewards(`?limit=1&after=${all[0].id}`).expect(200);
    expect(next.body.data.redeemed.map((r: any) => r.id)).toEqual([all[1].id]);
    await s
      .post('/rewards/coupons/refund')
      .send({ discountCode: all[0].couponCode, platformCustomerId: '1001' })
      .expect(200);
    const unavailable = (await rewards(`?couponStatus=unavailable&after=${all[2].id}`).expect(200)).body.data.redeemed;
    expect(unavailable.map((r: any) => [r.id, r.couponStatus, r.statusText])).toEqual([
      [all[0].id, 'refunded', 'Refunded'],
    ]);
    expect(expectError((await rewards('?couponStatus=used').expect(400)).body, 'BAD_REQUEST', 400).field).toBe(
      'couponStatus',
    );
  });
});
