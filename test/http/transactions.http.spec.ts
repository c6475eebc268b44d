import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';

describe('v2 transactions', () => {
  const s = scenario();
  let other: ShopClient;
  let n = 5000;
  const nextCustomer = async () => {
    const id = ++n;
    await s.enrol(id);
    return id;
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    s
      .post(`/transactions/points/${path}`)
      .set(headers)
      .send(body as object);
  const balance = async (platformCustomerId: number) => (await s.customer(platformCustomerId)).point;

  beforeAll(async () => {
    other = await s.newShop();
  });

  describe('award, deduct, adjust, reset', () => {
    it('award answers the v2 envelope with data {} and the new balance is readable at once', async () => {
      const id = await nextCustomer();
      const res = await post('award', {
        platformCustomerId: String(id),
        point: 120,
        adminNote: 'a',
        userNote: 'u',
        reason: 'r',
      }).expect(200);
      expect(expectSuccess(res.body)).toEqual({});
      expect(res.body.message).toBe('Points awarded');
      expect(res.body.meta).toMatchObject({ transactionId: expect.any(String), oldPoint: 0, newPoint: 120 });
      expect(await balance(id)).toBe(120);
    });

    it('accepts a numeric platformCustomerId too', async () => {
      const id = await nextCustomer();
      await post('award', { platformCustomerId: id, point: 5 }).expect(200);
      expect(await balance(id)).toBe(5);
    });

    it('deduct, adjust and reset change the balance as asked', async () => {
      const id = await nextCustomer();
      await post('award', { platformCustomerId: String(id), point: 100 }).expect(200);
      expect((await post('deduct', { platformCustomerId: String(id), point: 30 }).expect(200)).body.meta.newPoint).toBe(
        70,
      );
      expect(
        (await post('adjust', { platformCustomerId: String(id), point: -20 }).expect(200)).body.meta.newPoint,
      ).toBe(50);
      expect((await post('adjust', { platformCustomerId: String(id), point: 15 }).expect(200)).body.meta.newPoint).toBe(
        65,
      );
      expect((await post('reset', { platformCustomerId: String(id), point: 0 }).expect(200)).body.meta.newPoint).toBe(
        0,
      );
      expect(await balance(id)).toBe(0);
    });

    it('deducting more than the balance is 400 INSUFFICIENT_POINTS and changes nothing', async () => {
      const id = await nextCustomer();
      await post('award', { platformCustomerId: String(id), point: 10 }).expect(200);
      expectError(
        (await post('deduct', { platformCustomerId: String(id), point: 11 }).expect(400)).body,
        'INSUFFICIENT_POINTS',
        400,
      );
      expectError(
        (await post('adjust', { platformCustomerId: String(id), point: -11 }).expect(400)).body,
        'INSUFFICIENT_POINTS',
        400,
      );
      expect(await balance(id)).toBe(10);
    });

    it.each([
      ['award', { point: 10 }, 'platformCustomerId'],
      ['award', { platformCustomerId: 'abc', point: 10 }, 'platformCustomerId'],
      ['award', { platformCustomerId: '1' }, 'point'],
      ['award', { platformCustomerId: '1', point: 'ten' }, 'point'],
      ['award', { platformCustomerId: '1', point: 1.5 }, 'point'],
      ['deduct', { platformCustomerId: '1', point: 0 }, 'point'],
      ['adjust', { platformCustomerId: '1', point: 0 }, 'point'],
      ['reset', { platformCustomerId: '1', point: -1 }, 'point'],
      ['award', { platformCustomerId: '1', point: 1, reason: 42 }, 'reason'],
    ])('%s with %j is 400 BAD_REQUEST naming %s', async (path, body, field) => {
      const id = await nextCustomer();
      const withCustomer = { ...body } as Record<string, unknown>;
      if (withCustomer.platformCustomerId === '1') withCustomer.platformCustomerId = String(id);
      const error = expectError((await post(path, withCustomer).expect(400)).body, 'BAD_REQUEST', 400);
      expect(error.message).toContain(field);
      expect(error.field).toBe(field);
    });

    it('malformed JSON is 400 BAD_REQUEST', async () => {
      const res = await s
        .post('/transactions/points/award')
        .set('Content-Type', 'application/json')
        .send('{"point":')
        .expect(400);
      expectError(res.body, 'BAD_REQUEST', 400);
    });

    it('an unknown customer is 404 NOT_FOUND', async () => {
      expectError(
        (await post('award', { platformCustomerId: '999999', point: 10 }).expect(404)).body,
        'NOT_FOUND',
        404,
      );
    });

    it('missing or wrong keys are 401, and nothing is written', async () => {
      const id = await nextCustomer();
      const body = { platformCustomerId: String(id), point: 10 };
      expectError(
        (await s.t.http().post('/rest_api/v2/transactions/points/award').send(body).expect(401)).body,
        'UNAUTHORIZED',
        401,
      );
      await s.t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set({ 'X-Svc-Loyalty-App-Key': s.shop.appKey })
        .send(body)
        .expect(401);
      await s.t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set({ 'X-Svc-Loyalty-App-Key': s.shop.appKey, 'X-Svc-Loyalty-Secret-Key': 'sk_wrong' })
        .send(body)
        .expect(401);
      // Keys of two different shops do not combine.
      await s.t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set({ 'X-Svc-Loyalty-App-Key': s.shop.appKey, 'X-Svc-Loyalty-Secret-Key': other.shop.secretKey })
        .send(body)
        .expect(401);
      expect(await balance(id)).toBe(0);
    });

    it("another shop's keys cannot award to this shop's customer", async () => {
      const id = await nextCustomer();
      const res = await other
        .post('/transactions/points/award', { platformCustomerId: String(id), point: 10 })
        .expect(404);
      expectError(res.body, 'NOT_FOUND', 404);
      expect(await balance(id)).toBe(0);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeat with the same body returns the first result and appends nothing', async () => {
      const id = await nextCustomer();
      const body = { platformCustomerId: String(id), point: 40, reason: 'promo' };
      const first = await post('award', body, { 'Idempotency-Key': `k-${id}` }).expect(200);
      const again = await post('award', body, { 'Idempotency-Key': `k-${id}` }).expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.meta).toEqual(first.body.meta);
      expect(await balance(id)).toBe(40);
      const list = await s.get(`/transactions?platformCustomerId=${id}&hasCount=true`).expect(200);
      expect(list.body.meta.pagination.total).toBe(1);
    });

    it('the same key with another body is 409 IDEMPOTENCY_CONFLICT', async () => {
      const id = await nextCustomer();
      await post('award', { platformCustomerId: String(id), point: 40 }, { 'Idempotency-Key': `c-${id}` }).expect(200);
      expectError(
        (
          await post('award', { platformCustomerId: String(id), point: 41 }, { 'Idempotency-Key': `c-${id}` }).expect(
            409,
          )
        ).body,
        'IDEMPOTENCY_CONFLICT',
        409,
      );
      expectError(
        (
          await post('deduct', { platformCustomerId: String(id), point: 40 }, { 'Idempotency-Key': `c-${id}` }).expect(
            409,
          )
        ).body,
        'IDEMPOTENCY_CONFLICT',
        409,
      );
      expect(await balance(id)).toBe(40);
    });

    it('the same key on another customer of the shop is a conflict', async () => {
      const a = await nextCustomer();
      const b = await nextCustomer();
      await post('award', { platformCustomerId: String(a), point: 1 }, { 'Idempotency-Key': `x-${a}` }).expect(200);
      await post('award', { platformCustomerId: String(b), point: 1 }, { 'Idempotency-Key': `x-${a}` }).expect(409);
      expect(await balance(b)).toBe(0);
    });

    it('a key of another shop is independent', async () => {
      const id = await nextCustomer();
      await other.enrol(id);
      await post('award', { platformCustomerId: String(id), point: 3 }, { 'Idempotency-Key': `s-${id}` }).expect(200);
      await other
        .post('/transactions/points/award')
        .set('Idempotency-Key', `s-${id}`)
        .send({ platformCustomerId: String(id), point: 4 })
        .expect(200);
    });

    it('parallel repeats of one keyed request apply once', async () => {
      const id = await nextCustomer();
      const body = { platformCustomerId: String(id), point: 7 };
      const results = await Promise.all(
        Array.from({ length: 8 }, () => post('award', body, { 'Idempotency-Key': `p-${id}` })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(new Set(results.map((r) => r.body.meta.transactionId)).size).toBe(1);
      expect(await balance(id)).toBe(7);
    });

    it('an unusable key is 400', async () => {
      const id = await nextCustomer();
      await post('award', { platformCustomerId: String(id), point: 1 }, { 'Idempotency-Key': 'x'.repeat(300) }).expect(
        400,
      );
    });
  });

  describe('listing and reading', () => {
    let id: number;
    let internalId: string;
    beforeAll(async () => {
      id = await nextCustomer();
      internalId = (await s.customer(id)).id;
      for (const [path, point] of [
        ['award', 100],
        ['deduct', 10],
        ['award', 20],
        ['adjust', -5],
        ['award', 1],
        ['reset', 50],
      ] as const) {
        await post(path, { platformCustomerId: String(id), point, userNote: `${path} ${point}` }).expect(200);
      }
    });

    it('lists newest first with limit 10 by default and the full Transaction record', async () => {
      const res = await s.get(`/transactions?platformCustomerId=${id}`).expect(200);
      const rows = expectSuccess(res.body);
      expect(rows).toHaveLength(6);
      expect(rows.map((r: any) => r.newPoint)).toEqual([50, 106, 105, 110, 90, 100]);
      // An award through the API has no program, coupon, order, referral, hold or note but the user's: null.
      const empty = [
        'programId',
        'programTitle',
        'priceRuleId',
        'discountId',
        'couponCode',
        'orderId',
        'orderName',
        'orderNumber',
        'orderCurrency',
        'earnBy',
        'rateMoney',
        'referralCustomerEmail',
        'referredCustomerEmail',
        'milestoneOrder',
        'pendingPointUntil',
        'pendingTransactionId',
        'adminNote',
        'reason',
      ];
      expect(rows[5]).toEqual({
        ...Object.fromEntries(empty.map((field) => [field, null])),
        id: expect.any(String),
        shopId: s.shop.shopId,
        customerId: internalId,
        platformCustomerId: id,
        email: `c${id}@example.com`,
        content: 'Earned 100 points: award 100',
        type: 'earn_point',
        source: 'rest_api',
        event: 'earn_point_rest_api',
        oldPoint: 0,
        newPoint: 100,
        earnPoint: 100,
        spendPoint: 0,
        isPendingPointPlaceOrder: false,
        refundPendingPoint: false,
        userNote: 'award 100',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(res.body.meta.pagination).toEqual({ hasNext: false, hasPre: false });
    });

    it('filters by type, event and source, and by internal customer id', async () => {
      const byType = await s.get(`/transactions?customerId=${internalId}&type=redeem_point`).expect(200);
      // The direction: deduct 10, adjust -5 and the reset from 106 to 50 all lowered the balance.
      expect(byType.body.data.map((r: any) => [r.spendPoint, r.event])).toEqual([
        [56, 'reset_point_rest_api'],
        [5, 'adjust_point_rest_api'],
        [10, 'deduct_point_rest_api'],
      ]);
      const earned = await s.get(`/transactions?customerId=${internalId}&type=earn_point`).expect(200);
      expect(earned.body.data.map((r: any) => r.earnPoint)).toEqual([1, 20, 100]);
      const adjusted = await s.get(`/transactions?customerId=${internalId}&event=adjust_point_rest_api`).expect(200);
      expect(adjusted.body.data.map((r: any) => [r.type, r.newPoint - r.oldPoint])).toEqual([['redeem_point', -5]]);
      const byEvent = await s
        .get(`/transactions?platformCustomerId=${id}&event=earn_point_rest_api&hasCount=true`)
        .expect(200);
      expect(byEvent.body.meta.pagination).toMatchObject({ total: 3, totalPage: 1 });
      const bySource = await s.get(`/transactions?platformCustomerId=${id}&source=platform`).expect(200);
      expect(bySource.body.data).toEqual([]);
    });

    it('filters by creation time', async () => {
      const future = await s
        .get(`/transactions?platformCustomerId=${id}&created_at_min=2999-01-01T00:00:00Z`)
        .expect(200);
      expect(future.body.data).toEqual([]);
      const past = await s
        .get(`/transactions?platformCustomerId=${id}&created_at_max=2999-01-01T00:00:00Z`)
        .expect(200);
      expect(past.body.data).toHaveLength(6);
    });

    it('pages with after/before cursors and counts pages', async () => {
      const page1 = await s
        .get(`/transactions?platformCustomerId=${id}&limit=4&hasCount=true&order=createdAt_asc`)
        .expect(200);
      expect(page1.body.data.map((r: any) => r.newPoint)).toEqual([100, 90, 110, 105]);
      expect(page1.body.meta.pagination).toEqual({ hasNext: true, hasPre: false, total: 6, totalPage: 2 });
      const last = page1.body.data[3].id;
      const page2 = await s
        .get(`/transactions?platformCustomerId=${id}&limit=4&order=createdAt_asc&after=${last}`)
        .expect(200);
      expect(page2.body.data.map((r: any) => r.newPoint)).toEqual([106, 50]);
      expect(page2.body.meta.pagination).toEqual({ hasNext: false, hasPre: true });
      const back = await s.t
        .http()
        .get(
          `/rest_api/v2/transactions?platformCustomerId=${id}&limit=4&order=createdAt_asc&before=${page2.body.data[0].id}`,
        )
        .set(s.keys)
        .expect(200);
      expect(back.body.data.map((r: any) => r.newPoint)).toEqual([100, 90, 110, 105]);
    });

    it('gets one transaction; unknown or another shop is 404', async () => {
      const list = await s.get(`/transactions?platformCustomerId=${id}&limit=1`).expect(200);
      const txId = list.body.data[0].id;
      const one = await s.get(`/transactions/${txId}`).expect(200);
      expect(expectSuccess(one.body)).toEqual(list.body.data[0]);
      expectError((await other.get(`/transactions/${txId}`).expect(404)).body, 'NOT_FOUND', 404);
      await s.get('/transactions/nope').expect(404);
    });

    it('list errors: no customer 400, bad limit 400, bad cursor 400, unknown customer 404, no keys 401', async () => {
      expectError((await s.get('/transactions').expect(400)).body, 'BAD_REQUEST', 400);
      expect((await s.get(`/transactions?platformCustomerId=${id}&limit=0`).expect(400)).body.error.field).toBe(
        'limit',
      );
      await s.get(`/transactions?platformCustomerId=${id}&order=sideways`).expect(400);
      await s.get(`/transactions?platformCustomerId=${id}&after=nope`).expect(400);
      // type is the direction only: the finer kinds of earlier versions are refused, pointing to `event`.
      for (const type of ['adjust_point', 'revoke_point', 'expire_point', 'EARN_POINT', '']) {
        const error = expectError(
          (await s.get(`/transactions?platformCustomerId=${id}&type=${type}`).expect(400)).body,
          'BAD_REQUEST',
          400,
        );
        expect(error).toMatchObject({ field: 'type', message: expect.stringContaining('earn_point or redeem_point') });
      }
      await s.get(`/transactions?platformCustomerId=${id}&created_at_min=yesterday`).expect(400);
      expectError((await s.get('/transactions?platformCustomerId=424242').expect(404)).body, 'NOT_FOUND', 404);
      await other.get(`/transactions?platformCustomerId=${id}`).expect(404);
      await s.t.http().get(`/rest_api/v2/transactions?platformCustomerId=${id}`).expect(401);
    });
  });
});
