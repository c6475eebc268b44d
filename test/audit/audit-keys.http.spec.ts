import { createTestApp, TestApp, auth, expectError, expectSuccess, OPERATOR_TOKEN } from '../support/test-app';
import { shopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { signingKeyPem } from './signing-key';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/** Audit keys: per shop, read-only, hashed, accepted only by the audit endpoints. */
describe(`audit keys (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  let key: { id: string; key: string; createdAt: string };
  let otherCustomerId: string;
  const operator = (method: 'get' | 'post' | 'delete', path: string, token = OPERATOR_TOKEN) =>
    t.http()[method](`/admin/api${path}`).set('Authorization', `Bearer ${token}`);
  const asAuditor = (path: string, presented = key.key) =>
    t.http().get(`/rest_api/v2/audit${path}`).set('X-Svc-Loyalty-Audit-Key', presented);

  beforeAll(async () => {
    // A PostgreSQL service signs with the key it is given (only the embedded store makes its own).
    t = await createTestApp({ env: { AUDIT_SIGNING_KEY: signingKeyPem() } });
    shop = await t.shop();
    other = await t.shop();
    await t.enrol(shop, 601);
    await t.enrol(other, 602);
    otherCustomerId = await t.enrol(other, 603);
    await shopClient(t, shop).award(601, 80);
    key = expectSuccess(
      (await operator('post', `/shops/${shop.shopId}/audit-keys`).send({ label: 'Year-end audit' }).expect(201)).body,
    );
  });
  afterAll(() => t.close());

  it('the operator creates a key, shown once, and lists keys without secrets', async () => {
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      shopId: shop.shopId,
      label: 'Year-end audit',
      createdAt: expect.any(String),
      revokedAt: null,
      active: true,
      key: `audit_${key.id}.${key.key.split('.')[1]}`,
    });
    expect(Buffer.from(key.key.split('.')[1], 'base64url')).toHaveLength(32);
    const second = expectSuccess(
      (await operator('post', `/shops/${shop.shopId}/audit-keys`).send({}).expect(201)).body,
    );
    const list = await operator('get', `/shops/${shop.shopId}/audit-keys`).expect(200);
    expect(list.body.meta).toEqual({ count: 2 });
    expect(expectSuccess(list.body)).toEqual([
      {
        id: key.id,
        shopId: shop.shopId,
        label: 'Year-end audit',
        createdAt: key.createdAt,
        revokedAt: null,
        active: true,
      },
      { id: second.id, shopId: shop.shopId, label: null, createdAt: second.createdAt, revokedAt: null, active: true },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.key.split('.')[1]);
    expect(expectSuccess((await operator('get', `/shops/${other.shopId}/audit-keys`).expect(200)).body)).toEqual([]);
  });

  it('the key is stored only as a hash', async () => {
    const stored = await (await t.store.storage.readStore.collection<any>({ name: 'audit_keys' })).get(key.id);
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key.key.split('.')[1]);
  });

  it("reads its own shop's audit endpoints", async () => {
    const state = expectSuccess((await asAuditor('/customers/601/state').expect(200)).body);
    expect(state).toMatchObject({ balance: 80, earnedTotal: 80, platformCustomerId: 601 });
    const events = expectSuccess((await asAuditor('/customers/601/events').expect(200)).body);
    expect(events.map((e: any) => e.type)).toEqual(['customer.enrolled.v1', 'points.awarded.v1']);
    await asAuditor('/export').expect(200);
    const { periods } = expectSuccess(
      (await asAuditor('/liability?from=2020-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&interval=month').expect(200)).body,
    );
    expect(periods).toHaveLength(960);
    expect(periods[959]).toMatchObject({ closing: 80, customersWithBalance: 1 });
  });

  it('cannot read another shop: its customers are not found, by platform or internal id', async () => {
    for (const path of ['/customers/602/state', '/customers/603/events', `/customers/${otherCustomerId}/state`]) {
      expectError((await asAuditor(path).expect(404)).body, 'NOT_FOUND', 404);
    }
    expectError((await asAuditor(`/export?customerId=${otherCustomerId}`).expect(404)).body, 'NOT_FOUND', 404);
    // The other shop's own keys still read it.
    await t.http().get('/rest_api/v2/audit/customers/602/state').set(auth(other)).expect(200);
  });

  it('cannot write, and is refused by every endpoint but the audit ones', async () => {
    const header = { 'X-Svc-Loyalty-Audit-Key': key.key };
    const refused = [
      t.http().post('/rest_api/v2/transactions/points/award').set(header).send({ platformCustomerId: '601', point: 5 }),
      t
        .http()
        .post('/rest_api/v2/transactions/points/deduct')
        .set(header)
        .send({ platformCustomerId: '601', point: 5 }),
      t.http().put('/rest_api/v2/customers/external/601').set(header).send({ birthday: '01/02' }),
      t.http().post('/rest_api/v2/tiers').set(header).send({ name: 'Nope', targetPoint: 10 }),
      t.http().get('/rest_api/v2/customers').set(header),
      t.http().get('/rest_api/v2/customers/external/601').set(header),
      t.http().get('/rest_api/v2/transactions?platformCustomerId=601').set(header),
    ];
    for (const request of refused) {
      const error = expectError((await request.expect(401)).body, 'UNAUTHORIZED', 401);
      expect(error.message).toContain('audit endpoints');
    }
    await t
      .http()
      .post('/app/api/v1/webhooks')
      .set(header)
      .send({ topic: 'points/earned', url: 'https://x.example.com' })
      .expect(401);
    await t
      .http()
      .post(`/admin/api/shops/${shop.shopId}/audit-keys`)
      .set('Authorization', `Bearer ${key.key}`)
      .expect(401);
    // Nothing was written.
    const state = expectSuccess((await asAuditor('/customers/601/state').expect(200)).body);
    expect(state.balance).toBe(80);
  });

  it('a malformed, unknown or tampered key is 401', async () => {
    for (const presented of [
      'nonsense',
      `audit_${key.id}.${'A'.repeat(43)}`,
      key.key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      expectError((await asAuditor('/customers/601/state', presented).expect(401)).body, 'UNAUTHORIZED', 401);
    }
    expectError((await t.http().get('/rest_api/v2/audit/customers/601/state').expect(401)).body, 'UNAUTHORIZED', 401);
  });

  it('revoking stops the key at once; revoking again answers the same revocation', async () => {
    const extra = expectSuccess(
      (await operator('post', `/shops/${shop.shopId}/audit-keys`).send({ label: 'temp' }).expect(201)).body,
    );
    await asAuditor('/customers/601/state', extra.key).expect(200);
    const revoked = expectSuccess(
      (await operator('delete', `/shops/${shop.shopId}/audit-keys/${extra.id}`).expect(200)).body,
    );
    expect(revoked).toMatchObject({ id: extra.id, active: false, revokedAt: expect.any(String) });
    expectError((await asAuditor('/customers/601/state', extra.key).expect(401)).body, 'UNAUTHORIZED', 401);
    const again = expectSuccess(
      (await operator('delete', `/shops/${shop.shopId}/audit-keys/${extra.id}`).expect(200)).body,
    );
    expect(again.revokedAt).toBe(revoked.revokedAt);
    // Another shop's key id, or an unknown one, is not found under this shop.
    expectError(
      (await operator('delete', `/shops/${other.shopId}/audit-keys/${key.id}`).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    expectError((await operator('delete', `/shops/${shop.shopId}/audit-keys/nope`).expect(404)).body, 'NOT_FOUND', 404);
  });

  it('operator errors: unknown shop 404, long label 400 naming it, no token 401', async () => {
    expectError(
      (await operator('post', '/shops/00000000-0000-5000-8000-000000000000/audit-keys').send({}).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    expectError(
      (await operator('get', '/shops/00000000-0000-5000-8000-000000000000/audit-keys').expect(404)).body,
      'NOT_FOUND',
      404,
    );
    const bad = expectError(
      (
        await operator('post', `/shops/${shop.shopId}/audit-keys`)
          .send({ label: 'x'.repeat(201) })
          .expect(400)
      ).body,
      'BAD_REQUEST',
      400,
    );
    expect(bad.field).toBe('label');
    expectError(
      (await operator('get', `/shops/${shop.shopId}/audit-keys`, 'wrong').expect(401)).body,
      'UNAUTHORIZED',
      401,
    );
  });
});
