import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { startReceiver, waitUntil } from '../support/receiver';
import { TierReviews } from '../../src/ledger/tiers/tier-reviews.scheduler';

describe('tier rewards and retention over HTTP', () => {
  let now = new Date('2026-01-15T12:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: { now: () => now },
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' },
    });
  });
  afterAll(() => t.close());

  it('tierRewards are validated naming the field; entering the tier pays bonus points and grants its coupon once', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await t.shop();
    const tiers = (body: object) => t.http().post('/rest_api/v2/tiers').set(auth(shop)).send(body);
    expect(
      expectError(
        (await tiers({ name: 'VIP', targetPoint: 500, tierRewards: [{ title: 'no type' }] }).expect(400)).body,
        'BAD_REQUEST',
        400,
      ).field,
    ).toBe('tierRewards[0].type');
    expect(
      (await tiers({ name: 'VIP', targetPoint: 500, tierRewards: [{ type: 'points', points: 0 }] }).expect(400)).body
        .error.field,
    ).toBe('tierRewards[0].points');
    expect(
      (
        await tiers({
          name: 'VIP',
          targetPoint: 500,
          tierRewards: [{ type: 'coupon', rewardType: 'percentage', rewardValue: 150 }],
        }).expect(400)
      ).body.error.field,
    ).toBe('tierRewards[0].rewardValue');
    const vip = expectSuccess(
      (
        await tiers({
          name: 'VIP',
          targetPoint: 500,
          tierRewards: [
            { type: 'points', points: 200 },
            { type: 'coupon', rewardType: 'percentage', rewardValue: 15, expiresInDays: 30, title: 'VIP welcome' },
          ],
        }).expect(201)
      ).body,
    );
    const benefits = (await t.http().get('/rest_api/v2/tiers/benefits/coupon').set(auth(shop)).expect(200)).body;
    expect(benefits.meta.count).toBe(1);

    await t.enrol(shop, 4101);
    await t
      .http()
      .post('/rest_api/v2/transactions/points/award')
      .set(auth(shop))
      .send({ platformCustomerId: '4101', point: 600 })
      .expect(200);
    const customer = (await t.http().get('/rest_api/v2/customers/external/4101').set(auth(shop)).expect(200)).body.data;
    expect(customer).toMatchObject({ point: 800, tierId: vip.id });
    const bonus = (
      await t
        .http()
        .get('/rest_api/v2/transactions?platformCustomerId=4101&event=tier_reward')
        .set(auth(shop))
        .expect(200)
    ).body.data;
    expect(bonus).toHaveLength(1);
    expect(bonus[0]).toMatchObject({ earnPoint: 200, oldPoint: 600, newPoint: 800 });

    const coupons = async () =>
      (await t.http().get('/rest_api/v2/rewards?platformCustomerId=4101').set(auth(shop)).expect(200)).body.data;
    await waitUntil(async () => (await coupons()).length === 1, 10_000, 'tier reward coupon');
    const [coupon] = await coupons();
    expect(coupon).toMatchObject({
      rewardType: 'percentage',
      rewardValue: 15,
      pointsSpent: 0,
      programTitle: 'VIP welcome',
      discountStatus: 'active',
      expiredAt: '2026-02-14T12:00:00.000Z',
    });
    // A granted coupon was not bought: refunding it is refused and returns nothing.
    expectError(
      (
        await t
          .http()
          .post('/rest_api/v2/rewards/coupons/refund')
          .set(auth(shop))
          .send({ discountCode: coupon.couponCode, platformCustomerId: '4101' })
          .expect(400)
      ).body,
      'BAD_REQUEST',
      400,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await coupons()).toHaveLength(1);
  });

  it('retention: settings validated; a due review keeps or lowers the tier', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await t.shop();
    const settings = (body: object) => t.http().put('/rest_api/v2/settings/tier-retention').set(auth(shop)).send(body);
    expect(
      expectSuccess((await t.http().get('/rest_api/v2/settings/tier-retention').set(auth(shop)).expect(200)).body),
    ).toEqual({ downgrade: false, assessmentMonths: 12, windowMonths: 12 });
    expect(
      expectError((await settings({ downgrade: true, windowMonths: 30 }).expect(400)).body, 'BAD_REQUEST', 400).field,
    ).toBe('windowMonths');
    expect((await settings({ downgrade: true, assessmentMonths: 0 }).expect(400)).body.error.field).toBe(
      'assessmentMonths',
    );
    await settings({ downgrade: true, assessmentMonths: 6, windowMonths: 3 }).expect(200);
    const gold = expectSuccess(
      (await t.http().post('/rest_api/v2/tiers').set(auth(shop)).send({ name: 'Gold', targetPoint: 1000 }).expect(201))
        .body,
    );
    await t.enrol(shop, 4201);
    await t.enrol(shop, 4202);
    const award = (id: number, point: number) =>
      t
        .http()
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: String(id), point })
        .expect(200);
    await award(4201, 1500);
    await award(4202, 1500);
    const reviews = t.app.get(TierReviews);
    const receiver = await startReceiver();
    try {
      for (const topic of [
        'tier/reset',
        'tier/downgraded',
        'tier/about_to_reset_4_weeks',
        'tier/about_to_reset_2_weeks',
        'tier/about_to_reset_1_day',
      ]) {
        await t
          .http()
          .post('/app/api/v1/webhooks')
          .set(auth(shop))
          .send({ topic, url: receiver.url(`/${topic}`) })
          .expect(200);
      }
      expect(await reviews.runOnce()).toEqual({ kept: 0, downgraded: 0, warned: 0 });
      now = new Date('2026-06-01T12:00:00.000Z');
      await award(4202, 1000);
      // Reviews are due on 2026-07-15 12:00: 25 days before, the four-week warning.
      now = new Date('2026-06-20T12:00:00.000Z');
      expect(await reviews.runOnce()).toEqual({ kept: 0, downgraded: 0, warned: 2 });
      expect(await reviews.runOnce()).toEqual({ kept: 0, downgraded: 0, warned: 0 });
      now = new Date('2026-07-16T12:00:00.000Z');
      expect(await reviews.runOnce()).toEqual({ kept: 1, downgraded: 1, warned: 0 });
      const tierOf = async (id: number) =>
        (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data;
      expect(await tierOf(4201)).toMatchObject({ tierPoint: 0, point: 1500 });
      expect((await tierOf(4201)).tierId).not.toBe(gold.id);
      expect((await tierOf(4202)).tierId).toBe(gold.id);
      expect((await tierOf(4201)).tierUpdatedAt).toBe('2026-07-16T12:00:00.000Z');
      expect(await reviews.runOnce()).toEqual({ kept: 0, downgraded: 0, warned: 0 });
      await waitUntil(() => receiver.received.length >= 5, 10_000, 'tier review webhooks');
      const got = receiver.received.map((r) => `${r.body.topic}:${r.body.customer.platformCustomerId}`).sort();
      expect(got).toEqual(
        [
          'tier/about_to_reset_4_weeks:4201',
          'tier/about_to_reset_4_weeks:4202',
          'tier/downgraded:4201',
          'tier/reset:4201',
          'tier/reset:4202',
        ].sort(),
      );
      const warning = receiver.received.find(
        (r) => r.body.topic === 'tier/about_to_reset_4_weeks' && r.body.customer.platformCustomerId === 4201,
      )!.body;
      // 4201 earned 1500 on Jan 15: outside the 3-month window that ends at the review.
      expect(warning).toMatchObject({
        tierName: 'Gold',
        reviewAt: '2026-07-15T12:00:00.000Z',
        windowPoints: 0,
        pointsToKeep: 1000,
      });
      const kept = receiver.received.find(
        (r) => r.body.topic === 'tier/reset' && r.body.customer.platformCustomerId === 4202,
      )!.body;
      expect(kept).toMatchObject({ kept: true, newTierName: 'Gold' });
    } finally {
      await receiver.close();
    }
  });
});
