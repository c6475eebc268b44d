import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';

describe('v2 tiers', () => {
  const s = scenario();
  let other: ShopClient;
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, as: ShopClient = s) =>
    as[method](`/tiers${path}`);

  beforeAll(async () => {
    other = await s.newShop();
  });

  it('a new shop has the base tier: Bronze, system tier, target 0', async () => {
    const res = await call('get', '').expect(200);
    expect(expectSuccess(res.body)).toEqual([
      {
        id: expect.any(String),
        name: 'Bronze',
        icon: null,
        targetPoint: 0,
        members: 0,
        isSystemTier: true,
        isExclusiveTier: false,
        systemType: 'bronze',
        textColor: expect.any(String),
        boxBgColor: expect.any(String),
        tierRewards: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(res.body.meta.count).toBe(1);
  });

  it('creates a tier (201) with the detail record, listed by target and counting members', async () => {
    const created = await call('post', '')
      .send({
        name: 'Platinum',
        targetPoint: 3000,
        textColor: '#112233',
        tierRewards: [{ event: 'bonus_point', type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' }],
      })
      .expect(201);
    const tier = expectSuccess(created.body);
    expect(tier).toMatchObject({
      name: 'Platinum',
      targetPoint: 3000,
      textColor: '#112233',
      isSystemTier: false,
      members: 0,
      shopId: s.shop.shopId,
      prevNames: [],
      inactive: false,
      targetPointUpdate: null,
    });
    for (const field of [
      'iconCustom',
      'placedOrderReward',
      'rateMoney',
      'earnPoint',
      'hideDefaultTier',
      'bgType',
      'bgImage',
      'progressBarColor',
      'boxTextColor',
      'bgCardColor',
      'cardOpacity',
      'iconColor',
      'imageBlock',
    ]) {
      expect(tier).toHaveProperty(field);
    }
    await s.enrol(9001);
    await s.put(`/customers/external/9001/tier`, { tierId: tier.id }).expect(200);
    const list = (await call('get', '').expect(200)).body.data;
    expect(list.map((x: any) => [x.name, x.members])).toEqual([
      ['Bronze', 0],
      ['Platinum', 1],
    ]);
    expect((await call('get', `/${tier.id}`).expect(200)).body.data).toMatchObject({ id: tier.id, members: 1 });
  });

  it('benefits of a type list matching tier rewards with meta.count', async () => {
    const res = await call('get', '/benefits/bonus_point').expect(200);
    expect(expectSuccess(res.body)).toEqual([
      expect.objectContaining({ title: 'Welcome bonus', tierName: 'Platinum' }),
    ]);
    expect(res.body.meta.count).toBe(1);
    expect((await call('get', '/benefits/free_shipping').expect(200)).body).toMatchObject({
      data: [],
      meta: { count: 0 },
    });
  });

  it('renames keep the previous name; target changes are dated', async () => {
    const id = (await call('post', '').send({ name: 'Copper', targetPoint: 100 }).expect(201)).body.data.id;
    const updated = await call('put', `/${id}`).send({ name: 'Brass', targetPoint: 150 }).expect(200);
    expect(expectSuccess(updated.body)).toMatchObject({
      name: 'Brass',
      targetPoint: 150,
      prevNames: ['Copper'],
      targetPointUpdate: expect.any(String),
    });
  });

  it('validation and rule errors name the field', async () => {
    expect(
      expectError((await call('post', '').send({ targetPoint: 10 }).expect(400)).body, 'BAD_REQUEST', 400).field,
    ).toBe('name');
    expect((await call('post', '').send({ name: 'X', targetPoint: -1 }).expect(400)).body.error.field).toBe(
      'targetPoint',
    );
    expect(
      (await call('post', '').send({ name: 'X', targetPoint: 10, textColor: 'red' }).expect(400)).body.error.field,
    ).toBe('textColor');
    expectError(
      (await call('post', '').send({ name: 'bronze', targetPoint: 10 }).expect(409)).body,
      'TIER_NAME_TAKEN',
      409,
    );
    expectError(
      (await call('post', '').send({ name: 'Other', targetPoint: 0 }).expect(409)).body,
      'TIER_TARGET_TAKEN',
      409,
    );
    const bronze = (await call('get', '').expect(200)).body.data[0].id;
    expect((await call('put', `/${bronze}`).send({ targetPoint: 5 }).expect(400)).body.error.field).toBe('targetPoint');
    await call('put', `/${bronze}`).send({}).expect(400);
    expectError((await call('delete', `/${bronze}`).expect(400)).body, 'BAD_REQUEST', 400);
  });

  it('deletes an empty tier; a tier with members is 409', async () => {
    const id = (await call('post', '').send({ name: 'Temp', targetPoint: 7777 }).expect(201)).body.data.id;
    await s.enrol(9002);
    await s.put('/customers/external/9002/tier', { tierId: id }).expect(200);
    expectError((await call('delete', `/${id}`).expect(409)).body, 'TIER_HAS_MEMBERS', 409);
    const bronze = (await call('get', '').expect(200)).body.data[0].id;
    await s.put('/customers/external/9002/tier', { tierId: bronze }).expect(200);
    expect((await call('delete', `/${id}`).expect(200)).body.data).toEqual({ id });
    await call('get', `/${id}`).expect(404);
  });

  it("unknown tier 404; another shop's tier is 404; no keys 401", async () => {
    const id = (await call('get', '').expect(200)).body.data[0].id;
    expectError((await call('get', '/nope').expect(404)).body, 'NOT_FOUND', 404);
    await call('get', `/${id}`, other).expect(404);
    await call('put', `/${id}`, other).send({ name: 'Hijack' }).expect(404);
    await call('delete', `/${id}`, other).expect(404);
    await s.t.http().get('/rest_api/v2/tiers').expect(401);
    expect((await call('get', `/${id}`).expect(200)).body.data.name).toBe('Bronze');
  });
});
