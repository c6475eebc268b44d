import { expectError, scenario } from '../support/scenario';

describe('management API v1 (deprecated)', () => {
  const s = scenario();
  let order: string;
  let follow: string;
  const v1 = (method: 'get' | 'post', path: string) => s.t.http()[method](`/rest_api/v1${path}`).set(s.keys);

  beforeAll(async () => {
    order = await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 2, roundingMethod: 'floor' });
    follow = await s.earning('follow_photo', 'Follow', { earnPoint: 15 });
    await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: '$5 off',
      spending: { pointsCost: 500, rewardValue: 5 },
    });
    await s.enrol(1201);
  });

  it('every answer carries Deprecation, Sunset and a Link to v2', async () => {
    const res = await v1('get', '/earning').expect(200);
    expect(res.headers.deprecation).toBe('true');
    expect(res.headers.sunset).toMatch(/GMT$/);
    expect(res.headers.link).toContain('rel="successor-version"');
  });

  it('GET /earning is {data: []} of earning programs in the v1 shape', async () => {
    const res = await v1('get', '/earning').expect(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((p: any) => p.id)).toEqual([order, follow]);
    expect(res.body.data[0]).toMatchObject({
      id: order,
      title: 'Orders',
      type: 'earning',
      event: 'place_order',
      earnPoint: 1,
      rateMoney: '2',
      status: true,
      isDraft: false,
      expired: false,
      hasLimit: false,
      shopId: s.shop.shopId,
    });
  });

  it('GET /earning/{id} is {success, program}; unknown is 404', async () => {
    const res = await v1('get', `/earning/${order}`).expect(200);
    expect(res.body).toEqual({
      success: true,
      program: expect.objectContaining({
        id: order,
        earnBy: 'price',
        rateMoney: 2,
        autoRemovePoints: true,
        event: 'place_order',
      }),
    });
    await v1('get', '/earning/nope').expect(404);
  });

  it('POST /earn/interact-social pays once and answers {success, data {newPoint}}', async () => {
    const res = await v1('post', '/earn/interact-social')
      .send({ shopifyCustomerId: 1201, earningId: follow })
      .expect(200);
    expect(res.body).toEqual({ success: true, data: { newPoint: 15 } });
    expectError(
      (await v1('post', '/earn/interact-social').send({ shopifyCustomerId: 1201, earningId: follow }).expect(400)).body,
      'LIMIT_REACHED',
      400,
    );
    await v1('post', '/earn/interact-social').send({ shopifyCustomerId: 1201 }).expect(400);
    await v1('post', '/earn/interact-social').send({ shopifyCustomerId: '1201', earningId: follow }).expect(400);
  });

  it('GET /earning-programs-by-customer takes shopifyCustomerId and reports isEarned', async () => {
    const res = await v1('get', '/earning-programs-by-customer?shopifyCustomerId=1201').expect(200);
    const byId = Object.fromEntries(res.body.data.map((p: any) => [p.id, p]));
    expect(byId[follow].isEarned).toBe(true);
    expect(byId[order].isEarned).toBe(false);
    await v1('get', '/earning-programs-by-customer').expect(400);
    await v1('get', '/earning-programs-by-customer?shopifyCustomerId=999999').expect(404);
  });

  it('POST /earn/calc-points answers {success, data {pointsEarn, products}} and awards nothing', async () => {
    const res = await v1('post', '/earn/calc-points')
      .send({ products: [{ id: 1, quantity: 3, price: 9.99 }], shopifyCustomerId: 1201, sourceName: 'web' })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { pointsEarn: 14, products: [{ id: 1, quantity: 3, price: 9.99, points: 14 }] },
    });
    await v1('post', '/earn/calc-points')
      .send({ products: [{ id: 1, quantity: 1 }] })
      .expect(400);
    await v1('post', '/earn/calc-points').send({}).expect(400);
  });

  it('needs the same keys as v2', async () => {
    await s.t.http().get('/rest_api/v1/earning').expect(401);
  });
});
