import { shopClient } from '../support/scenario';
import { setUpMonthRewards, setUpMonthShop } from '../support/month-shop';
import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { platformOrder } from '../support/platform-orders';

/**
 * Balances as of any instant, against a history scripted through the public interfaces with a moving
 * clock (orders, a refund of held points, a release with a tier move and its bonus, a redemption, a
 * refund taking points back, a coupon refund, a second tier move, inactivity expiry). Every expected
 * figure is worked out by hand in the comments from the rules in docs/.
 */
describe(`balances as of an instant (${defaultStoreKind()})`, () => {
  let now = new Date('2026-03-01T09:00:00.000Z');
  let t: TestApp;
  let shop: ProvisionedShop;
  let silverId: string;
  let goldId: string;
  let bronzeId: string;
  let couponCode: string;
  const ANN = 7101;
  const BEN = 7102;
  const at = (iso: string) => (now = new Date(iso));
  const api = () => t.http();
  const order = (id: number, total: string, source = 'web') =>
    platformOrder(id, { id: ANN, email: 'ann@example.com', state: 'enabled' }, total, { source_name: source });

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    shop = await t.shop();
    const merchant = shopClient(t, shop);
    const tiers = await setUpMonthShop(merchant);
    silverId = tiers.silver.id;
    goldId = tiers.gold.id;
    bronzeId = (await merchant.get('/tiers').expect(200)).body.data[0].id;
    const fiveOff = await setUpMonthRewards(merchant);

    // Mar 1 09:00: Ann signs up: enrolled in Bronze, +100 sign-up. Balance 100, tier point 100, earned 100.
    at('2026-03-01T09:00:00.000Z');
    await t.platform(shop, 'customers/create', { id: ANN, email: 'ann@example.com' }).expect(200);
    // Ben, another customer of the shop, earns on the same days: none of it is Ann's.
    await t.platform(shop, 'customers/create', { id: BEN, email: 'ben@example.com' }).expect(200);
    // Mar 2 10:00: web order #501 $120.50 -> floor(120.50) = 120. Balance 220, tier point 220, earned 220.
    at('2026-03-02T10:00:00.000Z');
    await t.platform(shop, 'orders/paid', order(501, '120.50')).expect(200);
    // Mar 3 10:00: store order #502 $200 -> 2 x 200 = 400 held until Mar 10 10:00. Balance 220, pending 400.
    at('2026-03-03T10:00:00.000Z');
    await t.platform(shop, 'orders/paid', order(502, '200.00', 'pos')).expect(200);
    // Mar 4 10:00: $50 of #502 refunded inside the delay: floor(400 x 50/200) = 100 held points cancelled. Pending 300.
    at('2026-03-04T10:00:00.000Z');
    await merchant.refund(8801, 502, '50.00').expect(200);
    // Mar 10 11:00: the 300 held points are released: 220 + 300 = 520, tier point 520 >= 500: Silver and
    // its +50 bonus. Balance 570, tier point 570, earned 570, pending 0.
    at('2026-03-10T11:00:00.000Z');
    expect(await t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    // Mar 11 11:00: the merchant renames Silver to Argent (the tier stream, not Ann's).
    at('2026-03-11T11:00:00.000Z');
    await merchant.put(`/tiers/${silverId}`, { name: 'Argent' }).expect(200);
    // Mar 12 10:00: Ann buys $5 off for 500. Balance 70; one active coupon.
    at('2026-03-12T10:00:00.000Z');
    couponCode = (
      await merchant.redeem({ programId: fiveOff, platformCustomerId: String(ANN), quantity: 1 }).expect(200)
    ).body.meta.couponCode;
    // Mar 14 10:00: $20.50 of #501 refunded: floor(120 x 20.50/120.50) = floor(20.41) = 20 taken back.
    // Balance 50; tier point and earned 570 - 20 = 550; Ann stays Silver (reversals never move tiers).
    at('2026-03-14T10:00:00.000Z');
    await merchant.refund(8802, 501, '20.50').expect(200);
    // Mar 15 10:00: the coupon is given back: +500. Balance 550; no active coupon.
    at('2026-03-15T10:00:00.000Z');
    await merchant
      .post('/rewards/coupons/refund', { discountCode: couponCode, platformCustomerId: String(ANN) })
      .expect(200);
    // Mar 16 10:00: the merchant awards 1000: balance 1550, tier point 1550 >= 1500: Gold (no bonus).
    at('2026-03-16T10:00:00.000Z');
    await merchant.award(ANN, 1000);
    await merchant.award(BEN, 7);
    // Apr 14 10:00: 29 days without earning or spending (the last was Mar 16 10:00; 28 allowed): the
    // 1550 expire. Balance 0; tier point and earned stay 1550. (Ben's 107 expire too: his last award
    // was the same day.)
    at('2026-04-14T10:00:00.000Z');
    expect((await t.app.get(PointsExpiry).runOnce()).expired).toBe(2);
  }, 180_000);
  afterAll(() => t.close());

  const state = (asOf: string) =>
    api().get(`/rest_api/v2/audit/customers/${ANN}/state`).query({ asOf }).set(auth(shop));

  // [instant between two events, balance, pending, tier point, earned, tier, active coupons]
  const between: Array<[string, number, number, number, number, 'Bronze' | 'Silver' | 'Gold', number]> = [
    ['2026-03-01T12:00:00Z', 100, 0, 100, 100, 'Bronze', 0],
    ['2026-03-02T10:00:00Z', 220, 0, 220, 220, 'Bronze', 0], // the instant itself counts
    ['2026-03-02T23:00:00Z', 220, 0, 220, 220, 'Bronze', 0],
    ['2026-03-03T12:00:00Z', 220, 400, 220, 220, 'Bronze', 0],
    ['2026-03-04T09:59:59.999Z', 220, 400, 220, 220, 'Bronze', 0], // a millisecond before the refund
    ['2026-03-05T00:00:00Z', 220, 300, 220, 220, 'Bronze', 0],
    ['2026-03-10T12:00:00Z', 570, 0, 570, 570, 'Silver', 0],
    ['2026-03-13T00:00:00+02:00', 70, 0, 570, 570, 'Silver', 1], // Mar 12 22:00 UTC
    ['2026-03-14T12:00:00Z', 50, 0, 550, 550, 'Silver', 1],
    ['2026-03-15T12:00:00Z', 550, 0, 550, 550, 'Silver', 0],
    ['2026-03-31T00:00:00Z', 1550, 0, 1550, 1550, 'Gold', 0],
    ['2026-04-14T12:00:00Z', 0, 0, 1550, 1550, 'Gold', 0],
  ];

  it.each(between)('as of %s: balance %d, pending %d, tier point %d, earned %d, %s', async (asOf, ...want) => {
    const [balance, pendingPoints, tierPoint, earnedTotal, tier, coupons] = want;
    const data = expectSuccess((await state(asOf).expect(200)).body);
    const tierId = { Bronze: bronzeId, Silver: silverId, Gold: goldId }[tier];
    expect(data).toMatchObject({ balance, pendingPoints, tierPoint, earnedTotal, tierId, tierName: tier });
    expect(data.activeCoupons).toHaveLength(coupons);
    expect(data.asOf).toBe(new Date(asOf).toISOString());
    expect(Date.parse(data.occurredAt)).toBeLessThanOrEqual(Date.parse(asOf));
  });

  it('the active coupon is the one bought, with the points it cost', async () => {
    const data = expectSuccess((await state('2026-03-13T00:00:00Z').expect(200)).body);
    expect(data.activeCoupons).toEqual([
      { couponCode, rewardId: expect.any(String), pointsSpent: 500, rewardType: 'fixed_amount', expiresAt: null },
    ]);
  });

  it('before the customer existed: 404; no asOf: now', async () => {
    expectError((await state('2026-03-01T08:59:59Z').expect(404)).body, 'NOT_FOUND', 404);
    const current = expectSuccess(
      (await api().get(`/rest_api/v2/audit/customers/${ANN}/state`).set(auth(shop)).expect(200)).body,
    );
    expect(current).toMatchObject({ balance: 0, tierPoint: 1550, earnedTotal: 1550, tierName: 'Gold', asOf: null });
  });

  it('the replay shows every event with the figures after it', async () => {
    const body = (
      await api()
        .get(`/rest_api/v2/audit/customers/${ANN}/events`)
        .query({ limit: 1000, hasCount: true })
        .set(auth(shop))
        .expect(200)
    ).body;
    const rows = expectSuccess(body).map((e: any) => [
      e.type,
      e.after.balance,
      e.after.pendingPoints,
      e.after.tierPoint,
      e.after.earnedTotal,
      e.after.tierName,
    ]);
    expect(rows).toEqual([
      ['customer.enrolled.v1', 0, 0, 0, 0, 'Bronze'],
      ['points.awarded.v1', 100, 0, 100, 100, 'Bronze'], // sign-up
      ['order.recorded.v1', 100, 0, 100, 100, 'Bronze'], // #501
      ['points.awarded.v1', 220, 0, 220, 220, 'Bronze'],
      ['order.recorded.v1', 220, 0, 220, 220, 'Bronze'], // #502, store
      ['points.pending.v1', 220, 400, 220, 220, 'Bronze'],
      ['order.refund-recorded.v1', 220, 400, 220, 220, 'Bronze'],
      ['points.pending-cancelled.v1', 220, 300, 220, 220, 'Bronze'],
      ['points.awarded.v1', 520, 0, 520, 520, 'Bronze'], // release
      ['tier.changed.v1', 520, 0, 520, 520, 'Silver'],
      ['points.awarded.v1', 570, 0, 570, 570, 'Silver'], // Silver's bonus
      ['points.redeemed.v1', 70, 0, 570, 570, 'Silver'],
      ['order.refund-recorded.v1', 70, 0, 570, 570, 'Silver'],
      ['points.revoked.v1', 50, 0, 550, 550, 'Silver'],
      ['points.coupon-refunded.v1', 550, 0, 550, 550, 'Silver'],
      ['points.awarded.v1', 1550, 0, 1550, 1550, 'Silver'],
      ['tier.changed.v1', 1550, 0, 1550, 1550, 'Gold'],
      ['points.expired.v1', 0, 0, 1550, 1550, 'Gold'],
    ]);
    expect(body.meta).toMatchObject({
      customerId: expect.any(String),
      platformCustomerId: ANN,
      streamId: `customer-${shop.shopId}_${body.meta.customerId}`,
      asOf: null,
      pagination: { hasNext: false, hasPre: false, total: 18 },
    });
    const first = body.data[0];
    expect(first).toEqual({
      revision: 0,
      position: expect.stringMatching(/^\d+\/\d+$/),
      type: 'customer.enrolled.v1',
      eventId: first.data.eventId,
      occurredAt: '2026-03-01T09:00:00.000Z',
      recordedAt: expect.any(String),
      data: expect.objectContaining({ customerId: body.meta.customerId, platformCustomerId: ANN }),
      after: { balance: 0, pendingPoints: 0, tierPoint: 0, tierId: bronzeId, tierName: 'Bronze', earnedTotal: 0 },
    });
  });

  it('the replay stops at asOf and pages over revisions', async () => {
    const asOf = '2026-03-10T12:00:00Z'; // 11 events: up to Silver's bonus
    const page = async (query: object) =>
      (
        await api()
          .get(`/rest_api/v2/audit/customers/${ANN}/events`)
          .query({ asOf, ...query })
          .set(auth(shop))
          .expect(200)
      ).body;
    const one = await page({ limit: 4, hasCount: true });
    expect(one.data.map((e: any) => e.revision)).toEqual([0, 1, 2, 3]);
    expect(one.meta.pagination).toEqual({ hasNext: true, hasPre: false, total: 11 });
    expect((await page({ limit: 4 })).meta.pagination).toEqual({ hasNext: true, hasPre: false });
    const two = await page({ limit: 4, after: 3 });
    expect(two.data.map((e: any) => e.revision)).toEqual([4, 5, 6, 7]);
    expect(two.data[1].after).toMatchObject({ balance: 220, pendingPoints: 400 });
    const three = await page({ limit: 4, after: 7 });
    expect(three.data.map((e: any) => [e.revision, e.after.balance])).toEqual([
      [8, 520],
      [9, 520],
      [10, 570],
    ]);
    expect(three.meta.pagination).toEqual({ hasNext: false, hasPre: true });
    const back = await page({ limit: 2, before: 8 });
    expect(back.data.map((e: any) => e.revision)).toEqual([6, 7]);
    expect(back.meta.pagination).toEqual({ hasNext: true, hasPre: true });
    // Before the end of the stream (as of asOf): the last events; before 0: nothing, and more after.
    const last = await page({ limit: 2, before: 50 });
    expect(last.data.map((e: any) => e.revision)).toEqual([9, 10]);
    expect(last.meta.pagination).toEqual({ hasNext: false, hasPre: true });
    const none = await page({ limit: 2, before: 0 });
    expect(none.data).toEqual([]);
    expect(none.meta.pagination).toEqual({ hasNext: true, hasPre: false });
    const beyond = await page({ limit: 2, after: 40 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination).toEqual({ hasNext: false, hasPre: true });
  });

  it('GET /customers/{id}?asOf= answers the Customer record as it stood then, tier names as they were', async () => {
    const record = async (asOf: string) =>
      expectSuccess(
        (await api().get(`/rest_api/v2/customers/external/${ANN}`).query({ asOf }).set(auth(shop)).expect(200)).body,
      );
    const before = await record('2026-03-10T12:00:00Z');
    expect(before).toMatchObject({
      platformCustomerId: ANN,
      point: 570,
      tierPoint: 570,
      totalEarnedPoints: 570,
      pendingPoints: 0,
      tierId: silverId,
      tierName: 'Silver',
      tierUpdatedAt: '2026-03-10T11:00:00.000Z',
      ordersCount: 2,
      totalSpent: 270.5, // 120.50 + 200 - 50 refunded
      earnSignUp: true,
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-10T11:00:00.000Z',
    });
    expect((await record('2026-03-11T12:00:00Z')).tierName).toBe('Argent');
    const current = expectSuccess((await api().get(`/rest_api/v2/customers/external/${ANN}`).set(auth(shop))).body);
    const asOfNow = expectSuccess(
      (await api().get(`/rest_api/v2/customers/${current.id}`).query({ asOf: '2027-01-01T00:00:00Z' }).set(auth(shop)))
        .body,
    );
    // The record as of now is the live record (the read model equals the fold).
    expect(asOfNow).toEqual(current);
    const held = await record('2026-03-05T00:00:00Z');
    expect(held).toMatchObject({ point: 220, pendingPoints: 300, ordersCount: 2, totalSpent: 270.5 });
  });

  it('asOf must be an instant with its offset; another shop sees nothing', async () => {
    const bad = expectError((await state('2026-03-10T12:00').expect(400)).body, 'BAD_REQUEST', 400);
    expect(bad.field).toBe('asOf');
    const other = await t.shop();
    expectError(
      (await api().get(`/rest_api/v2/audit/customers/${ANN}/state`).set(auth(other)).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    expectError(
      (
        await api()
          .get(`/rest_api/v2/customers/external/${ANN}`)
          .query({ asOf: '2026-03-10T12:00:00Z' })
          .set(auth(other))
          .expect(404)
      ).body,
      'NOT_FOUND',
      404,
    );
  });
});
