import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { startReceiver, waitUntil } from '../support/receiver';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';

const DAY = 86_400_000;

describe('points expiry', () => {
  let now = new Date('2026-01-01T12:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: { now: () => now },
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' },
    });
  });
  afterAll(() => t.close());
  const balance = async (shop: any, id: number) =>
    (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data.point;

  it('settings: off by default, validated, readable', async () => {
    const shop = await t.shop();
    expect(
      expectSuccess((await t.http().get('/rest_api/v2/settings/points-expiry').set(auth(shop)).expect(200)).body),
    ).toEqual({ mode: 'off', inactivityDays: null, fixedDate: null });
    expect(
      expectError(
        (
          await t
            .http()
            .put('/rest_api/v2/settings/points-expiry')
            .set(auth(shop))
            .send({ mode: 'inactivity' })
            .expect(400)
        ).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('inactivityDays');
    expect(
      (
        await t
          .http()
          .put('/rest_api/v2/settings/points-expiry')
          .set(auth(shop))
          .send({ mode: 'fixed_date', fixedDate: '02-29' })
          .expect(400)
      ).body.error.field,
    ).toBe('fixedDate');
    expect(
      (await t.http().put('/rest_api/v2/settings/points-expiry').set(auth(shop)).send({ mode: 'weekly' }).expect(400))
        .body.error.field,
    ).toBe('mode');
    await t
      .http()
      .put('/rest_api/v2/settings/points-expiry')
      .set(auth(shop))
      .send({ mode: 'inactivity', inactivityDays: 90 })
      .expect(200);
    expect((await t.http().get('/rest_api/v2/settings/points-expiry').set(auth(shop)).expect(200)).body.data).toEqual({
      mode: 'inactivity',
      inactivityDays: 90,
      fixedDate: null,
    });
  });

  it('inactivity: warns 30, 7 and 3 days before, then expires the whole balance; activity starts over', async () => {
    const receiver = await startReceiver();
    try {
      now = new Date('2026-01-01T12:00:00.000Z');
      const shop = await t.shop();
      await t
        .http()
        .put('/rest_api/v2/settings/points-expiry')
        .set(auth(shop))
        .send({ mode: 'inactivity', inactivityDays: 90 })
        .expect(200);
      for (const topic of [
        'points/expired',
        'points/about_to_expire_30_days',
        'points/about_to_expire_7_days',
        'points/about_to_expire_3_days',
      ]) {
        await t
          .http()
          .post('/app/api/v1/webhooks')
          .set(auth(shop))
          .send({ topic, url: receiver.url(`/${topic}`) })
          .expect(200);
      }
      await t.enrol(shop, 1801);
      await t.enrol(shop, 1802);
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1801', point: 300 })
        .expect(200);
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1802', point: 50 })
        .expect(200);
      const expiry = t.app.get(PointsExpiry);
      const at = (days: number) =>
        (now = new Date(new Date('2026-01-01T12:00:00.000Z').getTime() + days * DAY + 60_000));

      at(60);
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 2 });
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 0 });
      // Customer 1802 is active again: its clock starts over.
      await t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1802', point: 1 })
        .expect(200);
      at(83);
      expect((await expiry.runOnce()).warned).toBe(1);
      at(87);
      expect((await expiry.runOnce()).warned).toBe(1);
      at(90);
      expect(await expiry.runOnce()).toEqual({ expired: 1, warned: 0 });
      expect(await balance(shop, 1801)).toBe(0);
      expect(await balance(shop, 1802)).toBe(51);
      const row = (
        await t
          .http()
          .get('/rest_api/v2/transactions?platformCustomerId=1801&event=points_expired')
          .set(auth(shop))
          .expect(200)
      ).body.data[0];
      expect(row).toMatchObject({
        spendPoint: 300,
        oldPoint: 300,
        newPoint: 0,
        event: 'points_expired',
        source: 'scheduler',
      });
      await waitUntil(() => receiver.received.length >= 5, 10_000, 'expiry webhooks');
      const topics = receiver.received.map((r) => `${r.body.topic}:${r.body.customer.platformCustomerId}`).sort();
      expect(topics).toEqual(
        [
          'points/about_to_expire_30_days:1801',
          'points/about_to_expire_30_days:1802',
          'points/about_to_expire_3_days:1801',
          'points/about_to_expire_7_days:1801',
          'points/expired:1801',
        ].sort(),
      );
    } finally {
      await receiver.close();
    }
  });

  it('fixed date: everyone with points expires once that day in the shop time zone, after a 7-day warning', async () => {
    // Its own service: the other test's shop would expire too on these dates.
    now = new Date('2026-12-24T12:00:00.000Z');
    const t2 = await createTestApp({ clock: { now: () => now } });
    try {
      const shop = await t2.shop();
      await t2
        .http()
        .put('/rest_api/v2/settings/points-expiry')
        .set(auth(shop))
        .send({ mode: 'fixed_date', fixedDate: '12-31' })
        .expect(200);
      await t2.enrol(shop, 1901);
      await t2
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '1901', point: 40 })
        .expect(200);
      const expiry = t2.app.get(PointsExpiry);
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 1 });
      now = new Date('2026-12-31T09:00:00.000Z');
      expect(await expiry.runOnce()).toEqual({ expired: 1, warned: 0 });
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 0 });
      expect(
        (await t2.http().get('/rest_api/v2/customers/external/1901').set(auth(shop)).expect(200)).body.data.point,
      ).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
