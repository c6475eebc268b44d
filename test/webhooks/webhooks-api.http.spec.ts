import { createTestApp, TestApp, auth } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

const expectApiError = (body: any) => {
  expect(body).toEqual({
    success: false,
    error: expect.any(String),
    code: expect.any(String),
    // Validation refusals also name the field.
    ...(body.field !== undefined ? { field: expect.any(String) } : {}),
    timestamp: expect.any(String),
  });
  return body.error as string;
};

describe('webhook management API', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const api = (method: 'get' | 'post' | 'put' | 'delete', path = '', as = shop) =>
    t.http()[method](`/app/api/v1/webhooks${path}`).set(auth(as));

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false' } });
    shop = await t.shop();
    other = await t.shop();
  });
  afterAll(() => t.close());

  it('lists nothing at first', async () => {
    const res = await api('get').expect(200);
    expect(res.body).toEqual({ success: true, webhooks: [], timestamp: expect.any(String) });
  });

  it('registers a webhook (200) and lists it', async () => {
    const res = await api('post')
      .send({ topic: 'points/earned', url: 'https://merchant.example.com/hooks/earned' })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      webhook: {
        id: expect.any(String),
        topic: 'points/earned',
        url: 'https://merchant.example.com/hooks/earned',
        isEnabled: true,
        status: 'active',
        disabledReason: null,
        consecutiveFailures: 0,
        failingSince: null,
        nextRetryAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      timestamp: expect.any(String),
    });
    const list = await api('get').expect(200);
    expect(list.body.webhooks.map((w: any) => w.id)).toContain(res.body.webhook.id);
    expect((await api('get', '', other).expect(200)).body.webhooks).toEqual([]);
  });

  it.each([
    [{ topic: 'points/spent', url: 'https://merchant.example.com/h' }, 'topic'],
    [{ url: 'https://merchant.example.com/h' }, 'topic'],
    [{ topic: 'points/earned' }, 'url'],
    [{ topic: 'points/earned', url: 'ftp://merchant.example.com/h' }, 'https'],
    [{ topic: 'points/earned', url: 'http://merchant.example.com/h' }, 'https'],
    [{ topic: 'points/earned', url: 'https://169.254.169.254/latest' }, 'link-local'],
    [{ topic: 'points/earned', url: 'https://10.0.0.7/h' }, 'private'],
  ])('POST %j is 400 with a string error mentioning %s', async (body, word) => {
    expect(expectApiError((await api('post').send(body).expect(400)).body)).toContain(word);
  });

  it('the same topic and url twice is 409', async () => {
    await api('post').send({ topic: 'tier/upgraded', url: 'https://merchant.example.com/t' }).expect(200);
    expectApiError(
      (await api('post').send({ topic: 'tier/upgraded', url: 'https://merchant.example.com/t' }).expect(409)).body,
    );
  });

  it('gets, updates and deletes one webhook', async () => {
    const id = (await api('post').send({ topic: 'points/redeemed', url: 'https://merchant.example.com/r' }).expect(200))
      .body.webhook.id;
    expect((await api('get', `/${id}`).expect(200)).body.webhook).toMatchObject({ id, topic: 'points/redeemed' });
    const updated = await api('put', `/${id}`)
      .send({ url: 'https://merchant.example.com/r2', isEnabled: false })
      .expect(200);
    expect(updated.body.webhook).toMatchObject({
      url: 'https://merchant.example.com/r2',
      isEnabled: false,
      status: 'disabled',
      disabledReason: null,
    });
    expectApiError((await api('put', `/${id}`).send({}).expect(400)).body);
    expectApiError((await api('put', `/${id}`).send({ url: 'http://merchant.example.com/r' }).expect(400)).body);
    expectApiError((await api('put', `/${id}`).send({ isEnabled: 'no' }).expect(400)).body);
    expect((await api('delete', `/${id}`).expect(200)).body.webhook.id).toBe(id);
    expectApiError((await api('get', `/${id}`).expect(404)).body);
  });

  it("another shop's webhook is 404; no keys is 401 with the string error shape", async () => {
    const id = (await api('post').send({ topic: 'points/expired', url: 'https://merchant.example.com/e' }).expect(200))
      .body.webhook.id;
    await api('get', `/${id}`, other).expect(404);
    await api('put', `/${id}`, other).send({ isEnabled: false }).expect(404);
    await api('delete', `/${id}`, other).expect(404);
    await api('get', `/${id}/deliveries`, other).expect(404);
    expectApiError((await t.http().get('/app/api/v1/webhooks').expect(401)).body);
    expect((await api('get', `/${id}`).expect(200)).body.webhook.isEnabled).toBe(true);
  });

  it('deliveries: empty list, bad paging 400, unknown delivery 404', async () => {
    const id = (
      await api('post').send({ topic: 'milestone/achieved', url: 'https://merchant.example.com/m' }).expect(200)
    ).body.webhook.id;
    expect((await api('get', `/${id}/deliveries`).expect(200)).body).toEqual({
      success: true,
      deliveries: [],
      timestamp: expect.any(String),
    });
    await api('get', `/${id}/deliveries?limit=0`).expect(400);
    await api('get', `/${id}/deliveries?before=x`).expect(400);
    await api('post', `/${id}/deliveries/00000000-0000-0000-0000-000000000000/redeliver`).expect(404);
    await api('post', `/${id}/deliveries/nope/redeliver`).expect(404);
  });

  it('bulk redelivery: status=failed only, in the webhook envelope; another shop 404', async () => {
    const id = (await api('post').send({ topic: 'tier/reset', url: 'https://merchant.example.com/b' }).expect(200)).body
      .webhook.id;
    expect((await api('post', `/${id}/deliveries/redeliver?status=failed`).expect(200)).body).toEqual({
      success: true,
      redelivery: { status: 'failed', requeued: 0 },
      timestamp: expect.any(String),
    });
    for (const query of ['', '?status=pending', '?status=delivered', '?status=FAILED']) {
      const res = await api('post', `/${id}/deliveries/redeliver${query}`).expect(400);
      expect(expectApiError(res.body)).toBe('status must be failed');
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', field: 'status' });
    }
    expectApiError((await api('post', `/${id}/deliveries/redeliver?status=failed`, other).expect(404)).body);
    expectApiError(
      (await api('post', '/00000000-0000-0000-0000-000000000000/deliveries/redeliver?status=failed').expect(404)).body,
    );
    expectApiError(
      (await t.http().post(`/app/api/v1/webhooks/${id}/deliveries/redeliver?status=failed`).expect(401)).body,
    );
  });

  it('refuses loopback URLs when the policy does not allow them', async () => {
    const strict = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'false', WEBHOOK_WORKER: 'false' } });
    try {
      const s = await strict.shop();
      const res = await strict
        .http()
        .post('/app/api/v1/webhooks')
        .set(auth(s))
        .send({ topic: 'points/earned', url: 'http://127.0.0.1:9/h' })
        .expect(400);
      expect(expectApiError(res.body)).toContain('this machine');
    } finally {
      await strict.close();
    }
  });
});
