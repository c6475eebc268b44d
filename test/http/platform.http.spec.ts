import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp, auth, expectError, expectSuccess, signPlatform } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

const order = (id: number, customerId: number, total = '49.90', extra: Record<string, unknown> = {}) => ({
  id,
  name: `#${id}`,
  customer: { id: customerId, email: `c${customerId}@example.com` },
  total_price: total,
  currency: 'USD',
  source_name: 'web',
  line_items: [{ product_id: 11, variant_id: 22, quantity: 1, price: total, title: 'Tea' }],
  created_at: '2026-02-01T10:00:00Z',
  ...extra,
});

describe('commerce platform ingestion', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  const customer = (id: number) => t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop));

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
  });
  afterAll(() => t.close());

  it('customers/create enrols the customer in the base tier', async () => {
    const res = await t
      .platform(shop, 'customers/create', {
        id: 301,
        email: 'Mary@Example.com',
        first_name: 'Mary',
        last_name: 'Jackson',
        accepts_marketing: true,
        created_at: '2025-12-01T00:00:00Z',
      })
      .expect(200);
    expect(expectSuccess(res.body)).toMatchObject({ topic: 'customers/create', duplicate: false, created: true });
    expect((await customer(301).expect(200)).body.data).toMatchObject({
      email: 'mary@example.com',
      firstName: 'Mary',
      lastName: 'Jackson',
      acceptsMarketing: true,
      tierName: 'Bronze',
      point: 0,
    });
  });

  it('a redelivered webhook id is answered 200 and does nothing', async () => {
    const webhookId = randomUUID();
    await t.platform(shop, 'customers/create', { id: 302, email: 'a@example.com' }, webhookId).expect(200);
    const again = await t
      .platform(shop, 'customers/update', { id: 302, email: 'changed@example.com' }, webhookId)
      .expect(200);
    expect(again.body.data).toMatchObject({ duplicate: true });
    expect((await customer(302).expect(200)).body.data.email).toBe('a@example.com');
  });

  it('customers/create twice (different webhook ids) still makes one customer', async () => {
    await t.platform(shop, 'customers/create', { id: 303, email: 'x@example.com' }).expect(200);
    const second = await t.platform(shop, 'customers/create', { id: 303, email: 'x@example.com' }).expect(200);
    expect(second.body.data).toMatchObject({ created: false });
    const list = await t
      .http()
      .get('/rest_api/v2/customers?email=x@example.com&hasCount=true')
      .set(auth(shop))
      .expect(200);
    expect(list.body.meta.pagination.total).toBe(1);
  });

  it('customers/update changes the profile, and enrols an unknown customer', async () => {
    await t.enrol(shop, 304, { first_name: 'Old' });
    await t
      .platform(shop, 'customers/update', {
        id: 304,
        email: 'c304@example.com',
        first_name: 'New',
        last_name: 'Name',
        accepts_marketing: true,
      })
      .expect(200);
    expect((await customer(304).expect(200)).body.data).toMatchObject({
      firstName: 'New',
      lastName: 'Name',
      acceptsMarketing: true,
    });
    await t.platform(shop, 'customers/update', { id: 305, email: 'late@example.com' }).expect(200);
    expect((await customer(305).expect(200)).body.data.email).toBe('late@example.com');
  });

  it('orders/paid counts the order once; cancellation and refunds reduce the amount spent', async () => {
    await t.enrol(shop, 306);
    await t.platform(shop, 'orders/paid', order(9001, 306, '49.90')).expect(200);
    await t.platform(shop, 'orders/paid', order(9001, 306, '49.90')).expect(200);
    await t.platform(shop, 'orders/paid', order(9002, 306, '100.05')).expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 2, totalSpent: 149.95 });
    await t
      .platform(shop, 'refunds/create', {
        id: 71,
        order_id: 9002,
        transactions: [{ kind: 'refund', status: 'success', amount: '20.05' }],
      })
      .expect(200);
    await t
      .platform(shop, 'refunds/create', {
        id: 71,
        order_id: 9002,
        transactions: [{ kind: 'refund', status: 'success', amount: '20.05' }],
      })
      .expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 2, totalSpent: 129.9 });
    await t.platform(shop, 'orders/cancelled', order(9001, 306, '49.90')).expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 1, totalSpent: 80 });
  });

  it('an order can arrive before its customer: the customer is enrolled from it', async () => {
    await t.platform(shop, 'orders/paid', order(9003, 307, '10.00')).expect(200);
    expect((await customer(307).expect(200)).body.data).toMatchObject({
      email: 'c307@example.com',
      ordersCount: 1,
      totalSpent: 10,
    });
  });

  it('guest orders and refunds of unknown orders are accepted and ignored', async () => {
    const guest = await t.platform(shop, 'orders/paid', { ...order(9004, 1), customer: null }).expect(200);
    expect(guest.body.data).toMatchObject({ ignored: 'guest order' });
    const refund = await t.platform(shop, 'refunds/create', { id: 72, order_id: 123456, transactions: [] }).expect(200);
    expect(refund.body.data).toMatchObject({ ignored: 'unknown order' });
  });

  it('a wrong or missing signature is 401 and does nothing', async () => {
    const raw = JSON.stringify({ id: 308, email: 'forged@example.com' });
    const send = (signature?: string) => {
      const req = t
        .http()
        .post('/platform/webhooks/customers/create')
        .set('Content-Type', 'application/json')
        .set('X-Platform-Shop-Domain', shop.domain)
        .set('X-Platform-Webhook-Id', randomUUID());
      return (signature ? req.set('X-Platform-Hmac-Sha256', signature) : req).send(raw);
    };
    expectError((await send(signPlatform(raw, 'wrong-secret')).expect(401)).body, 'UNAUTHORIZED', 401);
    await send().expect(401);
    await send('not base64 at all').expect(401);
    await customer(308).expect(404);
  });

  it('the signature covers the raw bytes: a re-serialised body does not pass', async () => {
    const raw = '{"id": 309,  "email":"spaced@example.com"}';
    const signature = signPlatform(JSON.stringify(JSON.parse(raw)));
    await t
      .http()
      .post('/platform/webhooks/customers/create')
      .set('Content-Type', 'application/json')
      .set('X-Platform-Shop-Domain', shop.domain)
      .set('X-Platform-Webhook-Id', randomUUID())
      .set('X-Platform-Hmac-Sha256', signature)
      .send(raw)
      .expect(401);
    await t
      .http()
      .post('/platform/webhooks/customers/create')
      .set('Content-Type', 'application/json')
      .set('X-Platform-Shop-Domain', shop.domain)
      .set('X-Platform-Webhook-Id', randomUUID())
      .set('X-Platform-Hmac-Sha256', signPlatform(raw))
      .send(raw)
      .expect(200);
  });

  it.each([
    ['customers/create', { email: 'no-id@example.com' }, 'id'],
    ['customers/create', { id: 'abc' }, 'id'],
    ['customers/create', { id: 310, accepts_marketing: 'yes' }, 'accepts_marketing'],
    ['orders/paid', { ...order(9005, 311), total_price: 'ten' }, 'total_price'],
    ['orders/paid', { ...order(9005, 311), line_items: [{ quantity: -1, price: '1.00' }] }, 'line_items[0].quantity'],
    ['orders/paid', { ...order(9005, 311), customer: { email: 'x@example.com' } }, 'customer.id'],
    ['refunds/create', { id: 73 }, 'order_id'],
  ])('%s with bad payload %j is 400 naming %s', async (topic, body, field) => {
    expect(expectError((await t.platform(shop, topic, body).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it('unknown topic 404, unknown shop 404, missing webhook id 400', async () => {
    await t.platform(shop, 'products/create', { id: 1 }).expect(404);
    await t.platform({ ...shop, domain: 'unknown.example.com' }, 'customers/create', { id: 1 }).expect(404);
    const raw = JSON.stringify({ id: 312 });
    await t
      .http()
      .post('/platform/webhooks/customers/create')
      .set('Content-Type', 'application/json')
      .set('X-Platform-Shop-Domain', shop.domain)
      .set('X-Platform-Hmac-Sha256', signPlatform(raw))
      .send(raw)
      .expect(400);
  });
});

describe('commerce platform ingestion without PLATFORM_WEBHOOK_SECRET', () => {
  it('answers 503', async () => {
    const t = await createTestApp({ env: { PLATFORM_WEBHOOK_SECRET: '' } });
    try {
      const shop = await t.shop();
      expectError((await t.platform(shop, 'customers/create', { id: 1 }).expect(503)).body, 'SERVICE_UNAVAILABLE', 503);
    } finally {
      await t.close();
    }
  });
});
