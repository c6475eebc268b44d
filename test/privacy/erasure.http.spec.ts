import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp, OPERATOR_TOKEN, expectError } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { signingKeyPem } from '../audit/signing-key';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { checkExport } from '../../src/audit/cli/check.cli';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { tablesHolding } from './support';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/**
 * customers/redact end to end: before it, every answer knows the customer; after it, the customer's
 * email, names, phone and birthday appear nowhere in the database (every table as text, the event log
 * included), in no v2 or audit answer, export or rebuilt read model, while the balance, the
 * transactions and the audit replay give the same figures; an export made before still checks.
 */
describe(`customers/redact (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let s: ShopClient;
  let auditKey: string;
  let publicKeyPem: string;
  let headlessToken: string;
  const dir = mkdtempSync(join(tmpdir(), 'privacy-'));
  const tag = randomUUID().slice(0, 8);
  const email = `erin.${tag}@example.com`;
  const firstName = `Erin${tag}`;
  const lastName = `Vale${tag}`;
  const phone = `+4477009${tag.replace(/\D/g, '').padEnd(5, '1').slice(0, 5)}`;
  const note = `called Erin at home ${tag}`;
  const ID = 9101;

  const operator = (path: string) =>
    t.http().get(`/admin/api/shops/${shop.shopId}${path}`).set('Authorization', `Bearer ${OPERATOR_TOKEN}`);
  const audit = (path: string) => t.http().get(`/rest_api/v2/audit${path}`).set('X-Svc-Loyalty-Audit-Key', auditKey);
  const exportLines = async () => (await audit('/export').expect(200)).text.trimEnd().split('\n');
  const check = async (lines: string[], name: string) => {
    const file = join(dir, name);
    writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
    return checkExport(file, createPublicKey(publicKeyPem));
  };
  const figures = async (customerId: string) => {
    const record = (await s.get(`/customers/external/${ID}`).expect(200)).body.data;
    const rows = (await s.transactions(`customerId=${customerId}`).expect(200)).body.data;
    const state = (await audit(`/customers/${customerId}/state`).expect(200)).body.data;
    return {
      point: record.point,
      tierPoint: record.tierPoint,
      rows: rows.map((r: any) => [r.id, r.oldPoint, r.newPoint, r.earnPoint, r.spendPoint]),
      replay: [state.balance, state.tierPoint, state.earnedTotal],
    };
  };
  const platformSignup = (id: number, mail: string) =>
    s.platform('customers/create', {
      id,
      email: mail,
      first_name: firstName,
      last_name: lastName,
      phone,
      accepts_marketing: true,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { AUDIT_SIGNING_KEY: signingKeyPem(), WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    shop = await t.shop();
    s = shopClient(t, shop);
    await s.subscribe('points/earned', 'http://127.0.0.1:9/hook');
    await platformSignup(ID, email).expect(200);
    await s.award(ID, 120, { adminNote: note });
    await s.put(`/customers/external/${ID}`, { birthday: '05/17' }).expect(200);
    await s
      .platform('orders/paid', {
        id: 77001,
        name: '#77001',
        customer: { id: ID, email, first_name: firstName },
        total_price: '20.00',
        currency: 'USD',
        line_items: [],
        shipping_address: { name: `${firstName} ${lastName}`, address1: `1 ${lastName} Road` },
      })
      .expect(200);
    await s.deduct(ID, 20);
    auditKey = (
      await t
        .http()
        .post(`/admin/api/shops/${shop.shopId}/audit-keys`)
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .send({ label: 'auditor' })
        .expect(201)
    ).body.data.key;
    publicKeyPem = (await t.http().get('/audit/public-key').expect(200)).text;
    headlessToken = await tokenFor(t, shop, ID, email);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps personal fields sealed in the log even before any erasure', async () => {
    const found = await tablesHolding(t.store.storage.sql, email);
    expect(found).not.toContain('es_events');
    expect(found).toContain('rs_customers_v4');
  });

  it('answers a data request (v2) with every field the service keeps, and keeps it for the operator', async () => {
    const res = await s.post(`/privacy/customers/external/${ID}/data-request`, { requestId: `dr-${tag}` }).expect(200);
    const doc = res.body.data.document;
    expect(doc).toMatchObject({
      format: 'loyalty-customer-data/1',
      platformCustomerId: ID,
      profile: { email, firstName, lastName, phone, birthday: '05/17', tags: [], membership: 'member' },
      consents: { acceptsMarketing: true },
      balance: { points: 100 },
      submissions: [],
      uploads: [],
    });
    expect(doc.transactions.map((r: any) => r.earnPoint + r.spendPoint).sort()).toEqual([120, 20].sort());
    expect(doc.transactions.find((r: any) => r.earnPoint === 120).adminNote).toBe(note);
    expect(JSON.stringify(doc.orders)).toContain(`1 ${lastName} Road`);
    // Every personal value of every event of the customer's stream is in the document's history.
    const history = JSON.stringify(doc.history);
    for (const value of [email, firstName, lastName, phone, note, '05/17']) expect(history).toContain(value);
    const kept = await operator(`/privacy/requests/dr-${tag}/document`).expect(200);
    expect(kept.body.data).toEqual(doc);
    const again = await s.post(`/privacy/customers/external/${ID}/data-request`, { requestId: `dr-${tag}` });
    expect(again.body.data).toMatchObject({ duplicate: true, document: doc });
  });

  it('customers/redact erases every trace of the personal data; the figures stay; the old export still checks', async () => {
    const customerId = (await s.customer(ID)).id;
    const before = await figures(customerId);
    const exportBefore = await exportLines();
    expect(exportBefore.join('\n')).toContain(email);

    const redact = await s
      .platform('customers/redact', { shop_id: 1, customer: { id: ID, email, phone }, orders_to_redact: [77001] })
      .expect(200);
    expect(redact.body.data).toMatchObject({ topic: 'customers/redact', customerId, erasedCustomers: 1 });
    const repeat = await s.platform('customers/redact', { customer: { id: ID } }).expect(200);
    expect(repeat.body.data).toMatchObject({ erasedCustomers: 0 });

    expect(await figures(customerId)).toEqual(before);

    // Later platform events do not bring the data back; points keep flowing to the anonymised customer,
    // and the webhooks about them carry nothing personal.
    await s.platform('customers/update', { id: ID, email, first_name: firstName, phone }).expect(200);
    await s.award(ID, 5, { adminNote: note });
    await s.deduct(ID, 5);
    const after = await figures(customerId);
    expect(after.rows.slice(-before.rows.length)).toEqual(before.rows);
    const record = (await s.get(`/customers/external/${ID}`).expect(200)).body.data;
    expect(record).toMatchObject({ email: null, firstName: null, lastName: null, birthday: null, point: 100 });

    expect(await check(exportBefore, 'before.ndjson')).toMatchObject({ ok: true });
    const exportAfter = await exportLines();
    expect(await check(exportAfter, 'after.ndjson')).toMatchObject({ ok: true });

    // The storefront session ended with the erasure (see erasure-sessions.http.spec.ts): nothing it sends is kept.
    await t.http().get(`${HEADLESS}/customer`).set(bearer(headlessToken)).expect(401);
    await t
      .http()
      .patch(`${HEADLESS}/customer/profile`)
      .set(bearer(headlessToken))
      .send({ phone: '+15550009999', birthday: '01/02' })
      .expect(401);
    expect(await tablesHolding(t.store.storage.sql, '5550009999')).toEqual([]);
    expect((await s.customer(ID)).birthday).toBeNull();

    const answers = [
      exportAfter.join('\n'),
      JSON.stringify((await s.get(`/customers?limit=50`).expect(200)).body),
      JSON.stringify((await s.transactions(`customerId=${customerId}`).expect(200)).body),
      JSON.stringify((await audit(`/customers/${customerId}/events`).expect(200)).body),
      JSON.stringify((await audit(`/customers/${customerId}/state`).expect(200)).body),
      JSON.stringify((await s.get(`/customers/${customerId}`).expect(200)).body),
    ];
    for (const value of [email, firstName, lastName, note, phone]) {
      for (const answer of answers) expect(answer).not.toContain(value);
      expect(await tablesHolding(t.store.storage.sql, value)).toEqual([]);
    }
    const list = (await s.get(`/customers?email=${encodeURIComponent(email)}`).expect(200)).body.data;
    expect(list).toEqual([]);
    // The kept data-request document is personal data too: gone.
    expectError((await operator(`/privacy/requests/dr-${tag}/document`).expect(404)).body, 'NOT_FOUND', 404);

    // Read models rebuilt from the log after the erasure carry nothing personal, and the same figures.
    await t.app.get(ProjectionRunner).rebuild();
    expect(await figures(customerId)).toEqual(after);
    for (const value of [email, firstName, lastName, note])
      expect(await tablesHolding(t.store.storage.sql, value)).toEqual([]);
  });

  it('lists the requests for the merchant and the operator: what was erased, and when', async () => {
    const customerId = (await s.customer(ID)).id;
    const listed = (await operator('/privacy/requests').expect(200)).body.data;
    const redact = listed.find((r: any) => r.kind === 'customers/redact' && r.erasedCustomerIds.length === 1);
    expect(redact).toMatchObject({
      shopId: shop.shopId,
      customerId,
      platformCustomerId: ID,
      source: 'platform',
      receivedAt: expect.any(String),
      completedAt: expect.any(String),
      erasedCustomerIds: [customerId],
    });
    expect(listed.map((r: any) => r.kind)).toContain('customers/data_request');
    const merchant = (await s.get('/privacy/requests').expect(200)).body.data;
    expect(merchant).toEqual(listed);
  });

  it('documents the privacy endpoints and the compliance topics in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs/json').expect(200)).body;
    expect(doc.paths['/rest_api/v2/privacy/customers/external/{platformCustomerId}/data-request'].post).toBeDefined();
    expect(doc.paths['/rest_api/v2/privacy/requests'].get).toBeDefined();
    expect(doc.paths['/admin/api/shops/{shopId}/privacy/requests'].get).toBeDefined();
    const tag = doc.tags.find((x: { name: string }) => x.name === 'v2 privacy');
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact'])
      expect(tag.description).toContain(topic);
  });

  it('a data request for an unknown shop customer id answers 404 when the id is malformed', async () => {
    expectError((await s.post('/privacy/customers/external/abc/data-request', {}).expect(404)).body, 'NOT_FOUND', 404);
  });
});
