import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { bearer, HEADLESS, tokenFor } from './headless-support';

describe(`headless activities (${defaultStoreKind()})`, () => {
  const s = scenario();
  let token: string;
  let fiveOff: string;
  const activities = (query = '', as = token) =>
    s.t.http().get(`${HEADLESS}/customer/activities${query}`).set(bearer(as));

  beforeAll(async () => {
    await s.earning('sign_up', 'Create an account', { earnPoint: 50 });
    await s.earning('place_order', 'Orders', { earnPoint: 1, earnBy: 'price', rateMoney: 1 });
    fiveOff = await s.spending('amount_discount', '$5 off', { pointsCost: 100, rewardValue: 5 });
    await s.enrol(1001);
    await s.enrol(1002);
    // sign-up 50; order #1001 of 120.00: 120; adjust +30; redeem 100; order refunded fully: -120 (balance 100 -> 0 and shortfall).
    await s
      .platform('orders/paid', {
        id: 450789469,
        name: '#1001',
        customer: { id: 1001, email: 'c1001@example.com' },
        total_price: '120.00',
        currency: 'USD',
        line_items: [],
      })
      .expect(200);
    await s.post('/transactions/points/adjust').send({ platformCustomerId: '1001', point: 30 }).expect(200);
    await s.redeem({ programId: fiveOff, platformCustomerId: '1001', quantity: 1 }).expect(200);
    await s
      .platform('refunds/create', {
        id: 1,
        order_id: 450789469,
        transactions: [{ kind: 'refund', status: 'success', amount: '120.00' }],
      })
      .expect(200);
    await s.award(1002, 7);
    token = await tokenFor(s.t, s.shop, 1001);
  });

  it('newest first, one sentence per row, every field of 2.5', async () => {
    const res = await activities().expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = expectSuccess(res.body);
    expect(res.body.meta).toEqual({ pagination: { hasNext: false, hasPre: false } });
    expect(rows.map((r: any) => [r.type, r.points, r.title])).toEqual([
      ['revoke_point', -100, '100 points were removed after a refund on order #1001'],
      ['redeem_point', -100, 'You spent 100 points on $5 off'],
      ['adjust_point', 30, '30 points were added to your balance'],
      ['earn_point', 120, 'You earned 120 points for order #1001'],
      ['earn_point', 50, 'You joined and earned 50 points'],
    ]);
    const redeem = rows[1];
    expect(redeem).toEqual({
      id: expect.any(String),
      type: 'redeem_point',
      title: 'You spent 100 points on $5 off',
      points: -100,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      couponCode: expect.stringMatching(/^LOY-/),
      orderId: null,
      rawType: 'redeem_point',
      oldPoint: 200,
      newPoint: 100,
      source: 'rest_api',
      event: 'amount_discount',
      typeCustom: '',
      programId: fiveOff,
      programTitle: '$5 off',
      program: { id: fiveOff, title: '$5 off' },
      redeemPoint: 100,
      // The platform's discount and its price rule (the embedded platform's code is its own rule).
      discountId: { id: expect.any(String) },
      priceRuleId: { id: redeem.discountId.id },
      customerId: customerIdFor(s.shop.shopId, 1001),
      email: 'c1001@example.com',
      shopId: s.shop.shopId,
      platformCustomerId: 1001,
    });
    expect(rows[3]).toMatchObject({ orderId: '450789469', rawType: 'earn_point', oldPoint: 50, newPoint: 170 });
    // A row no program paid: programId and programTitle are empty strings (2.5 types them string); the
    // program snapshot and the discount objects are absent (2.5: present only when there is one).
    expect(rows[2]).toMatchObject({ programId: '', programTitle: '' });
    for (const row of rows.filter((r: any) => r.type !== 'redeem_point')) {
      expect(row).not.toHaveProperty('discountId');
      expect(row).not.toHaveProperty('priceRuleId');
    }
    expect(rows[2]).not.toHaveProperty('program');
  });

  it('cursor pages over activity ids; limit above 50 reads as 50; an unknown cursor is 400', async () => {
    const all = (await activities().expect(200)).body.data;
    const first = await activities('?limit=2').expect(200);
    expect(first.body.data.map((r: any) => r.id)).toEqual(all.slice(0, 2).map((r: any) => r.id));
    expect(first.body.meta.pagination).toEqual({ hasNext: true, hasPre: false });
    const second = await activities(`?limit=2&after=${all[1].id}`).expect(200);
    expect(second.body.data.map((r: any) => r.id)).toEqual(all.slice(2, 4).map((r: any) => r.id));
    expect(second.body.meta.pagination).toEqual({ hasNext: true, hasPre: true });
    const back = await activities(`?limit=2&before=${all[2].id}`).expect(200);
    expect(back.body.data.map((r: any) => r.id)).toEqual(all.slice(0, 2).map((r: any) => r.id));
    expect((await activities('?limit=500').expect(200)).body.data).toHaveLength(5);
    const zero = (await activities('?limit=0').expect(400)).body;
    expectError(zero, 'BAD_REQUEST', 400);
    // The field and its rule, with the bound, in words.
    expect(zero.error).toMatchObject({ field: 'limit', message: 'limit must be at least 1.' });
    expectError((await activities('?after=nope').expect(400)).body, 'BAD_REQUEST', 400);
  });

  it("another customer's activity id as a cursor does not show their rows", async () => {
    const other = await tokenFor(s.t, s.shop, 1002);
    const theirs = (await activities('', other).expect(200)).body.data;
    expect(theirs.map((r: any) => r.points)).toEqual([7, 50]);
    // Their id only marks a position in time: what comes back is mine.
    const res = await activities(`?after=${theirs[0].id}`);
    if (res.status === 200) {
      for (const row of res.body.data) expect(row.customerId).toBe(customerIdFor(s.shop.shopId, 1001));
    } else expectError(res.body, 'BAD_REQUEST', 400);
    expect(JSON.stringify(res.body)).not.toContain(theirs[0].id);
  });

  it('manual adjustments are left out when the shop hides them', async () => {
    await s.put('/settings/storefront').send({ hideAdjustPoint: true }).expect(200);
    const rows = (await activities().expect(200)).body.data;
    expect(rows.map((r: any) => r.type)).not.toContain('adjust_point');
    expect(rows).toHaveLength(4);
    await s.put('/settings/storefront').send({ hideAdjustPoint: false }).expect(200);
  });

  it('activities-by-order: the rows of one of my orders; 400 without a numeric orderId', async () => {
    const res = await s.t
      .http()
      .get(`${HEADLESS}/customer/activities-by-order?orderId=450789469`)
      .set(bearer(token))
      .expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectSuccess(res.body).map((r: any) => [r.type, r.points, r.orderId])).toEqual([
      ['revoke_point', -100, '450789469'],
      ['earn_point', 120, '450789469'],
    ]);
    const other = await tokenFor(s.t, s.shop, 1002);
    const none = await s.t
      .http()
      .get(`${HEADLESS}/customer/activities-by-order?orderId=450789469`)
      .set(bearer(other))
      .expect(200);
    expect(none.body.data).toEqual([]);
    for (const query of ['', '?orderId=abc', '?orderId=gid://platform/Order/1']) {
      const bad = await s.t
        .http()
        .get(`${HEADLESS}/customer/activities-by-order${query}`)
        .set(bearer(token))
        .expect(400);
      expect(expectError(bad.body, 'BAD_REQUEST', 400).field).toBe('orderId');
    }
  });
});
