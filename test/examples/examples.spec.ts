import { AddressInfo } from 'node:net';
import { createTestApp, OPERATOR_TOKEN, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ExampleConfig } from '../../examples/config';
import * as merchant from '../../examples/merchant-integration';
import * as storefront from '../../examples/storefront-token';
import * as webhookReceiver from '../../examples/webhook-receiver';
import * as auditor from '../../examples/auditor';

/** The runnable examples, each against a started service (listening on loopback), as a client runs them. */
describe(`examples/ against a running service (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let config: ExampleConfig;
  beforeAll(async () => {
    // A receiver on loopback is accepted by default on the embedded store only (development).
    t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    await t.app.listen(0, '127.0.0.1');
    const shop = await t.shop();
    await t.enrol(shop, 1001, { email: 'ada@example.com', first_name: 'Ada' });
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    config = {
      baseUrl: `http://127.0.0.1:${port}`,
      shopDomain: shop.domain,
      appKey: shop.appKey,
      secretKey: shop.secretKey,
      headlessSecret: shop.headlessSecret,
      platformCustomerId: '1001',
      email: 'ada@example.com',
    };
  });
  afterAll(() => t.close());

  it('merchant integration: awards once under one idempotency key, reads the customer and the transaction', async () => {
    const result = await merchant.run(config);
    expect(result).toMatchObject({ pointsBefore: 0, pointsAfter: 100, retryReplayed: true, balance: 100 });
    expect(result.retryTransactionId).toBe(result.transactionId);
    expect(result.latestTransactions).toEqual([{ id: result.transactionId, type: 'earn_point', earnPoint: 100 }]);
  });

  it('storefront token: the signed login becomes a bearer token that reads the shopper’s own view', async () => {
    const result = await storefront.run(config);
    expect(result.tokenExpiresInSeconds).toBeGreaterThan(0);
    expect(result.points).toBe(100);
    expect(result.latestActivities).toEqual([expect.objectContaining({ type: 'earn_point', points: 100 })]);
  });

  it('storefront token: a login signed with another secret is refused', async () => {
    await expect(storefront.run({ ...config, headlessSecret: 'not-the-secret' })).rejects.toThrow(
      /token exchange: HTTP 401/,
    );
  });

  it('webhook receiver: registers, receives the signed points/earned delivery, and removes itself', async () => {
    const result = await webhookReceiver.run(config);
    expect(result.delivery.topic).toBe('points/earned');
    expect(result.delivery.body).toMatchObject({ topic: 'points/earned', points: 25, oldPoint: 100, newPoint: 125 });
    const hooks = await t
      .http()
      .get('/app/api/v1/webhooks')
      .set({ 'X-Svc-Loyalty-App-Key': config.appKey, 'X-Svc-Loyalty-Secret-Key': config.secretKey })
      .expect(200);
    expect(JSON.stringify(hooks.body)).not.toContain(result.webhookId);
  });

  it('webhook receiver: a delivery signed with another key is refused', async () => {
    const received: unknown[] = [];
    const receiver = await webhookReceiver.startReceiver(config.secretKey, (d) => received.push(d));
    try {
      const response = await fetch(receiver.url, {
        method: 'POST',
        headers: { 'X-Svc-Loyalty-Hmac-Sha256': Buffer.alloc(32).toString('base64') },
        body: '{"topic":"points/earned"}',
      });
      expect(response.status).toBe(401);
      expect(received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('auditor: with a read-only audit key, the replayed fold is the balance answered today', async () => {
    const created = await t
      .http()
      .post(`/admin/api/shops/${(await shopOf(config)).shopId}/audit-keys`)
      .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
      .send({ label: 'examples' })
      .expect(201);
    const result = await auditor.run(config, created.body.data.key as string);
    expect(result).toMatchObject({ balanceAfterLastEvent: 125, balanceNow: 125, agrees: true, balanceAsOf: 0 });
    expect(result.events).toBeGreaterThanOrEqual(3);
  });

  async function shopOf(c: ExampleConfig): Promise<{ shopId: string }> {
    const whoami = await t
      .http()
      .get('/rest_api/v2/whoami')
      .set({ 'X-Svc-Loyalty-App-Key': c.appKey, 'X-Svc-Loyalty-Secret-Key': c.secretKey })
      .expect(200);
    return { shopId: whoami.body.data.shopId as string };
  }
});
