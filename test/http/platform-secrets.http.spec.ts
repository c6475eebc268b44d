import { randomUUID } from 'node:crypto';
import { createTestApp, expectError, expectSuccess, OPERATOR_TOKEN, signPlatform, TestApp } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * One global PLATFORM_WEBHOOK_SECRET would let whoever holds it write to every shop. A shop can have
 * its own: then only that one authenticates its webhooks; the global one stays the fallback for
 * shops without their own.
 */
describe('per-shop commerce-platform webhook secrets', () => {
  let t: TestApp;
  let a: ProvisionedShop;
  let b: ProvisionedShop;
  const OWN = 'shop-a-own-platform-secret-0123456789';

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.shop();
    b = await t.shop();
  });
  afterAll(() => t.close());

  const customerCreated = (shop: ProvisionedShop, secret: string, id = Math.floor(Math.random() * 1e9)) => {
    const raw = JSON.stringify({ id, email: `c${id}@example.com`, first_name: 'P', last_name: 'S' });
    return t.rawPlatform(shop, 'customers/create', raw, { signature: signPlatform(raw, secret) });
  };
  const setSecret = (shopId: string, body: unknown, token = OPERATOR_TOKEN) =>
    t
      .http()
      .put(`/admin/api/shops/${shopId}/platform-webhook-secret`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  it('before a shop has its own secret, the global one authenticates its webhooks', async () => {
    await customerCreated(a, 'platform-secret').expect(200);
    expectError((await customerCreated(a, OWN).expect(401)).body, 'UNAUTHORIZED', 401);
  });

  it('with its own secret set, only that one works for the shop; other shops keep the global one', async () => {
    const set = await setSecret(a.shopId, { secret: OWN }).expect(200);
    expectSuccess(set.body);
    expect(set.body.data).toEqual({ shopId: a.shopId, platformWebhookSecret: 'own' });

    const accepted = await customerCreated(a, OWN).expect(200);
    expect(accepted.body.data.created).toBe(true);
    expectError((await customerCreated(a, 'platform-secret').expect(401)).body, 'UNAUTHORIZED', 401);
    await customerCreated(b, 'platform-secret').expect(200);
    // A's secret opens nothing of B's.
    expectError((await customerCreated(b, OWN).expect(401)).body, 'UNAUTHORIZED', 401);
  });

  it('removing it brings the global secret back for the shop', async () => {
    const cleared = await t
      .http()
      .delete(`/admin/api/shops/${a.shopId}/platform-webhook-secret`)
      .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
      .expect(200);
    expect(cleared.body.data).toEqual({ shopId: a.shopId, platformWebhookSecret: 'global' });
    await customerCreated(a, 'platform-secret').expect(200);
    expectError((await customerCreated(a, OWN).expect(401)).body, 'UNAUTHORIZED', 401);
  });

  it('the log records each change, never the secret', async () => {
    const stream = await t.store.storage.eventStore.readStream(`shop-${a.shopId}`);
    const changes = stream.filter((e) => e.type === 'shop.platform-webhook-secret-set.v1');
    expect(changes.map((e) => e.data.cleared)).toEqual([false, true]);
    expect(JSON.stringify(stream.map((e) => e.data))).not.toContain(OWN);
  });

  it('bad input is 400 naming the field; an unknown shop 404; without the operator token 401', async () => {
    const short = await setSecret(a.shopId, { secret: 'short' }).expect(400);
    expect(expectError(short.body, 'BAD_REQUEST', 400).field).toBe('secret');
    const missing = await setSecret(a.shopId, {}).expect(400);
    expect(expectError(missing.body, 'BAD_REQUEST', 400).field).toBe('secret');
    expectError((await setSecret(randomUUID(), { secret: OWN }).expect(404)).body, 'NOT_FOUND', 404);
    await setSecret(a.shopId, { secret: OWN }, 'wrong-token').expect(401);
  });
});
