import { CommandBus } from '@nestjs/cqrs';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { CreateAuditKeyCommand } from '../../src/audit/commands/create-audit-key.handler';
import { auth, createTestApp, expectError, expectSuccess, TestApp } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { startReceiver, waitUntil } from '../support/receiver';
import { defaultStoreKind } from '../support/stores';
import request from 'supertest';
import { consoleCall, cookieOf, SeededShop, seedShop, signIn } from './console-support';

const ORIGIN = 'https://loyalty.example.com';
const FOREIGN = 'https://evil.example.com';

/** Time moves when a test says so: the console's idle expiry is checked against it. */
const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };

/**
 * The console's private API (/console/api/): sessions (cookie attributes, sign-out, idle expiry,
 * the failed-sign-in throttle), the Origin check, read-only audit sessions, and every page's
 * endpoint answering what the management API answers for the session's shop.
 */
describe('console API', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let client: ShopClient;
  let seeded: SeededShop;
  let cookie: string;
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, as = cookie) =>
    consoleCall(t, ORIGIN, as, method, path);

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { PUBLIC_URL: ORIGIN, AUTH_FAILURE_QUOTA_KEY: '3/60', WEBHOOK_ALLOW_LOOPBACK: 'true' },
    });
    shop = await t.shop();
    client = shopClient(t, shop);
    seeded = await seedShop(t, shop);
    cookie = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
  });
  afterAll(() => t?.close());

  describe('sessions', () => {
    it('signs in with the shop keys: a HttpOnly, SameSite=Strict, Secure session cookie on /console', async () => {
      const res = await signIn(t, ORIGIN, shop).expect(200);
      expect(expectSuccess(res.body)).toEqual({ shopId: shop.shopId, role: 'merchant' });
      const [set] = ([] as string[]).concat(res.headers['set-cookie']);
      expect(set).toMatch(/^loyalty_console=[A-Za-z0-9_-]{43};/);
      // No Max-Age nor Expires: the server ends an idle session, the browser keeps the cookie till it closes.
      expect(set.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/console', 'SameSite=Strict', 'Secure']);
      expect(res.headers['cache-control']).toBe('no-store');
      // The cookie holds a random token, never a key.
      expect(set).not.toContain(shop.appKey);
      expect(set).not.toContain(shop.secretKey);
    });

    it('answers who is signed in', async () => {
      expect(expectSuccess((await call('get', 'session').expect(200)).body)).toEqual({
        role: 'merchant',
        shop: { id: shop.shopId, domain: shop.domain, currency: 'USD', timezone: 'UTC' },
      });
    });

    it('refuses wrong or missing keys 401 "Those keys are not valid", with no cookie', async () => {
      for (const keys of [{ ...shop, secretKey: 'wrong' }, { auditKey: 'audit_nope' }]) {
        const res = await signIn(t, ORIGIN, keys).expect(401);
        expect(expectError(res.body, 'UNAUTHORIZED', 401).message).toBe('Those keys are not valid');
        expect(cookieOf(res)).toBeNull();
      }
      await t.http().post('/console/api/session').set('Origin', ORIGIN).expect(401);
    });

    it('throttles failed sign-ins like the API: past the key quota, 429 with Retry-After', async () => {
      const wrong = { ...shop, appKey: 'throttled-app-key', secretKey: 'wrong' };
      for (let i = 0; i < 3; i++) await signIn(t, ORIGIN, wrong).expect(401);
      const res = await signIn(t, ORIGIN, wrong).expect(429);
      expectError(res.body, 'TOO_MANY_REQUESTS', 429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The right keys are never refused.
      await signIn(t, ORIGIN, shop).expect(200);
    });

    it('refuses a sign-in from another origin, or with none, 403', async () => {
      expectError((await signIn(t, FOREIGN, shop).expect(403)).body, 'FORBIDDEN', 403);
      const res = await t.http().post('/console/api/session').set(auth(shop)).expect(403);
      expect(cookieOf(res)).toBeNull();
    });

    it('refuses a request without a session, or with an unknown one, 401', async () => {
      await t.http().get('/console/api/session').expect(401);
      expectError((await call('get', 'session', 'loyalty_console=forged').expect(401)).body, 'UNAUTHORIZED', 401);
      // The management API's keys are not a console session.
      await t.http().get('/console/api/overview').set(auth(shop)).expect(401);
    });

    it('signing in again ends the session the browser had', async () => {
      const first = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
      const second = cookieOf(await signIn(t, ORIGIN, shop).set('Cookie', first).expect(200))!;
      await call('get', 'session', first).expect(401);
      await call('get', 'session', second).expect(200);
    });

    it('signs out: the cookie is cleared and refused from then on', async () => {
      const mine = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
      const res = await call('delete', 'session', mine).expect(200);
      expect(([] as string[]).concat(res.headers['set-cookie'])[0]).toMatch(/^loyalty_console=;.*Path=\/console/);
      await call('get', 'session', mine).expect(401);
      await call('get', 'overview', mine).expect(401);
    });

    // Two processes share the sessions (PostgreSQL; the embedded store has one process).
    (defaultStoreKind() === 'postgres' ? it : it.skip)(
      'a session started on one process works on another, and signing out there ends it on both',
      async () => {
        const other = await t.secondInstance();
        const there = (method: 'get' | 'delete', path: string, as: string) => {
          const sent = request(other.getHttpServer())[method](`/console/api/${path}`).set('Cookie', as);
          return method === 'get' ? sent : sent.set('Origin', ORIGIN);
        };
        const mine = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
        await there('get', 'session', mine).expect(200);
        await there('delete', 'session', mine).expect(200);
        await call('get', 'session', mine).expect(401);
      },
    );

    it('ends a session idle for 30 minutes; a session in use stays', async () => {
      const idle = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
      const used = cookieOf(await signIn(t, ORIGIN, shop).expect(200))!;
      try {
        clock.offsetMs = 20 * 60_000;
        await call('get', 'session', used).expect(200);
        clock.offsetMs = 31 * 60_000;
        await call('get', 'session', idle).expect(401);
        await call('get', 'session', used).expect(200);
      } finally {
        clock.offsetMs = 0;
      }
    });
  });

  describe('changes from another origin', () => {
    it('are refused 403 even with a valid session cookie, and nothing changes', async () => {
      const before = await client.balance(5001);
      const res = await t
        .http()
        .post('/console/api/customers/points/adjust')
        .set('Cookie', cookie)
        .set('Origin', FOREIGN)
        .send({ platformCustomerId: '5001', point: 50, reason: 'forged' })
        .expect(403);
      expectError(res.body, 'FORBIDDEN', 403);
      await t
        .http()
        .post('/console/api/customers/points/adjust')
        .set('Cookie', cookie)
        .send({ platformCustomerId: '5001', point: 50, reason: 'no origin' })
        .expect(403);
      expect(await client.balance(5001)).toBe(before);
    });
  });

  describe('pages', () => {
    it('overview: members, points this month, pending submissions, failing webhooks', async () => {
      expect(expectSuccess((await call('get', 'overview').expect(200)).body)).toEqual({
        members: 2,
        pointsIssuedThisMonth: 750,
        pointsRedeemedThisMonth: 0,
        pendingSubmissions: 2,
        failingWebhooks: 0,
      });
    });

    it('customers: search by platform id, email, internal id or name, and the newest first without one', async () => {
      const [byPlatform] = expectSuccess((await call('get', 'customers?q=5001').expect(200)).body);
      expect(byPlatform).toMatchObject({ platformCustomerId: 5001, email: 'ada@example.com', point: 600 });
      const byEmail = expectSuccess((await call('get', 'customers?q=grace@example.com').expect(200)).body);
      expect(byEmail.map((c: any) => c.platformCustomerId)).toEqual([5002]);
      const [byId] = expectSuccess((await call('get', `customers?q=${byPlatform.id}`).expect(200)).body);
      expect(byId.id).toBe(byPlatform.id);
      const all = expectSuccess((await call('get', 'customers').expect(200)).body);
      expect(all.map((c: any) => c.platformCustomerId).sort()).toEqual([5001, 5002]);
      expectError((await call('get', 'customers?q=99999').expect(404)).body, 'NOT_FOUND', 404);
      const byName = (q: string) =>
        call('get', `customers?q=${encodeURIComponent(q)}`)
          .expect(200)
          .then((res) => expectSuccess(res.body).map((c: any) => c.platformCustomerId));
      expect(await byName('Ada Lovelace')).toEqual([5001]);
      expect(await byName('hopper')).toEqual([5002]);
      expect(await byName('Nobody')).toEqual([]);
    });

    it('customers: a record, its history (the audit replay, paged) and its state', async () => {
      const [ada] = expectSuccess((await call('get', 'customers?q=5001').expect(200)).body);
      expect(expectSuccess((await call('get', `customers/${ada.id}`).expect(200)).body)).toMatchObject({
        id: ada.id,
        point: 600,
      });
      const page = (await call('get', `customers/${ada.id}/history?limit=2`).expect(200)).body;
      expect(page.data).toHaveLength(2);
      expect(page.meta.pagination).toMatchObject({ hasNext: true });
      const state = expectSuccess((await call('get', `customers/${ada.id}/state`).expect(200)).body);
      expect(state).toMatchObject({ balance: 600 });
    });

    it('customers: adjusting points pays once per Idempotency-Key and answers the new balance', async () => {
      const adjust = () =>
        call('post', 'customers/points/adjust')
          .set('Idempotency-Key', 'console-test-1')
          .send({ platformCustomerId: '5002', point: -50, reason: 'goodwill correction' });
      const first = (await adjust().expect(200)).body;
      expect(first.meta).toMatchObject({ oldPoint: 150, newPoint: 100 });
      const again = await adjust().expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await client.balance(5002)).toBe(100);
      const invalid = await call('post', 'customers/points/adjust').send({ platformCustomerId: '5002', point: 'x' });
      expect(expectError(invalid.body, 'BAD_REQUEST', 400).field).toBe('point');
    });

    it('moderation: pending submissions with their images; approve pays, reject keeps the reason', async () => {
      const pending = expectSuccess((await call('get', 'submissions?status=pending').expect(200)).body);
      expect(pending.map((s: any) => s.id).sort()).toEqual([seeded.pending.ada, seeded.pending.grace].sort());
      expect(pending[0].imageUrls).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/uploads/`))]);
      const before = await client.balance(5001);
      await call('post', `submissions/${seeded.pending.ada}/approve`).send({}).expect(200);
      expect(await client.balance(5001)).toBe(before + 30);
      const rejected = await call('post', `submissions/${seeded.pending.grace}/reject`)
        .send({ reason: 'The receipt is unreadable' })
        .expect(200);
      expect(expectSuccess(rejected.body)).toMatchObject({ status: 'rejected', reason: 'The receipt is unreadable' });
      expectError(
        (await call('post', `submissions/${seeded.pending.ada}/approve`).send({}).expect(409)).body,
        'ALREADY_DECIDED',
        409,
      );
      expect(expectSuccess((await call('get', 'submissions?status=pending').expect(200)).body)).toEqual([]);
    });

    it("programs: the kinds' forms, lists, create (the API's errors), disable", async () => {
      const kinds = expectSuccess((await call('get', 'programs/kinds').expect(200)).body);
      expect(kinds.find((k: any) => k.name === 'amount_discount')).toMatchObject({
        family: 'spending',
        fields: expect.arrayContaining([expect.objectContaining({ path: 'spending.pointsCost', required: true })]),
      });
      expect(kinds.find((k: any) => k.name === 'submit_form').fields.map((f: any) => f.path)).toContain(
        'form.autoApprove',
      );
      const created = expectSuccess(
        (
          await call('post', 'programs')
            .send({ type: 'earning', event: 'sign_up', title: 'Welcome', earnPoint: 100 })
            .expect(201)
        ).body,
      );
      expect(created).toMatchObject({ title: 'Welcome', status: true });
      const bad = await call('post', 'programs')
        .send({ type: 'earning', event: 'no_such_kind', title: 'x' })
        .expect(400);
      expect(bad.body.success).toBe(false);
      const disabled = expectSuccess(
        (await call('put', `programs/${created.id}`).send({ status: false }).expect(200)).body,
      );
      expect(disabled.status).toBe(false);
      const earning = expectSuccess((await call('get', 'programs/earning').expect(200)).body);
      expect(earning.map((p: any) => p.title).sort()).toEqual(['Send us your receipt', 'Welcome']);
      await client.spending('amount_discount', '$5 off', { pointsCost: 500, rewardValue: 5 });
      const spending = expectSuccess((await call('get', 'programs/spending').expect(200)).body);
      expect(spending.map((p: any) => p.title)).toEqual(['$5 off']);
    });

    it('tiers: list, create, edit', async () => {
      const gold = expectSuccess(
        (await call('post', 'tiers').send({ name: 'Gold', targetPoint: 5000 }).expect(201)).body,
      );
      await call('put', `tiers/${gold.id}`).send({ name: 'Gold+' }).expect(200);
      const tiers = expectSuccess((await call('get', 'tiers').expect(200)).body);
      expect(tiers.map((tier: any) => tier.name)).toEqual(expect.arrayContaining(['Silver', 'Gold+']));
      expectError(
        (await call('post', 'tiers').send({ name: 'Silver', targetPoint: 7000 }).expect(409)).body,
        'TIER_NAME_TAKEN',
        409,
      );
    });

    it('webhooks: subscriptions with health, deliveries with attempts, redeliver', async () => {
      const receiver = await startReceiver();
      try {
        const webhookId = await client.subscribe('points/earned', receiver.url('/hook'));
        await client.award(5001, 5);
        await waitUntil(() => receiver.received.length === 1, 10_000, 'first delivery');
        const [hook] = (await call('get', 'webhooks').expect(200)).body.webhooks;
        expect(hook).toMatchObject({ id: webhookId, status: 'active', consecutiveFailures: 0 });
        let delivery: any;
        await waitUntil(
          async () => {
            [delivery] = (await call('get', `webhooks/${webhookId}/deliveries`).expect(200)).body.deliveries;
            return delivery?.status === 'delivered';
          },
          10_000,
          'the delivery recorded',
        );
        const res = await call('post', `webhooks/${webhookId}/deliveries/${delivery.id}/redeliver`).expect(200);
        expect(res.body.delivery).toMatchObject({ id: delivery.id, lastAttempt: { statusCode: 200 } });
        expect(receiver.received).toHaveLength(2);
        await call('post', `webhooks/${webhookId}/deliveries/00000000-0000-0000-0000-000000000000/redeliver`).expect(
          404,
        );
      } finally {
        await receiver.close();
      }
    });

    it('liability: the roll-forward of the year to date, as JSON or CSV', async () => {
      const answer = expectSuccess((await call('get', 'liability?interval=month').expect(200)).body);
      const month = answer.periods[answer.periods.length - 1];
      expect(month.issued.total).toBeGreaterThanOrEqual(750);
      const csv = await call('get', 'liability?format=csv').expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.text.split('\n')[0]).toContain('opening');
      await call('get', 'liability?interval=year').expect(400);
    });

    it('settings: storefront origins, earning limit and membership read and written; chat and wallet read', async () => {
      await call('put', 'settings/storefront')
        .send({ allowedOrigins: ['https://shop.example.com'] })
        .expect(200);
      expect(expectSuccess((await call('get', 'settings/storefront').expect(200)).body)).toMatchObject({
        allowedOrigins: ['https://shop.example.com'],
      });
      for (const name of ['earning-limit', 'membership', 'chat', 'wallet-passes'])
        expectSuccess((await call('get', `settings/${name}`).expect(200)).body);
      await call('put', 'settings/storefront')
        .send({ allowedOrigins: ['not a url'] })
        .expect(400);
    });

    it('audit keys: create (shown once), list, revoke', async () => {
      const created = expectSuccess(
        (await call('post', 'audit-keys').send({ label: 'Year-end audit' }).expect(201)).body,
      );
      expect(created.key).toMatch(/^audit_/);
      const listed = expectSuccess((await call('get', 'audit-keys').expect(200)).body);
      expect(listed).toEqual([expect.objectContaining({ id: created.id, label: 'Year-end audit', active: true })]);
      expect(JSON.stringify(listed)).not.toContain(created.key);
      await call('delete', `audit-keys/${created.id}`).expect(200);
      expect(expectSuccess((await call('get', 'audit-keys').expect(200)).body)[0].active).toBe(false);
      await call('delete', 'audit-keys/00000000-0000-0000-0000-000000000000').expect(404);
    });
  });

  describe('an audit session', () => {
    let auditCookie: string;
    let keyId: string;

    beforeAll(async () => {
      const key = await t.app.get(CommandBus).execute(new CreateAuditKeyCommand(shop.shopId, 'auditor'));
      keyId = key.id;
      const res = await signIn(t, ORIGIN, { auditKey: key.key }).expect(200);
      expect(expectSuccess(res.body)).toEqual({ shopId: shop.shopId, role: 'audit' });
      auditCookie = cookieOf(res)!;
    });

    it('reads every page', async () => {
      for (const path of [
        'session',
        'overview',
        'customers',
        'submissions',
        'programs/earning',
        'tiers',
        'webhooks',
        'liability',
        'settings/storefront',
        'audit-keys',
      ])
        await call('get', path, auditCookie).expect(200);
    });

    it('is refused every write 403, and nothing changes', async () => {
      const before = await client.balance(5001);
      const writes: Array<['post' | 'put' | 'delete', string, object]> = [
        ['post', 'customers/points/adjust', { platformCustomerId: '5001', point: 10 }],
        ['post', `submissions/${seeded.pending.ada}/approve`, {}],
        ['post', 'programs', { type: 'earning', event: 'sign_up', title: 'x' }],
        ['post', 'tiers', { name: 'Bronze', targetPoint: 10 }],
        ['put', 'settings/storefront', { allowedOrigins: [] }],
        ['post', 'audit-keys', {}],
        ['delete', `audit-keys/${keyId}`, {}],
      ];
      for (const [method, path, body] of writes)
        expectError((await call(method, path, auditCookie).send(body).expect(403)).body, 'FORBIDDEN', 403);
      expect(await client.balance(5001)).toBe(before);
    });

    it('ends when its key is revoked', async () => {
      await call('delete', `audit-keys/${keyId}`).expect(200);
      await call('get', 'session', auditCookie).expect(401);
    });
  });
});
