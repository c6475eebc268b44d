import { expectRefusal, expectSuccess, scenario, ShopClient } from '../support/scenario';
import { deliveredTopics, waitUntil, withReceiver } from '../support/receiver';
import { TierReviews } from '../../src/ledger/tiers/tier-reviews.scheduler';
import { DEFAULT_TIER_SETTINGS } from '../../src/tiers/domain/tier-events';
import { randomUUID } from 'node:crypto';
import { fitsType, FieldType } from '../support/field-types';

/** Spec 2.9 Tier, "a tier reward has": every field and the type it is read with (written once). */
const TIER_REWARD_SPEC: Record<string, FieldType> = {
  id: 'string',
  status: 'boolean',
  title: 'string',
  redeemType: 'string',
  minSpendPoint: 'integer',
  maxSpendPoint: 'integer',
  spendPoint: 'integer',
  appliedTo: 'string',
  orderReq: 'string',
  orderReqAmount: 'money-string',
  expiredAfter: 'integer|null',
  expiredTime: 'iso-instant|null',
  type: 'string',
  codeName: 'string|null',
  earnAmount: 'number',
  event: 'string',
  bonusPoints: 'integer',
  priority: 'integer',
  showLoyaltyPage: 'boolean',
  translateTitle: 'map of string',
  expired: 'boolean',
  createdAt: 'iso-instant',
  updatedAt: 'iso-instant',
};

