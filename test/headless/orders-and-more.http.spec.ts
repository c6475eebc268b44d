import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, paidOrder, tokenFor } from './headless-support';

describe(`headless orders, store credit, referral history and loyalty-page reads (${defaultStoreKind()})`, () => {
  const s = scenario();
  let token: string;
  let other: string;
  const get = (path: string, as = token) => s.t.http().get(`${HEADLESS}${path}`).set(bearer(as));

  beforeAll(async () => {
    await s.enrol(1001);
    await s.enrol(1002);
    await s.platform('orders/paid', paidOrder(450790001, 1001)).expect(200);
    await s.platform('orders/paid', paidOrder(450790002, 1001, { created_at: '2026-03-01T10:00:00Z' })).expect(200);
    await s.platform('orders/paid', paidOrder(450790003, 1002)).expect(200);
    token = await tokenFor(s.t, s.shop, 1001);
    other = await tokenFor(s.t, s.shop, 1002);
  });

  describe('GET /customer/orders (embedded platform: the orders its webhooks described)', () => {
    it('my orders, newest first, every field of 2.7 in cents of the presentment currency', async () => {
      const res = await get('/customer/orders').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const orders = expectSuccess(res.body);
      expect(orders.map((o: any) => o.id)).toEqual([450790002, 450790001]);
      expect(orders[1]).toEqual({
        id: 450790001,
        name: '#1001',
        createdAt: '2026-02-01T10:00:00.000Z',
        financialStatus: 'paid',
        fulfillmentStatus: null,
        currencyCode: 'EUR',
        totalPrice: 4590,
        subtotalPrice: 4490,
        totalTax: 400,
        totalDiscounts: 500,
        totalShipping: 500,
        orderStatusUrl: 'https://shop.example.com/orders/450790001/status',
        paymentGatewayNames: ['card'],
        customer: { email: 'c1001@example.com', firstName: 'Ada', lastName: 'Lovelace' },
        shippingMethod: 'Standard',
        discounts: [
          { code: 'LOY-AAAA', type: 'discount_code', targetType: 'line_item', amount: 500, percentage: null },
        ],
        lineItemCount: 1,
        lineItems: [
          {
            title: 'Tea',
            quantity: 2,
            price: 4490,
            image: '',
            variantTitle: 'Green',
            variantId: '808950810',
            productId: 632910392,
            productHandle: '',
          },
        ],
        shippingAddress: { city: 'Paris', country: 'FR' },
        billingAddress: { city: 'Paris', country: 'FR' },
      });
    });

    it('orderId narrows to 0 or 1; another customer never sees mine; 400 for a non-numeric orderId', async () => {
      expect((await get('/customer/orders?orderId=450790001').expect(200)).body.data.map((o: any) => o.id)).toEqual([
        450790001,
      ]);
      expect((await get('/customer/orders?orderId=450790001', other).expect(200)).body.data).toEqual([]);
      expect((await get('/customer/orders', other).expect(200)).body.data.map((o: any) => o.id)).toEqual([450790003]);
      const bad = await get('/customer/orders?orderId=%23100').expect(400);
      expect(expectError(bad.body, 'BAD_REQUEST', 400).field).toBe('orderId');
    });

    it('a cancelled order shows as the platform last described it', async () => {
      await s
        .platform(
          'orders/cancelled',
          paidOrder(450790002, 1001, { financial_status: 'voided', created_at: '2026-03-01T10:00:00Z' }),
        )
        .expect(200);
      const [latest] = (await get('/customer/orders').expect(200)).body.data;
      expect(latest).toMatchObject({ id: 450790002, financialStatus: 'voided' });
    });
  });

  describe('GET /customer/store-credit/transactions (embedded platform)', () => {
    it('credits bought with points, newest first, paged with opaque cursors', async () => {
      const program = await s.spending('store_credit', '$3 credit', { pointsCost: 10, rewardValue: 3 });
      await s.award(1001, 30);
      const references: string[] = [];
      for (let i = 0; i < 3; i++)
        references.push(
          (
            await s.t
              .http()
              .post(`${HEADLESS}/customer/redeem`)
              .set(bearer(token))
              .send({ programId: program })
              .expect(200)
          ).body.data.couponCode,
        );
      const all = await get('/customer/store-credit/transactions').expect(200);
      expect(all.headers['cache-control']).toBe('private, no-store');
      const rows = expectSuccess(all.body);
      expect(rows.map((r: any) => r.reference).sort()).toEqual([...references].sort());
      expect(rows[0]).toEqual({
        id: expect.any(String),
        type: 'credit',
        amount: 3,
        currencyCode: 'USD',
        reference: expect.stringMatching(/^CREDIT-/),
        createdAt: expect.any(String),
      });
      const first = await get('/customer/store-credit/transactions?limit=2').expect(200);
      expect(first.body.data.map((r: any) => r.id)).toEqual(rows.slice(0, 2).map((r: any) => r.id));
      const { pagination } = first.body.meta;
      expect(pagination).toEqual({
        hasNext: true,
        hasPre: false,
        startCursor: expect.any(String),
        endCursor: expect.any(String),
      });
      const next = await get(`/customer/store-credit/transactions?limit=2&after=${pagination.endCursor}`).expect(200);
      expect(next.body.data.map((r: any) => r.id)).toEqual([rows[2].id]);
      expect(next.body.meta.pagination).toMatchObject({ hasNext: false, hasPre: true });
      const back = await get(
        `/customer/store-credit/transactions?limit=2&before=${next.body.meta.pagination.startCursor}`,
      ).expect(200);
      expect(back.body.data.map((r: any) => r.id)).toEqual(rows.slice(0, 2).map((r: any) => r.id));
      // Another customer's account is theirs: empty, and my cursors mean nothing there.
      expect((await get('/customer/store-credit/transactions', other).expect(200)).body.data).toEqual([]);
      expectError(
        (await get(`/customer/store-credit/transactions?after=${pagination.endCursor}`, other).expect(400)).body,
        'BAD_REQUEST',
        400,
      );
    });
  });

  it('GET /customer/referral-history: empty (no referral programs yet), with pagination', async () => {
    const res = await get('/customer/referral-history').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectSuccess(res.body)).toEqual([]);
    expect(res.body.meta).toEqual({ pagination: { hasNext: false, hasPre: false } });
  });

  describe('loyalty-page parity reads', () => {
    it('rewards: my coupons as {success, data, pageInfo, error}; extraCouponIds adds my other ones', async () => {
      const res = await get('/customer/loyalty-page/rewards?limit=2').expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toEqual({
        success: true,
        data: expect.any(Array),
        pageInfo: { hasNext: true, hasPre: false },
        error: '',
      });
      expect(res.body.data).toHaveLength(2);
      expect(res.body.data[0]).toMatchObject({ couponStatus: 'active', pointsSpent: 10 });
      const unavailable = await get('/customer/loyalty-page/rewards?isAvailableCoupon=false').expect(200);
      expect(unavailable.body).toEqual({
        success: true,
        data: [],
        pageInfo: { hasNext: false, hasPre: false },
        error: '',
      });
      const all = (await get('/customer/loyalty-page/rewards?limit=50').expect(200)).body.data;
      const withExtra = await get(
        `/customer/loyalty-page/rewards?isAvailableCoupon=false&extraCouponIds=${all[0].id},nope`,
      ).expect(200);
      expect(withExtra.body.data.map((r: any) => r.id)).toEqual([all[0].id]);
      // Someone else's coupon id is not theirs to add.
      const theirs = await get(
        `/customer/loyalty-page/rewards?isAvailableCoupon=false&extraCouponIds=${all[0].id}`,
        other,
      ).expect(200);
      expect(theirs.body.data).toEqual([]);
    });

    it('activities and referral history; a handled failure is 200 with success false', async () => {
      const acts = await get('/customer/loyalty-page/activities?limit=1').expect(200);
      expect(acts.body).toMatchObject({ success: true, pageInfo: { hasNext: true, hasPre: false }, error: '' });
      expect(acts.body.data[0]).toMatchObject({ type: 'redeem_point', points: -10 });
      const refs = await get('/customer/loyalty-page/referral-history').expect(200);
      expect(refs.body).toEqual({ success: true, data: [], pageInfo: { hasNext: false, hasPre: false }, error: '' });
      const stale = await get('/customer/loyalty-page/activities?after=not-an-activity').expect(200);
      expect(stale.body).toEqual({
        success: false,
        data: [],
        pageInfo: { hasNext: false, hasPre: false },
        error: expect.any(String),
      });
      // A malformed query is a handled failure too (the parity shape, not the error envelope).
      for (const path of [
        '/customer/loyalty-page/rewards?isAvailableCoupon=maybe',
        '/customer/loyalty-page/activities?limit=many',
        '/customer/loyalty-page/referral-history?limit=-1',
      ]) {
        const bad = await get(path).expect(200);
        expect(bad.headers['cache-control']).toBe('private, no-store');
        expect(bad.body).toEqual({
          success: false,
          data: [],
          pageInfo: { hasNext: false, hasPre: false },
          error: expect.stringMatching(/^(isAvailableCoupon|limit) /),
        });
      }
      const anonymous = await s.t.http().get(`${HEADLESS}/customer/loyalty-page/activities`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).toBe('');
    });
  });
});
