import { createHmac, timingSafeEqual } from 'node:crypto';
import { auth, caughtUp, createTestApp } from '../support/test-app';
import { scenario, shopClient } from '../support/scenario';
import { startReceiver, waitUntil, withReceiver, Received } from '../support/receiver';
import { defaultStoreKind } from '../support/stores';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker';
import { WebhookProjector } from '../../src/webhooks/delivery/webhook-projector';
import { CommandBus } from '@nestjs/cqrs';
import { RotateShopSecretCommand } from '../../src/shops/commands/rotate-shop-secret.handler';

/** Time is shortened by configuration: retries 50 ms apart growing x1.5, probes 200 ms apart at most, leases of 500 ms. */
const FAST = {
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_POLL_MS: '20',
  WEBHOOK_BACKOFF_BASE_MS: '50',
  WEBHOOK_BACKOFF_FACTOR: '1.5',
  WEBHOOK_MAX_ATTEMPTS: '30',
  WEBHOOK_LEASE_MS: '500',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_PROBE_MAX_MS: '200',
  PROJECTION_POLL_MS: '20',
};

/** What a merchant's receiver does: recompute the HMAC over the raw bytes, compare in constant time. */
function verified(r: Received, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(r.raw).digest();
  const given = Buffer.from(String(r.headers['x-svc-loyalty-hmac-sha256'] ?? ''), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe(`webhook deliveries (${defaultStoreKind()})`, () => {
  const s = scenario({ env: FAST });

  beforeAll(async () => {
    await s.tier({ name: 'Silver', targetPoint: 100 });
  });

  it('sends signed points/earned and tier/upgraded deliveries after v2 awards', async () => {
    await withReceiver(async (receiver) => {
      await s.subscribe('points/earned', receiver.url('/earned'));
      await s.subscribe('tier/upgraded', receiver.url('/tier'));
      await s.enrol(4001, { email: 'hooked@example.com' });
      await s.award(4001, 60);
      await s.award(4001, 50);
      await waitUntil(() => receiver.received.length >= 3, 10_000, 'three deliveries');
      expect(receiver.received.every((r) => verified(r, s.shop.secretKey))).toBe(true);
      expect(receiver.received.some((r) => verified(r, 'sk_other'))).toBe(false);
      const earned = receiver.received.filter((r) => r.body.topic === 'points/earned').map((r) => r.body);
      expect(earned).toEqual([
        expect.objectContaining({
          topic: 'points/earned',
          shopId: s.shop.shopId,
          oldPoint: 0,
          newPoint: 60,
          points: 60,
          customer: expect.objectContaining({ email: 'hooked@example.com', platformCustomerId: 4001 }),
        }),
        expect.objectContaining({ oldPoint: 60, newPoint: 110, points: 50 }),
      ]);
      const tier = receiver.received.find((r) => r.body.topic === 'tier/upgraded')!;
      expect(tier.body).toMatchObject({
        oldTierName: 'Bronze',
        newTierName: 'Silver',
        customer: { email: 'hooked@example.com' },
      });
      for (const r of receiver.received) {
        expect(r.headers['x-svc-loyalty-delivery-id']).toBe(r.body.webhookId);
        expect(r.headers['x-svc-loyalty-timestamp']).toEqual(expect.any(String));
        expect(r.headers['content-type']).toBe('application/json');
      }
    });
  });

  it('only events after registration, only the subscribed shop and topic', async () => {
    await withReceiver(async (receiver) => {
      await s.enrol(4002);
      await s.award(4002, 5); // before registration: never delivered
      const otherShop = await s.newShop();
      await otherShop.enrol(4002);
      await s.subscribe('points/earned', receiver.url('/late'));
      await s.award(4002, 6);
      await otherShop.award(4002, 7);
      await s.deduct(4002, 1);
      await waitUntil(
        () => receiver.received.some((r) => r.body.customer?.platformCustomerId === 4002),
        10_000,
        'delivery',
      );
      await new Promise((r) => setTimeout(r, 300));
      const mine = receiver.received.filter((r) => r.body.customer?.platformCustomerId === 4002);
      expect(mine.map((r) => r.body.points)).toEqual([6]);
    });
  });

  it('receiver down, then up: every delivery arrives once, in order per customer; attempts are recorded', async () => {
    let up = false;
    await withReceiver(
      () => (up ? 200 : 503),
      async (receiver) => {
        const webhookId = await s.subscribe('points/redeemed', receiver.url('/down'));
        for (const id of [4101, 4102]) {
          await s.enrol(id);
          await s.award(id, 100);
        }
        for (let i = 1; i <= 4; i++) {
          for (const id of [4101, 4102]) {
            await s.post('/transactions/points/deduct', { platformCustomerId: String(id), point: i }).expect(200);
          }
        }
        await new Promise((r) => setTimeout(r, 700));
        expect(receiver.received).toHaveLength(0);
        up = true;
        await waitUntil(() => receiver.received.length >= 8, 15_000, 'eight deliveries');
        // The receiver has a request before the worker records its answer: wait for the records.
        const listDeliveries = async () =>
          (await s.webhooks('get', `/${webhookId}/deliveries`).expect(200)).body.deliveries;
        await waitUntil(
          async () => (await listDeliveries()).every((d: any) => d.status === 'delivered'),
          10_000,
          'every delivery recorded as delivered',
        );
        await new Promise((r) => setTimeout(r, 300));
        expect(receiver.received).toHaveLength(8);
        expect(new Set(receiver.received.map((r) => r.body.webhookId)).size).toBe(8);
        for (const id of [4101, 4102]) {
          const seen = receiver.received
            .filter((r) => r.body.customer.platformCustomerId === id)
            .map((r) => r.body.newPoint);
          expect(seen).toEqual([99, 97, 94, 90]);
        }
        const deliveries = await listDeliveries();
        expect(deliveries).toHaveLength(8);
        expect(deliveries.every((d: any) => d.status === 'delivered' && d.attemptLog.length >= 1)).toBe(true);
        expect(deliveries.some((d: any) => d.attemptLog.some((a: any) => a.statusCode === 503))).toBe(true);
      },
    );
  });

  it('redeliver sends one delivery again and records the attempt', async () => {
    await withReceiver(async (receiver) => {
      const webhookId = await s.subscribe('points/earned', receiver.url('/again'));
      await s.enrol(4201);
      await s.award(4201, 3);
      await waitUntil(() => receiver.received.length === 1, 10_000, 'first delivery');
      // The receiver has the request before the worker records its answer: redeliver once it is
      // recorded, so the worker's attempt is the first in the log.
      let delivery: any;
      await waitUntil(
        async () => {
          [delivery] = (await s.webhooks('get', `/${webhookId}/deliveries`).expect(200)).body.deliveries;
          return delivery?.status === 'delivered';
        },
        10_000,
        "the worker's attempt recorded",
      );
      const res = await s.webhooks('post', `/${webhookId}/deliveries/${delivery.id}/redeliver`).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        delivery: { id: delivery.id, status: 'delivered', lastAttempt: { statusCode: 200 } },
      });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1].body.webhookId).toBe(receiver.received[0].body.webhookId);
      const again = (await s.webhooks('get', `/${webhookId}/deliveries`).expect(200)).body.deliveries[0];
      expect(again.attemptLog.map((a: any) => a.sentBy)).toEqual([expect.stringMatching(/^worker-/), 'redeliver']);
    });
  });

  it('410 Gone disables the webhook; the delivery waits, pending, and re-enabling sends it', async () => {
    let gone = true;
    await withReceiver(
      () => (gone ? 410 : 200),
      async (receiver) => {
        const webhookId = await s.subscribe('points/earned', receiver.url('/gone'));
        await s.enrol(4301);
        await s.award(4301, 1);
        const webhookNow = async () => (await s.webhooks('get', `/${webhookId}`).expect(200)).body.webhook;
        await waitUntil(async () => !(await webhookNow()).isEnabled, 10_000, 'disable');
        expect(await webhookNow()).toMatchObject({
          isEnabled: false,
          status: 'disabled',
          disabledReason: 'receiver answered 410 Gone',
          nextRetryAt: null,
        });
        const [delivery] = (await s.webhooks('get', `/${webhookId}/deliveries`).expect(200)).body.deliveries;
        expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: 410, attempts: 1 });
        gone = false;
        await s.webhooks('put', `/${webhookId}`).send({ isEnabled: true }).expect(200);
        await waitUntil(() => receiver.received.length === 1, 10_000, 'the delivery after re-enabling');
        expect(receiver.received[0].body).toMatchObject({ webhookId: delivery.id, newPoint: 1 });
        expect(await webhookNow()).toMatchObject({ status: 'active', disabledReason: null, consecutiveFailures: 0 });
      },
    );
  });

  it('a rotated secret signs the next deliveries', async () => {
    const rotated = await s.newShop();
    await withReceiver(async (receiver) => {
      await rotated.subscribe('points/earned', receiver.url('/rotated'));
      await rotated.enrol(4401);
      const { secretKey } = await s.t.app.get(CommandBus).execute(new RotateShopSecretCommand(rotated.shop.shopId));
      await shopClient(s.t, { ...rotated.shop, secretKey }).award(4401, 2);
      await rotated.get('/whoami').expect(401);
      await waitUntil(() => receiver.received.length === 1, 10_000, 'delivery');
      expect(verified(receiver.received[0], secretKey)).toBe(true);
      expect(verified(receiver.received[0], rotated.shop.secretKey)).toBe(false);
    });
  });
});

