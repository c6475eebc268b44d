import { createTestApp } from '../support/test-app';
import { expectError, expectSuccess, scenario, shopClient } from '../support/scenario';
import { deliveredTopics, withReceiver } from '../support/receiver';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';

const DAY = 86_400_000;

describe('points expiry', () => {
  let now = new Date('2026-01-01T12:00:00.000Z');
  const s = scenario({
    clock: { now: () => now },
    env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' },
  });

  it('settings: off by default, validated, readable', async () => {
    const shop = await s.newShop();
    expect(expectSuccess((await shop.get('/settings/points-expiry').expect(200)).body)).toEqual({
      mode: 'off',
      inactivityDays: null,
      fixedDate: null,
    });
    expect(
      expectError(
        (await shop.put('/settings/points-expiry', { mode: 'inactivity' }).expect(400)).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('inactivityDays');
    expect(
      (await shop.put('/settings/points-expiry', { mode: 'fixed_date', fixedDate: '02-29' }).expect(400)).body.error
        .field,
    ).toBe('fixedDate');
    expect((await shop.put('/settings/points-expiry', { mode: 'weekly' }).expect(400)).body.error.field).toBe('mode');
    await shop.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 90 }).expect(200);
    expect((await shop.get('/settings/points-expiry').expect(200)).body.data).toEqual({
      mode: 'inactivity',
      inactivityDays: 90,
      fixedDate: null,
    });
  });

  it('inactivity: warns 30, 7 and 3 days before, then expires the whole balance; activity starts over', async () => {
    await withReceiver(async (receiver) => {
      now = new Date('2026-01-01T12:00:00.000Z');
      const shop = await s.newShop();
      await shop.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 90 }).expect(200);
      for (const topic of [
        'points/expired',
        'points/about_to_expire_30_days',
        'points/about_to_expire_7_days',
        'points/about_to_expire_3_days',
      ]) {
        await shop.subscribe(topic, receiver.url(`/${topic}`));
      }
      await shop.enrol(1801);
      await shop.enrol(1802);
      await shop.award(1801, 300);
      await shop.award(1802, 50);
      const expiry = s.t.app.get(PointsExpiry);
      const at = (days: number) =>
        (now = new Date(new Date('2026-01-01T12:00:00.000Z').getTime() + days * DAY + 60_000));

      at(60);
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 2 });
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 0 });
      // Customer 1802 is active again: its clock starts over.
      await shop.award(1802, 1);
      at(83);
      expect((await expiry.runOnce()).warned).toBe(1);
      at(87);
      expect((await expiry.runOnce()).warned).toBe(1);
      at(90);
      expect(await expiry.runOnce()).toEqual({ expired: 1, warned: 0 });
      expect(await shop.balance(1801)).toBe(0);
      expect(await shop.balance(1802)).toBe(51);
      const row = (await shop.get('/transactions?platformCustomerId=1801&event=points_expired').expect(200)).body
        .data[0];
      expect(row).toMatchObject({
        spendPoint: 300,
        oldPoint: 300,
        newPoint: 0,
        event: 'points_expired',
        source: 'scheduler',
      });
      expect(await deliveredTopics(receiver, 5, 'expiry webhooks')).toEqual(
        [
          'points/about_to_expire_30_days:1801',
          'points/about_to_expire_30_days:1802',
          'points/about_to_expire_3_days:1801',
          'points/about_to_expire_7_days:1801',
          'points/expired:1801',
        ].sort(),
      );
    });
  });

  it('fixed date: everyone with points expires once that day in the shop time zone, after a 7-day warning', async () => {
    // Its own service: the other test's shop would expire too on these dates.
    now = new Date('2026-12-24T12:00:00.000Z');
    const t2 = await createTestApp({ clock: { now: () => now } });
    try {
      const shop = shopClient(t2, await t2.shop());
      await shop.put('/settings/points-expiry', { mode: 'fixed_date', fixedDate: '12-31' }).expect(200);
      await shop.enrol(1901);
      await shop.award(1901, 40);
      const expiry = t2.app.get(PointsExpiry);
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 1 });
      now = new Date('2026-12-31T09:00:00.000Z');
      expect(await expiry.runOnce()).toEqual({ expired: 1, warned: 0 });
      expect(await expiry.runOnce()).toEqual({ expired: 0, warned: 0 });
      expect(await shop.balance(1901)).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
