import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';

describe('v2 customers', () => {
  const s = scenario();
  let other: ShopClient;
  let n = 7000;
  const get = (path: string, as: ShopClient = s) => as.get(path);
  const put = (path: string, body: unknown, as: ShopClient = s) => as.put(path, body);
  const enrol = async (profile: Record<string, unknown> = {}) => {
    const id = ++n;
    const customerId = await s.enrol(id, profile);
    return { id, customerId };
  };

  beforeAll(async () => {
    other = await s.newShop();
  });

  describe('reading one customer', () => {
    it('by internal id and by platform id, as the v2 Customer record', async () => {
      const { id, customerId } = await enrol({
        email: 'Grace@Example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        accepts_marketing: true,
      });
      await s.award(id, 30);
      const internal = expectSuccess((await get(`/customers/${customerId}`).expect(200)).body);
      const external = expectSuccess((await get(`/customers/external/${id}`).expect(200)).body);
      expect(external).toEqual(internal);
      expect(internal).toEqual({
        id: customerId,
        platformCustomerId: id,
        email: 'grace@example.com',
        name: 'Grace Hopper',
        firstName: 'Grace',
        lastName: 'Hopper',
        type: 'member',
        point: 30,
        tierPoint: 30,
        totalEarnedPoints: 30,
        hasPoint: true,
        hasJoinedProgram: true,
        state: 'enabled',
        acceptsMarketing: true,
        tierId: expect.any(String),
        tierName: 'Bronze',
        tierUpdatedAt: expect.any(String),
        pointsRemain: 30,
        isCustomerB2B: false,
        earnSignUp: false,
        referralCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
        hasTier: true,
        totalSpent: 0,
        totalSpentCurrencyCode: 'USD',
        ordersCount: 0,
        pendingPoints: 0,
        birthday: null,
        dateOfBirth: null,
        // The platform's created_at (t.enrol sends 2026-01-01); enrolment time in its own field.
        createdAt: '2026-01-01T00:00:00.000Z',
        enrolledAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(internal.enrolledAt).not.toBe(internal.createdAt);
      expect(Date.parse(internal.updatedAt)).toBeGreaterThanOrEqual(Date.parse(internal.enrolledAt));
    });

    it('createdAt is the platform created_at when it sent one (in UTC), else the enrolment', async () => {
      const before = Date.now();
      const { customerId } = await enrol({ created_at: '2019-05-06T07:08:09-04:00' });
      const dated = expectSuccess((await get(`/customers/${customerId}`).expect(200)).body);
      expect(dated.createdAt).toBe('2019-05-06T11:08:09.000Z');
      expect(Date.parse(dated.enrolledAt)).toBeGreaterThanOrEqual(before - 1000);
      const { customerId: undated } = await enrol({ created_at: undefined });
      const record = expectSuccess((await get(`/customers/${undated}`).expect(200)).body);
      expect(record.createdAt).toBe(record.enrolledAt);
      expect(Date.parse(record.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('type and hasJoinedProgram follow membership; isCustomerB2B the platform company', async () => {
      const optIn = await s.newShop();
      await put('/settings/membership', { optInEnrollment: true }, optIn).expect(200);
      const guest = await optIn.enrol(7801);
      const b2b = await s.enrol(7802, { company: { id: 5, name: 'ACME' } });
      expect(expectSuccess((await get(`/customers/${guest}`, optIn).expect(200)).body)).toMatchObject({
        type: 'guest',
        hasJoinedProgram: false,
      });
      expect(expectSuccess((await get(`/customers/${b2b}`).expect(200)).body)).toMatchObject({
        type: 'member',
        hasJoinedProgram: true,
        isCustomerB2B: true,
      });
      const list = (query: string) => optIn.get(`/customers${query}`);
      expect((await list('?type=guest').expect(200)).body.data.map((c: any) => c.id)).toEqual([guest]);
      expect((await list('?type=member').expect(200)).body.data).toEqual([]);
    });

    it("unknown ids are 404; another shop never sees this shop's customer", async () => {
      const { id, customerId } = await enrol();
      expectError((await get('/customers/does-not-exist').expect(404)).body, 'NOT_FOUND', 404);
      expectError((await get('/customers/external/123456789').expect(404)).body, 'NOT_FOUND', 404);
      await get('/customers/external/not-a-number').expect(404);
      await get(`/customers/${customerId}`, other).expect(404);
      await get(`/customers/external/${id}`, other).expect(404);
    });

    it('401 without keys', async () => {
      const { customerId } = await enrol();
      expectError((await s.t.http().get(`/rest_api/v2/customers/${customerId}`).expect(401)).body, 'UNAUTHORIZED', 401);
    });

    it('a wrong secret key is refused after the right one was accepted (the accepted one is remembered)', async () => {
      const { customerId } = await enrol();
      const path = `/rest_api/v2/customers/${customerId}`;
      const withSecret = (secret: string) =>
        s.t
          .http()
          .get(path)
          .set({ ...s.keys, 'X-Svc-Loyalty-Secret-Key': secret });
      const right = s.shop.secretKey;
      await withSecret(right).expect(200);
      const sameLength = right.slice(0, -1) + (right.endsWith('a') ? 'b' : 'a');
      for (const wrong of [sameLength, `${right}x`, right.slice(1), ''])
        expectError((await withSecret(wrong).expect(401)).body, 'UNAUTHORIZED', 401);
      await withSecret(right).expect(200);
      await get(path.replace('/rest_api/v2', ''), other).expect(404);
    });

    it('points/earned by internal or platform id', async () => {
      const { id, customerId } = await enrol();
      await s.award(id, 70);
      await s.deduct(id, 20);
      expect(expectSuccess((await get(`/customers/${customerId}/points/earned`).expect(200)).body)).toEqual({
        totalEarnedPoints: 70,
      });
      expect((await get(`/customers/${id}/points/earned`).expect(200)).body.data).toEqual({ totalEarnedPoints: 70 });
      await get('/customers/999999/points/earned').expect(404);
      await get(`/customers/${id}/points/earned`, other).expect(404);
    });
  });

  describe('birthday and dateOfBirth', () => {
    it('sets a birthday by internal id and answers {id, platformCustomerId}', async () => {
      const { id, customerId } = await enrol();
      const res = await put(`/customers/${customerId}`, { birthday: '12/24' }).expect(200);
      expect(expectSuccess(res.body)).toEqual({ id: customerId, platformCustomerId: id });
      expect((await get(`/customers/${customerId}`).expect(200)).body.data.birthday).toBe('12/24');
    });

    it('sets dateOfBirth by platform id, which also fills the birthday', async () => {
      const { id } = await enrol();
      await put(`/customers/external/${id}`, { dateOfBirth: '1985-07-09' }).expect(200);
      const customer = (await get(`/customers/external/${id}`).expect(200)).body.data;
      expect(customer).toMatchObject({ birthday: '07/09', dateOfBirth: '1985-07-09' });
    });

    it('is write-once: another birthday is 400, the same one is fine', async () => {
      const { customerId } = await enrol();
      await put(`/customers/${customerId}`, { birthday: '01/15' }).expect(200);
      expectError((await put(`/customers/${customerId}`, { birthday: '01/16' }).expect(400)).body, 'BAD_REQUEST', 400);
      await put(`/customers/${customerId}`, { birthday: '01/15' }).expect(200);
      expect((await get(`/customers/${customerId}`).expect(200)).body.data.birthday).toBe('01/15');
    });

    it.each([
      [{ birthday: '1/5' }, 'birthday'],
      [{ birthday: '02/30' }, 'birthday'],
      [{ dateOfBirth: '15-01-1990' }, 'dateOfBirth'],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
      [{}, 'birthday'],
    ])('bad input %j is 400 naming %s', async (body, field) => {
      const { customerId } = await enrol();
      const error = expectError((await put(`/customers/${customerId}`, body).expect(400)).body, 'BAD_REQUEST', 400);
      expect(error.field).toBe(field);
    });

    it('unknown customer 404, other shop 404, no keys 401', async () => {
      const { id } = await enrol();
      await put('/customers/nope', { birthday: '01/01' }).expect(404);
      await put('/customers/external/99999999', { birthday: '01/01' }).expect(404);
      await put(`/customers/external/${id}`, { birthday: '01/01' }, other).expect(404);
      await s.t.http().put(`/rest_api/v2/customers/external/${id}`).send({ birthday: '01/01' }).expect(401);
    });
  });

  describe('tiers of a customer', () => {
    let gold: string;
    let silver: string;
    beforeAll(async () => {
      silver = (await s.tier({ name: 'Silver', targetPoint: 500 })).id;
      gold = (await s.tier({ name: 'Gold', targetPoint: 1500 })).id;
    });

    it('moves up automatically when earned points reach a target', async () => {
      const { id } = await enrol();
      await s.award(id, 499);
      expect((await get(`/customers/external/${id}`).expect(200)).body.data.tierName).toBe('Bronze');
      await s.award(id, 1);
      expect((await get(`/customers/external/${id}`).expect(200)).body.data).toMatchObject({
        tierId: silver,
        tierName: 'Silver',
        tierPoint: 500,
      });
      await s.award(id, 5000);
      expect((await get(`/customers/external/${id}`).expect(200)).body.data).toMatchObject({
        tierId: gold,
        tierName: 'Gold',
      });
    });

    it('PUT tier by internal id answers the tier record', async () => {
      const { id, customerId } = await enrol();
      const res = await put(`/customers/${customerId}/tier`, { tierId: gold, adminNote: 'vip' }).expect(200);
      expect(expectSuccess(res.body)).toEqual({
        id: customerId,
        platformCustomerId: id,
        tierId: gold,
        tierName: 'Gold',
        tierPoint: 0,
        tierUpdatedAt: expect.any(String),
      });
    });

    it('PUT tier by platform id with isInitTier sets the tier point to the target', async () => {
      const { id } = await enrol();
      const res = await put(`/customers/external/${id}/tier`, {
        tierId: silver,
        isInitTier: true,
        triggerReward: false,
      }).expect(200);
      expect(res.body.data).toMatchObject({ tierId: silver, tierName: 'Silver', tierPoint: 500 });
      expect((await get(`/customers/external/${id}`).expect(200)).body.data).toMatchObject({
        tierId: silver,
        tierPoint: 500,
      });
    });

    it('errors: missing tierId 400, unknown tier 400, wrong types 400, unknown customer 404, another shop 404', async () => {
      const { id, customerId } = await enrol();
      expect(
        expectError((await put(`/customers/${customerId}/tier`, {}).expect(400)).body, 'BAD_REQUEST', 400).field,
      ).toBe('tierId');
      expect((await put(`/customers/${customerId}/tier`, { tierId: 'nope' }).expect(400)).body.error.field).toBe(
        'tierId',
      );
      expect(
        (await put(`/customers/${customerId}/tier`, { tierId: gold, isInitTier: 'yes' }).expect(400)).body.error.field,
      ).toBe('isInitTier');
      await put('/customers/nope/tier', { tierId: gold }).expect(404);
      await put(`/customers/external/${id}/tier`, { tierId: gold }, other).expect(404);
      const otherTier = (await other.get('/tiers').expect(200)).body.data[0].id;
      await put(`/customers/${customerId}/tier`, { tierId: otherTier }).expect(400);
    });
  });

  describe('listing', () => {
    let listShop: ShopClient;
    const ids: string[] = [];
    beforeAll(async () => {
      listShop = await s.newShop();
      for (let i = 1; i <= 5; i++) {
        ids.push(
          await listShop.enrol(100 + i, { email: `list${i}@example.com`, created_at: `2025-0${i}-01T00:00:00Z` }),
        );
      }
    });
    const list = (query: string) => listShop.get(`/customers${query}`);

    it('lists newest first, only this shop, with pagination meta', async () => {
      const res = await list('').expect(200);
      expect(expectSuccess(res.body).map((c: any) => c.id)).toEqual([...ids].reverse());
      expect(res.body.meta.pagination).toEqual({ hasNext: false, hasPre: false });
    });

    it('pages with limit, after and before, and counts with hasCount', async () => {
      const first = await list('?limit=2&hasCount=true&order=createdAt_asc').expect(200);
      expect(first.body.data.map((c: any) => c.id)).toEqual(ids.slice(0, 2));
      expect(first.body.meta.pagination).toEqual({ hasNext: true, hasPre: false, total: 5, totalPage: 3 });
      const second = await list(`?limit=2&order=createdAt_asc&after=${ids[1]}`).expect(200);
      expect(second.body.data.map((c: any) => c.id)).toEqual(ids.slice(2, 4));
      expect(second.body.meta.pagination).toEqual({ hasNext: true, hasPre: true });
      const before = await list(`?limit=2&order=createdAt_asc&before=${ids[2]}`).expect(200);
      expect(before.body.data.map((c: any) => c.id)).toEqual(ids.slice(0, 2));
    });

    it('filters by email, tierId, type and dates', async () => {
      expect((await list('?email=LIST3@example.com').expect(200)).body.data.map((c: any) => c.id)).toEqual([ids[2]]);
      const bronze = (await listShop.get('/tiers').expect(200)).body.data[0].id;
      expect((await list(`?tierId=${bronze}&hasCount=true`).expect(200)).body.meta.pagination.total).toBe(5);
      expect((await list('?tierId=other').expect(200)).body.data).toEqual([]);
      expect((await list('?type=member&hasCount=true').expect(200)).body.meta.pagination.total).toBe(5);
      expect((await list('?type=guest').expect(200)).body.data).toEqual([]);
      expect((await list('?created_at_max=2000-01-01T00:00:00Z').expect(200)).body.data).toEqual([]);
      // createdAt is the platform's: filtered and sorted on it.
      expect(
        (await list('?created_at_max=2025-03-01T00:00:00Z&order=createdAt_asc').expect(200)).body.data.map(
          (c: any) => c.createdAt,
        ),
      ).toEqual(['2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z']);
      expect(
        (
          await list('?updated_at_min=2000-01-01T00:00:00Z&updated_at_max=2999-01-01T00:00:00Z&hasCount=true').expect(
            200,
          )
        ).body.meta.pagination.total,
      ).toBe(5);
      expect((await list('?order=updatedAt_desc&limit=1').expect(200)).body.data).toHaveLength(1);
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?limit=ten', 'limit'],
      ['?order=name', 'order'],
      ['?type=vip', 'type'],
      ['?hasCount=maybe', 'hasCount'],
      ['?updated_at_min=yesterday', 'updated_at_min'],
    ])('%s is 400 naming %s', async (query, field) => {
      expect(expectError((await list(query).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
    });

    it('an unknown cursor is 400 and no keys is 401', async () => {
      expectError((await list('?after=nope').expect(400)).body, 'BAD_REQUEST', 400);
      await s.t.http().get('/rest_api/v2/customers').expect(401);
    });
  });
});