describe('tier rewards and retention over HTTP', () => {
  let now = new Date('2026-01-15T12:00:00.000Z');
  const s = scenario({
    clock: { now: () => now },
    env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' },
  });

  const tiersApi = (shop: ShopClient) => ({
    create: (body: object) => shop.post('/tiers', body),
    update: (id: string, body: object) => shop.put(`/tiers/${id}`, body),
    detail: async (id: string) => expectSuccess((await shop.get(`/tiers/${id}`).expect(200)).body),
    list: async () => expectSuccess((await shop.get('/tiers').expect(200)).body),
  });
  /** A new shop, on 2026-01-15 12:00, with a VIP tier at 500 tier points that has `tierRewards`. */
  const shopWithVip = async (tierRewards: object[]) => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await s.newShop();
    return { shop, vip: await shop.tier({ name: 'VIP', targetPoint: 500, tierRewards }) };
  };
  const couponsOf = async (shop: ShopClient, id: number) =>
    (await shop.get(`/rewards?platformCustomerId=${id}&limit=100`).expect(200)).body.data;
  const bonusRows = async (shop: ShopClient, id: number) =>
    (await shop.get(`/transactions?platformCustomerId=${id}&event=tier_reward&limit=100`).expect(200)).body.data;
  const setTier = (shop: ShopClient, id: number, body: object) =>
    shop.put(`/customers/external/${id}/tier`, body).expect(200);

  it('a tier reward reads with exactly the fields of spec 2.9 Tier, each of its type (create, detail, list)', async () => {
    const { shop, vip: created } = await shopWithVip([
      { event: 'bonus_point', bonusPoints: 150, title: 'Welcome', translateTitle: { fr: 'Bienvenue' } },
      {
        type: 'tier_privileges',
        event: 'amount_discount',
        earnAmount: 7.5,
        codeName: 'VIPX',
        expiredAfter: 10,
        expiredTime: '2027-01-01T00:00:00Z',
        orderReqAmount: '20.00',
      },
      { event: 'custom', title: 'Lounge access', showLoyaltyPage: false, priority: -3 },
    ]);
    const api = tiersApi(shop);
    const listed = (await api.list()).find((tier: { id: string }) => tier.id === created.id);
    const answers = [created.tierRewards, (await api.detail(created.id)).tierRewards, listed.tierRewards];
    for (const rewards of answers) {
      expect(rewards).toHaveLength(3);
      for (const reward of rewards) {
        expect(Object.keys(reward).sort()).toEqual(Object.keys(TIER_REWARD_SPEC).sort());
        for (const [field, type] of Object.entries(TIER_REWARD_SPEC))
          expect([field, fitsType(reward[field], type)]).toEqual([field, true]);
      }
    }
    expect(created.tierRewards[1]).toMatchObject({
      title: '7.50 off',
      event: 'amount_discount',
      earnAmount: 7.5,
      orderReq: 'min_amount',
      orderReqAmount: '20.00',
      expiredAfter: 10,
      expiredTime: '2027-01-01T00:00:00.000Z',
      codeName: 'VIPX',
      redeemType: 'fixed',
      appliedTo: 'all',
      spendPoint: 0,
      createdAt: '2026-01-15T12:00:00.000Z',
      updatedAt: '2026-01-15T12:00:00.000Z',
    });
    // Sent back as read: ids and timestamps stay; a change moves only that reward's updatedAt.
    now = new Date('2026-01-16T12:00:00.000Z');
    const [welcome, discount, lounge] = created.tierRewards;
    const updated = expectSuccess(
      (await api.update(created.id, { tierRewards: [{ ...welcome, bonusPoints: 175 }, discount, lounge] }).expect(200))
        .body,
    );
    expect(updated.tierRewards).toEqual([
      { ...welcome, bonusPoints: 175, updatedAt: '2026-01-16T12:00:00.000Z' },
      discount,
      lounge,
    ]);
  });

  it('a reward shape the service cannot pay is a 400 naming the field, and nothing is stored', async () => {
    const shop = await s.newShop();
    const api = tiersApi(shop);
    const refused = async (tierRewards: object[], field: string) => {
      const error = await expectRefusal(api.create({ name: 'VIP', targetPoint: 500, tierRewards }), 'BAD_REQUEST', 400);
      expect([error.field, error.message]).toEqual([field, expect.stringContaining(field)]);
    };
    // Before, these were stored and never paid.
    await refused([{ type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' }], 'tierRewards[0].event');
    await refused([{ event: 'free_gift', title: 'A gift' }], 'tierRewards[0].event');
    await refused([{ event: 'bonus_point', bonusPoints: 0 }], 'tierRewards[0].bonusPoints');
    await refused([{ event: 'bonus_point', bonusPoints: 1_000_001 }], 'tierRewards[0].bonusPoints');
    await refused([{ event: 'amount_discount', earnAmount: 5, spendPoint: 100 }], 'tierRewards[0].spendPoint');
    await refused([{ event: 'percentage_discount', earnAmount: 120 }], 'tierRewards[0].earnAmount');
    await refused([{ event: 'free_shipping', appliedTo: 'sf_product' }], 'tierRewards[0].appliedTo');
    await refused([{ event: 'custom', title: 'x', bonusPoint: 5 }], 'tierRewards[0].bonusPoint');
    await refused([{ type: 'points', points: 0 }], 'tierRewards[0].points');
    await refused([{ type: 'coupon', rewardType: 'percentage', rewardValue: 150 }], 'tierRewards[0].rewardValue');
    // The base tier is entered on enrolment: an entry reward there would never be paid.
    const base = (await api.list())[0];
    expect(
      (
        await expectRefusal(
          api.update(base.id, { tierRewards: [{ event: 'bonus_point', bonusPoints: 10 }] }),
          'BAD_REQUEST',
          400,
        )
      ).field,
    ).toBe('tierRewards[0].event');
    expect((await api.list()).map((tier: { name: string }) => tier.name)).toEqual([base.name]);
  });

  it('entering a tier pays bonus_point rewards and grants discount coupons (program.id: the reward); status false pays nothing', async () => {
    const { shop, vip } = await shopWithVip([
      { event: 'bonus_point', bonusPoints: 150, title: 'Welcome' },
      { event: 'bonus_point', bonusPoints: 999, status: false },
      { event: 'bonus_point', bonusPoints: 888, expired: true },
      { event: 'amount_discount', earnAmount: 7.5, codeName: 'VIPX', expiredAfter: 10, orderReqAmount: 20 },
      { event: 'percentage_discount', earnAmount: 20, status: false },
      { event: 'free_shipping', expired: true },
      { event: 'custom', title: 'Lounge access' },
    ]);
    await shop.enrol(4101);
    await shop.enrol(4102);
    await shop.award(4101, 600);
    expect(await shop.customer(4101)).toMatchObject({ point: 750, tierId: vip.id });
    expect(await bonusRows(shop, 4101)).toMatchObject([{ earnPoint: 150, oldPoint: 600, newPoint: 750 }]);
    // A second customer's entry is granted after the first's, in feed order: once theirs is there,
    // every grant of the first entry has run.
    await shop.award(4102, 600);
    await waitUntil(async () => (await couponsOf(shop, 4102)).length === 1, 10_000, 'tier reward coupon');
    const coupons = await couponsOf(shop, 4101);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({
      program: { id: vip.tierRewards[3].id, title: '7.50 off' },
      programTitle: '7.50 off',
      rewardType: 'fixed_amount',
      rewardValue: 7.5,
      pointsSpent: 0,
      orderReqAmount: '20.00',
      discountStatus: 'active',
      expiredAt: '2026-01-25T12:00:00.000Z',
    });
    expect(coupons[0].couponCode).toMatch(/^VIPX-/);
  });

  it('the {type: points|coupon} alias still works and reads in the spec shape; a granted coupon cannot be refunded', async () => {
    const { shop, vip } = await shopWithVip([
      { type: 'points', points: 200 },
      { type: 'coupon', rewardType: 'percentage', rewardValue: 15, expiresInDays: 30, title: 'VIP welcome' },
    ]);
    expect(vip.tierRewards).toMatchObject([
      { type: 'tier_privileges', event: 'bonus_point', bonusPoints: 200 },
      { type: 'tier_privileges', event: 'percentage_discount', earnAmount: 15, expiredAfter: 30, title: 'VIP welcome' },
    ]);
    const benefits = (await shop.get('/tiers/benefits/percentage_discount').expect(200)).body;
    expect(benefits.meta.count).toBe(1);

    await shop.enrol(4111);
    await shop.award(4111, 600);
    expect(await shop.customer(4111)).toMatchObject({ point: 800, tierId: vip.id });
    await waitUntil(async () => (await couponsOf(shop, 4111)).length === 1, 10_000, 'tier reward coupon');
    const [coupon] = await couponsOf(shop, 4111);
    expect(coupon).toMatchObject({
      rewardType: 'percentage',
      rewardValue: 15,
      pointsSpent: 0,
      programTitle: 'VIP welcome',
      program: { id: vip.tierRewards[1].id },
      expiredAt: '2026-02-14T12:00:00.000Z',
    });
    // A granted coupon was not bought: refunding it is refused and returns nothing.
    await expectRefusal(
      shop.post('/rewards/coupons/refund', { discountCode: coupon.couponCode, platformCustomerId: '4111' }),
      'BAD_REQUEST',
      400,
    );
  });

  it('re-entering a tier pays neither its points nor its coupon again; a manual move down is not undone by the next award', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await s.newShop();
    const api = tiersApi(shop);
    const base = (await api.list())[0];
    const vip = await shop.tier({
      name: 'VIP',
      targetPoint: 500,
      tierRewards: [
        { event: 'bonus_point', bonusPoints: 200 },
        { event: 'amount_discount', earnAmount: 5 },
      ],
    });
    const gold = await shop.tier({
      name: 'Gold',
      targetPoint: 5000,
      tierRewards: [{ event: 'free_shipping', title: 'Gold shipping' }],
    });
    await shop.enrol(4301);
    await shop.award(4301, 600);
    expect(await shop.customer(4301)).toMatchObject({ point: 800, tierPoint: 800, tierId: vip.id });
    await waitUntil(async () => (await couponsOf(shop, 4301)).length === 1, 10_000, 'first VIP coupon');

    // Down by hand (isInitTier false): the tier point drops to the base tier's target.
    expect((await setTier(shop, 4301, { tierId: base.id })).body.data).toMatchObject({
      tierId: base.id,
      tierPoint: 0,
    });
    await shop.award(4301, 1);
    expect(await shop.customer(4301)).toMatchObject({ tierId: base.id, tierPoint: 1, point: 801 });
    // Earning the tier's width again re-enters it: no bonus this time.
    await shop.award(4301, 499);
    expect(await shop.customer(4301)).toMatchObject({ tierId: vip.id, tierPoint: 500, point: 1300 });
    // Down and up again by hand, rewards triggered: still nothing.
    await setTier(shop, 4301, { tierId: base.id });
    await setTier(shop, 4301, { tierId: vip.id, triggerReward: true });
    expect(await shop.customer(4301)).toMatchObject({ tierId: vip.id, point: 1300 });
    expect(await bonusRows(shop, 4301)).toHaveLength(1);

    // Gold is a first entry: its coupon is granted after the re-entries were read, so once it is
    // there they have been, and they granted nothing.
    // (The manual moves left the tier point at 0: down lowers it, up without isInitTier keeps it.)
    await shop.award(4301, 5000);
    expect(await shop.customer(4301)).toMatchObject({ tierId: gold.id, tierPoint: 5000 });
    await waitUntil(async () => (await couponsOf(shop, 4301)).length >= 2, 10_000, 'Gold coupon');
    const coupons = await couponsOf(shop, 4301);
    expect(coupons.map((c: { program: { id: string } }) => c.program.id).sort()).toEqual(
      [vip.tierRewards[1].id, gold.tierRewards[0].id].sort(),
    );
  });

  it('a tier recorded before the spec shape reads in it (tiers_v2 rebuilt from the log) and pays once', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await s.newShop();
    // What the service stored before: the merchant's records as sent, no ids.
    const stream = `tiers-${shop.shop.shopId}`;
    const recorded = await s.t.store.storage.eventStore.readStream(stream);
    await s.t.store.storage.eventStore.appendToStream(
      stream,
      [
        {
          id: randomUUID(),
          type: 'tier.defined.v1',
          data: {
            type: 'tier.defined.v1',
            eventId: 'legacy-vip',
            occurredAt: '2025-06-01T00:00:00.000Z',
            shopId: shop.shop.shopId,
            tierId: 'legacy-vip',
            isSystemTier: false,
            systemType: null,
            settings: {
              ...DEFAULT_TIER_SETTINGS,
              name: 'VIP',
              targetPoint: 500,
              tierRewards: [
                { type: 'points', points: 50 },
                { type: 'tier_privileges', title: 'Lounge access' },
                { event: 'bonus_point', type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' },
              ],
            },
          },
        },
      ],
      recorded[recorded.length - 1].revision,
    );
    let vip: { tierRewards: Array<Record<string, unknown>> } | null = null;
    await waitUntil(
      async () => {
        const res = await shop.get('/tiers/legacy-vip');
        vip = res.status === 200 ? res.body.data : null;
        return vip !== null;
      },
      10_000,
      'legacy tier in the read model',
    );
    expect(vip!.tierRewards).toMatchObject([
      { event: 'bonus_point', bonusPoints: 50, createdAt: '2025-06-01T00:00:00.000Z', id: expect.any(String) },
      { event: 'custom', type: 'tier_privileges', title: 'Lounge access' },
      { event: 'bonus_point', bonusPoints: 100, title: 'Welcome bonus' },
    ]);
    for (const reward of vip!.tierRewards)
      expect(Object.keys(reward).sort()).toEqual(Object.keys(TIER_REWARD_SPEC).sort());
    await shop.enrol(4401);
    await shop.award(4401, 600);
    expect(await shop.customer(4401)).toMatchObject({ tierId: 'legacy-vip', point: 750 });
    expect(await bonusRows(shop, 4401)).toMatchObject([{ earnPoint: 150 }]);
  });

  it('retention: settings validated; a due review keeps or lowers the tier', async () => {
    now = new Date('2026-01-15T12:00:00.000Z');
    const shop = await s.newShop();
    const settings = (body: object) => shop.put('/settings/tier-retention', body);
    expect(await shop.settings('tier-retention')).toEqual({ downgrade: false, assessmentMonths: 12, windowMonths: 12 });
    expect((await expectRefusal(settings({ downgrade: true, windowMonths: 30 }), 'BAD_REQUEST', 400)).field).toBe(
      'windowMonths',
    );
    expect((await settings({ downgrade: true, assessmentMonths: 0 }).expect(400)).body.error.field).toBe(
      'assessmentMonths',
    );
    await settings({ downgrade: true, assessmentMonths: 6, windowMonths: 3 }).expect(200);
    const gold = expectSuccess((await shop.post('/tiers', { name: 'Gold', targetPoint: 1000 }).expect(201)).body);
    await shop.enrol(4201);
    await shop.enrol(4202);
    const award = (id: number, point: number) => shop.award(id, point);
    await award(4201, 1500);
    await award(4202, 1500);
    const reviews = s.t.app.get(TierReviews);
    await withReceiver(async (receiver) => {
      for (const topic of [
        'tier/reset',
        'tier/downgraded',
        'tier/about_to_reset_4_weeks',
        'tier/about_to_reset_2_weeks',
        'tier/about_to_reset_1_day',
      ]) {
        await shop.subscribe(topic, receiver.url(`/${topic}`));
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
      const tierOf = async (id: number) => await shop.customer(id);
      expect(await tierOf(4201)).toMatchObject({ tierPoint: 0, point: 1500 });
      expect((await tierOf(4201)).tierId).not.toBe(gold.id);
      expect((await tierOf(4202)).tierId).toBe(gold.id);
      expect((await tierOf(4201)).tierUpdatedAt).toBe('2026-07-16T12:00:00.000Z');
      expect(await reviews.runOnce()).toEqual({ kept: 0, downgraded: 0, warned: 0 });
      expect(await deliveredTopics(receiver, 5, 'tier review webhooks')).toEqual(
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
    });
  });
});
