import { caughtUp, createTestApp, TestApp } from '../support/test-app';
import { shopClient } from '../support/scenario';
import { startReceiver, waitUntil, withReceiver } from '../support/receiver';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { DeliveryWorker } from '../../src/webhooks/delivery/delivery-worker';
import { WebhookProjector } from '../../src/webhooks/delivery/webhook-projector';
import { Clock } from '../../src/shared/domain/clock';

/**
 * Receiver outages. The review measured: receiver down 2.5 s while 20 customers earn, and 20
 * failed attempts in a row disabled the webhook and failed every delivery. Now a run of failures
 * pauses the webhook, nothing is failed, and only days of failure disable it.
 */

const HOUR = 3_600_000;

/** A webhook back to normal once its receiver answers again. */
const RECOVERED = { status: 'active', consecutiveFailures: 0, failingSince: null, nextRetryAt: null };

/** A clock the test moves: days pass in milliseconds. */
class TestClock implements Clock {
  constructor(public ms = Date.now()) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

describe(`reliability: a short receiver outage loses nothing (${defaultStoreKind()})`, () => {
  it('receiver down 2.5 s while 20 customers earn, then up: every delivery once, in order per customer, none failed', async () => {
    // Three attempts per delivery, 50 ms apart and growing: without the pause every delivery would
    // have used them all inside the outage and been failed.
    const t = await createTestApp({
      env: {
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '20',
        WEBHOOK_BACKOFF_BASE_MS: '50',
        WEBHOOK_BACKOFF_FACTOR: '1.5',
        WEBHOOK_MAX_ATTEMPTS: '3',
        WEBHOOK_PAUSE_AFTER_FAILURES: '5',
        WEBHOOK_PROBE_MAX_MS: '300',
        WEBHOOK_TIMEOUT_MS: '1000',
        PROJECTION_POLL_MS: '20',
      },
    });
    let down = false;
    let refused = 0;
    const receiver = await startReceiver(() => {
      if (!down) return 200;
      refused++;
      return 503;
    });
    try {
      const shop = shopClient(t, await t.shop());
      const customers = Array.from({ length: 20 }, (_, i) => 5000 + i);
      const webhookId = await shop.subscribe('points/earned', receiver.url('/outage'));
      for (const c of customers) await shop.enrol(c);
      const webhookNow = async () => (await shop.webhooks('get', `/${webhookId}`).expect(200)).body.webhook;

      down = true;
      const wentDown = Date.now();
      for (const point of [1, 2]) {
        for (const c of customers) await shop.award(c, point);
      }
      await waitUntil(async () => (await webhookNow()).status === 'paused', 10_000, 'the pause');
      await new Promise((r) => setTimeout(r, Math.max(0, 2500 - (Date.now() - wentDown))));
      expect(receiver.received).toHaveLength(0);
      const paused = await webhookNow();
      expect(paused).toMatchObject({ isEnabled: true, status: 'paused', failingSince: expect.any(String) });
      // Paused means probing, not hammering: far fewer attempts than 40 deliveries x 3.
      expect(refused).toBeGreaterThanOrEqual(5);
      expect(refused).toBeLessThan(40);
      down = false;

      await waitUntil(() => receiver.received.length >= 40, 15_000, '40 deliveries');
      // The receiver has a request before the worker records its answer: wait for the records.
      const listDeliveries = async () =>
        (await shop.webhooks('get', `/${webhookId}/deliveries?limit=100`).expect(200)).body.deliveries;
      await waitUntil(
        async () => (await listDeliveries()).every((d: any) => d.status === 'delivered'),
        10_000,
        'every delivery recorded as delivered',
      );
      expect(receiver.received).toHaveLength(40);
      expect(new Set(receiver.received.map((r) => r.body.webhookId)).size).toBe(40);
      for (const c of customers) {
        const seen = receiver.received
          .filter((r) => r.body.customer.platformCustomerId === c)
          .map((r) => r.body.newPoint);
        expect(seen).toEqual([1, 3]);
      }
      const deliveries = await listDeliveries();
      expect(deliveries).toHaveLength(40);
      expect(deliveries.filter((d: any) => d.status !== 'delivered')).toEqual([]);
      // Newest first, by sequence (numerically: 10 after 9).
      const sequences = deliveries.map((d: any) => d.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
      expect(await webhookNow()).toMatchObject({ isEnabled: true, ...RECOVERED });
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});

describe(`reliability: a sustained outage disables the webhook, re-enabling resumes it (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  const clock = new TestClock();

  beforeAll(async () => {
    // The worker is driven by hand (runOnce) while the clock moves; default backoff (1 min x3),
    // probes at most an hour apart, disabled after the default 72 hours.
    t = await createTestApp({
      clock,
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false', WEBHOOK_PAUSE_AFTER_FAILURES: '3' },
    });
    shop = await t.shop();
  });
  afterAll(() => t.close());

  it('pauses, probes for three days, disables without failing a delivery; re-enabling sends them in order', async () => {
    let up = false;
    await withReceiver(
      () => (up ? 200 : 500),
      async (receiver) => {
        const merchant = shopClient(t, shop);
        const api = (method: 'get' | 'put', path: string, body?: unknown) => merchant.webhooks(method, path, body);
        const webhookId = await merchant.subscribe('points/earned', receiver.url('/sustained'));
        const award = (c: number, point: number) => merchant.award(c, point);
        await merchant.enrol(5101);
        await merchant.enrol(5102);
        for (const point of [1, 2, 3]) await award(5101, point);
        await award(5102, 10);
        const projector = t.app.get(WebhookProjector);
        const worker = t.app.get(DeliveryWorker);
        // Driven by hand from here: the outbox's view of the webhook then lags its disabling (as it
        // may in the background), so the worker claims deliveries of a disabled webhook: not attempts.
        await projector.stop();
        await caughtUp([t.app]); // every award readable in the feed (they answer before it)
        await projector.catchUp();
        const webhookNow = async () => (await api('get', `/${webhookId}`).expect(200)).body.webhook;
        const deliveries = async () =>
          (await api('get', `/${webhookId}/deliveries?limit=100`).expect(200)).body.deliveries as any[];
        // Ahead of the deliveries' creation (stamped by the database's clock), so they are due.
        clock.ms = Date.now() + 60_000;
        const started = clock.ms;
        let attempts = 0;
        const runFor = async (hours: number) => {
          const until = clock.ms + hours * HOUR;
          while (clock.ms < until) {
            attempts += await worker.runOnce();
            clock.advance(10 * 60_000);
          }
        };

        await runFor(71);
        const paused = await webhookNow();
        expect(paused).toMatchObject({
          isEnabled: true,
          status: 'paused',
          disabledReason: null,
          failingSince: new Date(started).toISOString(),
          nextRetryAt: expect.any(String),
        });
        const waiting = await deliveries();
        expect(waiting.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
        // Probes about an hour apart at most (a dozen in the first hours, then one an hour), and
        // only the oldest delivery: the other customer's was tried before the pause, not since.
        expect(attempts).toBeGreaterThan(50);
        expect(attempts).toBeLessThan(100);
        const tries = (c: number) =>
          waiting.filter((d) => d.payload.customer.platformCustomerId === c).map((d) => d.attemptLog.length);
        expect(tries(5102)).toEqual([2]);
        expect(tries(5101)).toEqual([0, 0, attempts - 2]);

        // The probe after the 72nd hour disables it: within one probe interval (an hour, +20% jitter).
        while ((await webhookNow()).isEnabled && clock.ms < started + 75 * HOUR) await runFor(1 / 6);
        expect(clock.ms - started).toBeGreaterThan(72 * HOUR);
        expect(clock.ms - started).toBeLessThanOrEqual(74 * HOUR);
        const disabled = await webhookNow();
        expect(disabled).toMatchObject({ isEnabled: false, status: 'disabled', nextRetryAt: null });
        expect(disabled.disabledReason).toMatch(/^every attempt failed for 72 hours \(since /);
        expect((await deliveries()).map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
        // A disabled webhook is not tried at all.
        const before = attempts;
        await runFor(3);
        expect(attempts).toBe(before);
        // What happens while it is disabled is not delivered (as when a merchant turns it off).
        await award(5102, 100);
        await caughtUp([t.app]); // every award readable in the feed (they answer before it)
        await projector.catchUp();
        expect(await deliveries()).toHaveLength(4);

        up = true;
        const enabled = await api('put', `/${webhookId}`, { isEnabled: true }).expect(200);
        expect(enabled.body.webhook).toMatchObject({ isEnabled: true, disabledReason: null });
        await projector.catchUp();
        for (let i = 0; i < 10 && receiver.received.length < 4; i++) await worker.runOnce();
        const points = (c: number) =>
          receiver.received.filter((r) => r.body.customer.platformCustomerId === c).map((r) => r.body.newPoint);
        expect(points(5101)).toEqual([1, 3, 6]);
        expect(points(5102)).toEqual([10]);
        expect(receiver.received).toHaveLength(4);
        expect((await deliveries()).map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
        expect(await webhookNow()).toMatchObject(RECOVERED);
      },
    );
  });
});