describe(`webhook delivery failure modes (${defaultStoreKind()})`, () => {
  it('a worker that dies mid-send loses nothing: its lease expires and another worker sends', async () => {
    const t = await createTestApp({ env: { ...FAST, WEBHOOK_WORKER: 'false' } });
    const receiver = await startReceiver();
    try {
      const shop = await t.shop();
      await shopClient(t, shop).subscribe('points/earned', receiver.url('/lease'));
      await t.enrol(shop, 4501);
      await shopClient(t, shop).award(4501, 9);
      await caughtUp([t.app]); // every award readable in the feed (they answer before it)
      await t.app.get(WebhookProjector).catchUp();
      // A worker takes the delivery and dies before sending.
      const claimed = await t.store.storage.webhookOutbox.claimDue('doomed-worker', 10, 300, new Date());
      expect(claimed).toHaveLength(1);
      const worker = t.app.get(DeliveryWorker);
      expect(await worker.runOnce()).toBe(0);
      await new Promise((r) => setTimeout(r, 350));
      expect(await worker.runOnce()).toBe(1);
      expect(receiver.received.map((r) => r.body.webhookId)).toEqual([claimed[0].id]);
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await receiver.close();
      await t.close();
    }
  });

  it('a restarted projector neither loses nor repeats deliveries', async () => {
    const t = await createTestApp({ env: { ...FAST, WEBHOOK_WORKER: 'false' } });
    try {
      const shop = await t.shop();
      const webhookId = await shopClient(t, shop).subscribe('points/earned', 'http://127.0.0.1:9/x');
      await t.enrol(shop, 4601);
      for (let i = 1; i <= 3; i++) await shopClient(t, shop).award(4601, i);
      const projector = t.app.get(WebhookProjector);
      await caughtUp([t.app]); // every award readable in the feed (they answer before it)
      await projector.catchUp();
      // A second projector starting from the stored state (a restart) and the first one again.
      const restarted = new WebhookProjector(
        t.store.storage.eventStore,
        t.store.storage.webhookOutbox,
        t.store.config,
        { subscribe: () => undefined } as never,
        { nudge: () => undefined } as never,
      );
      await restarted.catchUp();
      await projector.catchUp();
      const deliveries = await t.store.storage.webhookOutbox.list(webhookId, { limit: 100 });
      expect(deliveries).toHaveLength(3);
      // Writing the same deliveries again (a crash after sending them to the store) changes nothing.
      const state = await t.store.storage.webhookOutbox.loadProjector();
      await t.store.storage.webhookOutbox.commitProjector({
        deliveries: deliveries.map(({ attemptsLog: _a, ...d }) => d),
        subscriptions: [],
        removed: [],
        checkpoint: state.checkpoint!,
      });
      expect(await t.store.storage.webhookOutbox.list(webhookId, { limit: 100 })).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  it("a 2.5 s outage: 20 customers awarded meanwhile are all delivered within 30 s of the receiver's return", async () => {
    // The service's own timings (retry after a minute, probes from 5 s), loopback allowed.
    const t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    let down = true;
    const receiver = await startReceiver(() => (down ? 503 : 200));
    try {
      const shop = await t.shop();
      const client = shopClient(t, shop);
      await client.subscribe('points/earned', receiver.url('/outage'));
      const customers = Array.from({ length: 20 }, (_, i) => 4600 + i);
      for (const id of customers) await t.enrol(shop, id);
      const wentDown = Date.now();
      for (const id of customers) await client.award(id, 5);
      await new Promise((r) => setTimeout(r, Math.max(0, 2500 - (Date.now() - wentDown))));
      down = false;
      const back = Date.now();
      await waitUntil(() => receiver.received.length >= 20, 30_000, '20 deliveries after the outage');
      expect(Date.now() - back).toBeLessThan(30_000);
      const delivered = receiver.received.map((r) => r.body.customer.platformCustomerId);
      expect([...delivered].sort()).toEqual(customers);
    } finally {
      down = false;
      await receiver.close();
      await t.close();
    }
  });

  it('a run of failures pauses the webhook: its deliveries stay pending, one probe at a time', async () => {
    const t = await createTestApp({
      env: { ...FAST, WEBHOOK_PAUSE_AFTER_FAILURES: '3', WEBHOOK_BACKOFF_BASE_MS: '10', WEBHOOK_PROBE_MAX_MS: '100' },
    });
    const receiver = await startReceiver(() => 500);
    try {
      const shop = await t.shop();
      const id = await shopClient(t, shop).subscribe('points/earned', receiver.url('/fail'));
      for (const c of [4701, 4702]) {
        await t.enrol(shop, c);
        await shopClient(t, shop).award(c, 1);
      }
      const webhookNow = async () =>
        (await t.http().get(`/app/api/v1/webhooks/${id}`).set(auth(shop)).expect(200)).body.webhook;
      await waitUntil(async () => (await webhookNow()).status === 'paused', 10_000, 'pause');
      // Let a few probes go out.
      await new Promise((r) => setTimeout(r, 600));
      const webhook = await webhookNow();
      expect(webhook).toMatchObject({
        isEnabled: true,
        status: 'paused',
        disabledReason: null,
        failingSince: expect.any(String),
        nextRetryAt: expect.any(String),
      });
      expect(webhook.consecutiveFailures).toBeGreaterThanOrEqual(3);
      const deliveries = (await t.http().get(`/app/api/v1/webhooks/${id}/deliveries`).set(auth(shop)).expect(200)).body
        .deliveries;
      expect(deliveries.map((d: any) => d.status)).toEqual(['pending', 'pending']);
      // While paused only the oldest pending delivery is tried (a probe), the other one waits.
      const [newer, older] = deliveries;
      // Before the pause each was tried (3 failures in all); since, only the older one, every 100 ms at most.
      expect(newer.attemptLog.length).toBeLessThanOrEqual(2);
      expect(older.attemptLog.length).toBeGreaterThanOrEqual(4);
      expect(older.attemptLog.every((a: any) => a.statusCode === 500)).toBe(true);
    } finally {
      await receiver.close();
      await t.close();
    }
  });

  it('bulk redelivery: failed deliveries are sent again, in order, with a fresh attempt budget', async () => {
    // The receiver refuses one customer's deliveries while it accepts another's: those fail after
    // their two attempts (the webhook is not down: it succeeds in between, so it is not paused).
    // The worker is driven one delivery at a time on a clock the test moves, so the order is fixed.
    const clock = {
      ms: Date.now() + 60_000,
      now() {
        return new Date(this.ms);
      },
    };
    const t = await createTestApp({ clock, env: { ...FAST, WEBHOOK_WORKER: 'false', WEBHOOK_MAX_ATTEMPTS: '2' } });
    let refuse = true;
    const receiver = await startReceiver((r) => (refuse && r.body.customer.platformCustomerId === 4351 ? 422 : 200));
    try {
      const shop = await t.shop();
      const webhookId = await shopClient(t, shop).subscribe('points/earned', receiver.url('/bulk'));
      const earn = (id: number, point: number) =>
        t
          .http()
          .post('/rest_api/v2/transactions/points/award')
          .set(auth(shop))
          .send({ platformCustomerId: String(id), point })
          .expect(200);
      for (const id of [4351, 4352]) await t.enrol(shop, id);
      for (const [id, point] of [
        [4351, 1],
        [4351, 2],
        [4352, 1],
        [4352, 2],
      ])
        await earn(id, point);
      await caughtUp([t.app]); // every award readable in the feed (they answer before it)
      await t.app.get(WebhookProjector).catchUp();
      const worker = t.app.get(DeliveryWorker);
      const one = async () => expect(await worker.runOnce(1)).toBe(1);
      const later = () => (clock.ms += 5 * 60_000);
      await one(); // 4351 first: refused
      await one(); // 4352 first: delivered
      later();
      await one(); // 4351 first again: refused, its attempts used up: failed
      await one(); // 4351 second: refused
      await one(); // 4352 second: delivered
      later();
      await one(); // 4351 second again: failed
      expect(await worker.runOnce()).toBe(0);
      const list = async () =>
        (await t.http().get(`/app/api/v1/webhooks/${webhookId}/deliveries`).set(auth(shop)).expect(200)).body
          .deliveries as any[];
      const statusOf = (d: any) => `${d.payload.customer.platformCustomerId}:${d.payload.newPoint}:${d.status}`;
      expect((await list()).map(statusOf)).toEqual([
        '4352:3:delivered',
        '4352:1:delivered',
        '4351:3:failed',
        '4351:1:failed',
      ]);
      const webhook = (await t.http().get(`/app/api/v1/webhooks/${webhookId}`).set(auth(shop)).expect(200)).body
        .webhook;
      expect(webhook).toMatchObject({ isEnabled: true, status: 'active' });

      refuse = false;
      const res = await t
        .http()
        .post(`/app/api/v1/webhooks/${webhookId}/deliveries/redeliver?status=failed`)
        .set(auth(shop))
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        redelivery: { status: 'failed', requeued: 2 },
        timestamp: expect.any(String),
      });
      for (let i = 0; i < 5 && receiver.received.length < 4; i++) await worker.runOnce();
      const points = (id: number) =>
        receiver.received.filter((r) => r.body.customer.platformCustomerId === id).map((r) => r.body.newPoint);
      expect(points(4351)).toEqual([1, 3]);
      expect(points(4352)).toEqual([1, 3]);
      const after = await list();
      expect(after.map(statusOf)).toEqual([
        '4352:3:delivered',
        '4352:1:delivered',
        '4351:3:delivered',
        '4351:1:delivered',
      ]);
      // Two refused attempts, then the one after the bulk redelivery.
      expect(after.slice(2).map((d) => d.attemptLog.map((a: any) => a.statusCode))).toEqual([
        [422, 422, 200],
        [422, 422, 200],
      ]);
      // Nothing left to redeliver.
      const again = await t
        .http()
        .post(`/app/api/v1/webhooks/${webhookId}/deliveries/redeliver?status=failed`)
        .set(auth(shop))
        .expect(200);
      expect(again.body.redelivery).toEqual({ status: 'failed', requeued: 0 });
    } finally {
      await receiver.close();
      await t.close();
    }
  });

  (defaultStoreKind() === 'postgres' ? it : it.skip)(
    'two service processes on one database send each delivery once',
    async () => {
      // A lease that cannot run out while a loaded machine sends: this is about two live workers
      // (row locks), not about taking over from a dead one (tested above).
      const t = await createTestApp({ env: { ...FAST, WEBHOOK_LEASE_MS: '60000' } });
      const receiver = await startReceiver();
      try {
        const second = await t.secondInstance();
        const shop = await t.shop();
        await shopClient(t, shop).subscribe('points/earned', receiver.url('/two'));
        const servers = [t.app.getHttpServer(), second.getHttpServer()];
        const request = (await import('supertest')).default;
        for (let c = 0; c < 10; c++) await t.enrol(shop, 4800 + c);
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            request(servers[i % 2])
              .post('/rest_api/v2/transactions/points/award')
              .set(auth(shop))
              .send({ platformCustomerId: String(4800 + (i % 10)), point: 1 })
              .expect(200),
          ),
        );
        await waitUntil(() => receiver.received.length >= 40, 15_000, '40 deliveries');
        await new Promise((r) => setTimeout(r, 500));
        const ids = receiver.received.map((r) => r.body.webhookId);
        expect(ids).toHaveLength(40);
        expect(new Set(ids).size).toBe(40);
        for (let c = 0; c < 10; c++) {
          const points = receiver.received
            .filter((r) => r.body.customer.platformCustomerId === 4800 + c)
            .map((r) => r.body.newPoint);
          expect(points).toEqual([1, 2, 3, 4]);
        }
      } finally {
        await receiver.close();
        await t.close();
      }
    },
  );
});
