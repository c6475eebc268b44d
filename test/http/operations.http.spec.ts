import { createTestApp, TestApp } from '../support/test-app';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { customerStreamId } from '../../src/ledger/customer-stream';

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers without touching a store', async () => {
    expect((await t.http().get('/health').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('GET /ready reports both stores and the projection lag', async () => {
    const res = await t.http().get('/ready').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      info: {
        eventStore: { status: 'up' },
        readStore: { status: 'up' },
        projections: { status: 'up', behind: false, lagMs: 0 },
        personalDataKeys: { status: 'up' },
      },
    });
  });

  it('GET /ready reports a key problem met later: a data key under a service key this process was not given', async () => {
    const shop = await t.shop();
    // Another process, started with another current key, wrapped this customer's data key (simulated).
    await t.store.storage.sql.query(
      `INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key, key_id) VALUES ($1, 'elsewhere', 'x.y.z', 'feedfacefeedface')`,
      [shop.shopId],
    );
    await expect(
      t.store.storage.personalDataKeys.keyFor({ shopId: shop.shopId, customerId: 'elsewhere' }, { create: false }),
    ).rejects.toThrow('feedfacefeedface');
    const res = await t.http().get('/ready').expect(503);
    expect(res.body).toMatchObject({
      status: 'error',
      error: {
        personalDataKeys: {
          status: 'down',
          message: expect.stringContaining('service key with id feedfacefeedface'),
        },
      },
    });
    expect(res.body.error.personalDataKeys.message).toContain('PERSONAL_DATA_KEYS_RETIRED');
  });

  it('a request that meets a data key under a service key this process lacks answers 503 (not 500), naming the missing key, and writes nothing', async () => {
    const shop = await t.shop();
    const customerId = customerIdFor(shop.shopId, 4242);
    // Another process, started with another current key, made this customer's data key (simulated).
    await t.store.storage.sql.query(
      `INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key, key_id) VALUES ($1, $2, 'x.y.z', 'feedfacefeedface')`,
      [shop.shopId, customerId],
    );
    const body = {
      id: 4242,
      email: 'c4242@example.com',
      first_name: 'Key',
      last_name: 'Less',
      accepts_marketing: false,
    };
    const res = await t.platform(shop, 'customers/create', body).expect(503);
    expect(res.body).toMatchObject({ success: false, error: { statusCode: 503 } });
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.error.message).toContain('a service key is missing from this process');
    expect(res.body.error.message).toContain('PERSONAL_DATA_KEYS_RETIRED');
    expect(await t.store.storage.eventStore.readStream(customerStreamId(shop.shopId, customerId))).toEqual([]);
    await t.http().get('/ready').expect(503);
  });

  it('serves the OpenAPI document built from the DTOs', async () => {
    const doc = (await t.http().get('/docs/json').expect(200)).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/rest_api/v2/customers',
      '/rest_api/v2/transactions/points/award',
      '/rest_api/v2/tiers',
      '/rest_api/v2/whoami',
      '/admin/api/shops',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['PointsChangeDto', 'CreateTierDto', 'SetTierDto']),
    );
    await t.http().get('/docs').expect(200);
  });

  it('echoes or creates a request id', async () => {
    expect((await t.http().get('/health').set('X-Request-Id', 'abc-123').expect(200)).headers['x-request-id']).toBe(
      'abc-123',
    );
    expect((await t.http().get('/health').expect(200)).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown routes answer the error envelope', async () => {
    const res = await t.http().get('/rest_api/v2/nothing-here').expect(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND', statusCode: 404 } });
  });
});
