import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { setUpMonthRewards, setUpMonthShop } from '../support/month-shop';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';
import { orderCustomer, platformOrder } from '../support/platform-orders';

/**
 * A month of a shop's life, replayed through the public interfaces (platform webhooks, v2 API,
 * schedulers) with a moving clock. Every expected balance below is worked out by hand in the
 * comments, from the rules in docs/, not computed by the code under test.
 */
describe(`a month replayed (${defaultStoreKind()})`, () => {
  let now = new Date('2026-03-01T09:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });
  const at = (iso: string) => (now = new Date(iso));
  const order = (id: number, customerId: number, total: string, source = 'web', extra: Record<string, unknown> = {}) =>
    platformOrder(id, orderCustomer(customerId, 'enabled'), total, { source_name: source, ...extra });
  const customer = async (id: number) => await s.customer(id);

  it('every balance, earned total and tier matches the hand-computed ledger', async () => {
    const ANN = 9001,
      BEN = 9002,
      CAT = 9003,
      DAN = 9004;
    const { silver, gold } = await setUpMonthShop(s);
    const follow = await s.earning('follow_photo', 'Follow us', { earnPoint: 30 });
    const fiveOff = await setUpMonthRewards(s);
    const redeem = (id: number, quantity = 1) =>
      s.redeem({ programId: fiveOff, platformCustomerId: String(id), quantity });

    // Mar 1: four sign-ups, 100 points each.
    for (const id of [ANN, BEN, CAT, DAN])
      await s.platform('customers/create', { id, email: `c${id}@example.com` }).expect(200);
    // Mar 2: Ann, web order $120.50 -> floor(120.50) = 120. Ann 220.
    at('2026-03-02T10:00:00.000Z');
    await s.platform('orders/paid', order(501, ANN, '120.50')).expect(200);
    // Mar 3: Ben, web order $450.99 -> 450; tier point 550 >= 500: Silver, +50 entry bonus. Ben 600.
    at('2026-03-03T10:00:00.000Z');
    await s.platform('orders/paid', order(502, BEN, '450.99')).expect(200);
    // Mar 4: the same order delivered again under another webhook id: nothing. Ben 600.
    at('2026-03-04T10:00:00.000Z');
    await s.platform('orders/paid', order(502, BEN, '450.99')).expect(200);
    // Mar 5: Cat follows (+30 = 130), and tries again: refused, still 130.
    at('2026-03-05T10:00:00.000Z');
    const social = { platformCustomerId: String(CAT), event: 'follow_photo', earningId: follow };
    await s.post('/programs/earning/social/interactions', social).expect(200);
    await s.post('/programs/earning/social/interactions', social).expect(400);
    // Mar 6 12:00: Ann, store order $80 -> 2 x 80 = 160 held for 7 days (until Mar 13 12:00). Ann 220.
    at('2026-03-06T12:00:00.000Z');
    await s.platform('orders/paid', order(503, ANN, '80.00', 'pos')).expect(200);
    // Mar 8: $20 of it refunded: floor(160 x 20/80) = 40 held points cancelled; 120 still held.
    at('2026-03-08T10:00:00.000Z');
    await s.refund(7001, 503, '20.00').expect(200);
    // Mar 10: Ben buys $5 off for 500. Ben 100.
    at('2026-03-10T10:00:00.000Z');
    await redeem(BEN).expect(200);
    // Mar 12: $150.33 of Ben's $450.99 refunded: floor(450 x 15033/45099) = 150 due; only 100 left to take
    // (shortfall 50). Ben 0; earned total and tier point drop by the full 150: 600 - 150 = 450.
    at('2026-03-12T10:00:00.000Z');
    await s.refund(7002, 502, '150.33').expect(200);
    // Mar 13 12:00: the release scheduler pays Ann's 120 held points. Ann 340.
    at('2026-03-13T12:00:00.000Z');
    expect(await s.t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    // Mar 14: Ann, web order $1,200.00 -> 1200; tier point 100+120+120+1200 = 1540: straight to Gold
    // (only the tier entered pays its bonus; Gold has none). Ann 1540.
    at('2026-03-14T10:00:00.000Z');
    await s.platform('orders/paid', order(504, ANN, '1200.00')).expect(200);
    // Mar 15: Ann's first order cancelled: its 120 points go. Ann 1420, tier point 1420 (tiers never drop on a reversal).
    at('2026-03-15T10:00:00.000Z');
    await s.platform('orders/cancelled', order(501, ANN, '120.50')).expect(200);
    // Mar 16: the merchant gives Cat 400: 530 -> Silver, +50. Cat 580.
    at('2026-03-16T10:00:00.000Z');
    await s.award(CAT, 400);
    // Mar 20: Cat buys $5 off (80); Mar 21 gives it back (580).
    at('2026-03-20T10:00:00.000Z');
    const catCoupon = (await redeem(CAT).expect(200)).body.meta.couponCode;
    at('2026-03-21T10:00:00.000Z');
    await s.post('/rewards/coupons/refund', { discountCode: catCoupon, platformCustomerId: String(CAT) }).expect(200);
    // Mar 22: Ann buys two at once: 1000 points for one $10 coupon. Ann 420.
    at('2026-03-22T10:00:00.000Z');
    const annCoupon = (await redeem(ANN, 2).expect(200)).body.meta.couponCode;
    // Mar 25: Ann uses it on a $60 web order: +60. Ann 480.
    at('2026-03-25T10:00:00.000Z');
    await s
      .platform('orders/paid', order(505, ANN, '60.00', 'web', { discount_codes: [{ code: annCoupon }] }))
      .expect(200);
    // Mar 30: Dan has done nothing for 29 days (> 28): his 100 expire. Ben (last activity Mar 10) and
    // the others are recent enough.
    at('2026-03-30T10:00:00.000Z');
    expect((await s.t.app.get(PointsExpiry).runOnce()).expired).toBe(1);

    const expected = {
      [ANN]: { point: 480, totalEarnedPoints: 100 + 120 + 120 + 1200 + 60 - 120, tierId: gold.id, tierPoint: 1480 },
      [BEN]: { point: 0, totalEarnedPoints: 450, tierId: silver.id, tierPoint: 450 },
      [CAT]: { point: 580, totalEarnedPoints: 580, tierId: silver.id, tierPoint: 580 },
      [DAN]: { point: 0, totalEarnedPoints: 100, tierPoint: 100 },
    };
    for (const [id, want] of Object.entries(expected)) {
      expect({ ...(await customer(Number(id))), who: id }).toMatchObject({ ...want, who: id });
      // The history adds up to the balance: every change is a row. A hold is a row too, but changes
      // nothing until its release row (its earnPoint is what is held; oldPoint = newPoint).
      const rows = (await s.get(`/transactions?platformCustomerId=${id}&limit=100`).expect(200)).body.data;
      const paid = rows.filter((r: any) => !r.isPendingPointPlaceOrder);
      const sum = paid.reduce((s: number, r: any) => s + r.earnPoint - r.spendPoint, 0);
      expect({ id, sum }).toEqual({ id, sum: want.point });
      expect(rows.reduce((s: number, r: any) => s + r.newPoint - r.oldPoint, 0)).toBe(want.point);
    }
    expect((await customer(ANN)).ordersCount).toBe(3); // 503, 504, 505 (501 cancelled)
    const annRewards = (await s.get(`/rewards?platformCustomerId=${ANN}`).expect(200)).body.data;
    expect(annRewards.map((r: any) => [r.rewardValue, r.pointsSpent, r.discountStatus])).toEqual([[10, 1000, 'used']]);
    const catRewards = (await s.get(`/rewards?platformCustomerId=${CAT}`).expect(200)).body.data;
    expect(catRewards.map((r: any) => r.discountStatus)).toEqual(['refunded']);
  });
});
