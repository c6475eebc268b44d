import { randomUUID } from 'node:crypto';
import { signPlatform } from '../support/test-app';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { orderCustomer, platformOrder } from '../support/platform-orders';
import { HEADLESS, hmacGrant } from '../headless/headless-support';

const order = (id: number, customerId: number, total = '49.90', extra: Record<string, unknown> = {}) =>
  platformOrder(id, orderCustomer(customerId), total, {
    source_name: 'web',
    line_items: [{ product_id: 11, variant_id: 22, quantity: 1, price: total, title: 'Tea' }],
    created_at: '2026-02-01T10:00:00Z',
    ...extra,
  });

describe('commerce platform ingestion', () => {
  const s = scenario();
  const customer = (id: number) => s.get(`/customers/external/${id}`);

  it('customers/create enrols the customer in the base tier', async () => {
    const res = await s
      .platform('customers/create', {
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
    await s.platform('customers/create', { id: 302, email: 'a@example.com' }, webhookId).expect(200);
    const again = await s
      .platform('customers/update', { id: 302, email: 'changed@example.com' }, webhookId)
      .expect(200);
    expect(again.body.data).toMatchObject({ duplicate: true });
    expect((await customer(302).expect(200)).body.data.email).toBe('a@example.com');
  });

  it('customers/create twice (different webhook ids) still makes one customer', async () => {
    await s.platform('customers/create', { id: 303, email: 'x@example.com' }).expect(200);
    const second = await s.platform('customers/create', { id: 303, email: 'x@example.com' }).expect(200);
    expect(second.body.data).toMatchObject({ created: false });
    const list = await s.get('/customers?email=x@example.com&hasCount=true').expect(200);
    expect(list.body.meta.pagination.total).toBe(1);
  });

  it('customers/update changes the profile, and enrols an unknown customer', async () => {
    await s.enrol(304, { first_name: 'Old' });
    await s
      .platform('customers/update', {
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
    await s.platform('customers/update', { id: 305, email: 'late@example.com' }).expect(200);
    expect((await customer(305).expect(200)).body.data.email).toBe('late@example.com');
  });

  describe('customers/update changes only the fields its payload carries', () => {
    const eventTypes = async (id: number) =>
      (await s.get(`/audit/customers/${id}/events`).expect(200)).body.data.map((e: { type: string }) => e.type);
    const created = (id: number) =>
      s
        .platform('customers/create', { id, email: 'keep.me@example.com', first_name: 'Keep', last_name: 'Me' })
        .expect(200);

    it('an id-only update keeps the profile and appends nothing; the shopper still gets a token', async () => {
      await created(88001234);
      const before = await eventTypes(88001234);
      await s.platform('customers/update', { id: 88001234 }).expect(200);
      expect(await customer(88001234).expect(200)).toMatchObject({
        body: { data: { email: 'keep.me@example.com', firstName: 'Keep', lastName: 'Me', acceptsMarketing: false } },
      });
      expect(await eventTypes(88001234)).toEqual(before);
      await s.t
        .http()
        .post(`${HEADLESS}/auth/token`)
        .send(hmacGrant(s.shop, 88001234, 'keep.me@example.com'))
        .expect(200);
    });

    it('an update that repeats the record appends nothing; one real change is recorded alone', async () => {
      await created(88001235);
      const before = await eventTypes(88001235);
      await s.platform('customers/update', { id: 88001235, email: 'KEEP.ME@example.com', first_name: 'Keep' });
      expect(await eventTypes(88001235)).toEqual(before);
      await s.platform('customers/update', { id: 88001235, last_name: 'Mine' }).expect(200);
      const events = (await s.get(`/audit/customers/88001235/events`).expect(200)).body.data;
      expect(events.map((e: { type: string }) => e.type)).toEqual([...before, 'customer.profile-updated.v1']);
      expect(events.at(-1).data.changes).toEqual({ lastName: 'Mine' });
      expect((await customer(88001235).expect(200)).body.data).toMatchObject({
        email: 'keep.me@example.com',
        firstName: 'Keep',
        lastName: 'Mine',
      });
    });

    it('an explicit null clears the email and the names; accepts_marketing null leaves it as it was', async () => {
      await s.platform('customers/create', { id: 88001236, email: 'gone@example.com', accepts_marketing: true });
      await s
        .platform('customers/update', { id: 88001236, email: null, first_name: null, accepts_marketing: null })
        .expect(200);
      expect((await customer(88001236).expect(200)).body.data).toMatchObject({
        email: null,
        firstName: null,
        acceptsMarketing: true,
      });
    });
  });

  it("v2 acceptsMarketing follows the platform's email consent, as the headless marketingConsent does", async () => {
    await s
      .platform('customers/create', {
        id: 88001240,
        email: 'consent@example.com',
        accepts_marketing: false,
        email_marketing_consent: { state: 'subscribed' },
      })
      .expect(200);
    expect((await customer(88001240).expect(200)).body.data.acceptsMarketing).toBe(true);
    const token = (
      await s.t
        .http()
        .post(`${HEADLESS}/auth/token`)
        .send(hmacGrant(s.shop, 88001240, 'consent@example.com'))
        .expect(200)
    ).body.data.token;
    const me = await s.t.http().get(`${HEADLESS}/customer`).set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body.data.marketingConsent).toBe(true);
    await s
      .platform('customers/update', { id: 88001240, email_marketing_consent: { state: 'unsubscribed' } })
      .expect(200);
    expect((await customer(88001240).expect(200)).body.data.acceptsMarketing).toBe(false);
  });

  it('orders/paid counts the order once; cancellation and refunds reduce the amount spent', async () => {
    await s.enrol(306);
    await s.platform('orders/paid', order(9001, 306, '49.90')).expect(200);
    await s.platform('orders/paid', order(9001, 306, '49.90')).expect(200);
    await s.platform('orders/paid', order(9002, 306, '100.05')).expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 2, totalSpent: 149.95 });
    await s.refund(71, 9002, '20.05').expect(200);
    await s.refund(71, 9002, '20.05').expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 2, totalSpent: 129.9 });
    await s.platform('orders/cancelled', order(9001, 306, '49.90')).expect(200);
    expect((await customer(306).expect(200)).body.data).toMatchObject({ ordersCount: 1, totalSpent: 80 });
  });

  it('an order can arrive before its customer: the customer is enrolled from it', async () => {
    await s.platform('orders/paid', order(9003, 307, '10.00')).expect(200);
    expect((await customer(307).expect(200)).body.data).toMatchObject({
      email: 'c307@example.com',
      ordersCount: 1,
      totalSpent: 10,
    });
  });

  it('guest orders and refunds of unknown orders are accepted and ignored', async () => {
    const guest = await s.platform('orders/paid', { ...order(9004, 1), customer: null }).expect(200);
    expect(guest.body.data).toMatchObject({ ignored: 'guest order' });
    const refund = await s.platform('refunds/create', { id: 72, order_id: 123456, transactions: [] }).expect(200);
    expect(refund.body.data).toMatchObject({ ignored: 'unknown order' });
  });

  it('a wrong or missing signature is 401 and does nothing', async () => {
    const raw = JSON.stringify({ id: 308, email: 'forged@example.com' });
    const send = (signature?: string) => s.rawPlatform('customers/create', raw, { signature: signature ?? null });
    expectError((await send(signPlatform(raw, 'wrong-secret')).expect(401)).body, 'UNAUTHORIZED', 401);
    await send().expect(401);
    await send('not base64 at all').expect(401);
    await customer(308).expect(404);
  });

  it('the signature covers the raw bytes: a re-serialised body does not pass', async () => {
    const raw = '{"id": 309,  "email":"spaced@example.com"}';
    const signature = signPlatform(JSON.stringify(JSON.parse(raw)));
    await s.rawPlatform('customers/create', raw, { signature }).expect(401);
    await s.rawPlatform('customers/create', raw).expect(200);
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
    expect(expectError((await s.platform(topic, body).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it('unknown topic 404, unknown shop 404, missing webhook id 400', async () => {
    await s.platform('products/create', { id: 1 }).expect(404);
    await s.t.platform({ ...s.shop, domain: 'unknown.example.com' }, 'customers/create', { id: 1 }).expect(404);
    await s.rawPlatform('customers/create', JSON.stringify({ id: 312 }), { webhookId: null }).expect(400);
  });
});

describe('commerce platform ingestion without PLATFORM_WEBHOOK_SECRET', () => {
  const s = scenario({ env: { PLATFORM_WEBHOOK_SECRET: '' } });

  it('answers 503', async () => {
    expectError((await s.platform('customers/create', { id: 1 }).expect(503)).body, 'SERVICE_UNAVAILABLE', 503);
  });
});
