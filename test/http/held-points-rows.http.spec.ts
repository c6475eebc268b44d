import { expectSuccess, scenario } from '../support/scenario';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { bearer, HEADLESS, hmacGrant } from '../headless/headless-support';
import { orderCustomer, platformOrder } from '../support/platform-orders';

const DAY = 86_400_000;
const order = (id: number, customerId: number, total: string) =>
  platformOrder(id, orderCustomer(customerId, 'enabled'), total, { currency: 'EUR', source_name: 'web' });

/**
 * Held order points are visible (issue 12, item 7): a row for the hold (`isPendingPointPlaceOrder`,
 * `pendingPointUntil`), marked `refundPendingPoint` when a refund or the cancellation takes its points
 * back, and the release row naming the hold it pays (`pendingTransactionId`).
 */
describe('held order points as transaction rows', () => {
  // The service's clock starts at the real time, so tokens signed for it are accepted.
  let now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const s = scenario({ clock: { now: () => now } });
  const rowsOf = async (platformCustomerId: number, query = '') =>
    expectSuccess(
      (await s.get(`/transactions?platformCustomerId=${platformCustomerId}&order=createdAt_asc${query}`).expect(200))
        .body,
    );
  const token = async (platformCustomerId: number) =>
    (
      await s.t
        .http()
        .post(`${HEADLESS}/auth/token`)
        .send(hmacGrant(s.shop, platformCustomerId, undefined, Math.floor(now.getTime() / 1000)))
        .expect(200)
    ).body.data.token as string;

  /** What the shopper sees of their points: the headless activities, read with their own token. */
  const activitiesOf = async (platformCustomerId: number) =>
    expectSuccess(
      (
        await s.t
          .http()
          .get(`${HEADLESS}/customer/activities`)
          .set(bearer(await token(platformCustomerId)))
          .expect(200)
      ).body,
    );

  beforeAll(async () => {
    await s.program({
      type: 'earning',
      event: 'place_order',
      title: 'Orders',
      earnPoint: 1,
      rateMoney: 1,
      pendingDays: 7,
    });
    await s.enrol(3101);
    await s.enrol(3102);
    await s.award(3101, 10);
  });

  it('a hold is a row that moves no balance; a partial refund marks it; the release names it', async () => {
    const start = now.getTime();
    const until = new Date(start + 7 * DAY).toISOString();
    await s.platform('orders/paid', order(9101, 3101, '120.00')).expect(200);
    const [, held] = await rowsOf(3101);
    expect(held).toMatchObject({
      type: 'earn_point',
      event: 'place_order',
      source: 'platform',
      oldPoint: 10,
      newPoint: 10,
      earnPoint: 120,
      spendPoint: 0,
      programTitle: 'Orders',
      orderId: '9101',
      orderName: '#9101',
      orderNumber: '9101',
      orderCurrency: 'EUR',
      isPendingPointPlaceOrder: true,
      pendingPointUntil: until,
      refundPendingPoint: false,
      pendingTransactionId: null,
      content: `120 points on hold for order #9101 until ${until}`,
    });
    expect(held.updatedAt).toBe(held.createdAt);

    now = new Date(start + DAY);
    await s.refund(91, 9101, '30.00').expect(200);
    const marked = expectSuccess((await s.get(`/transactions/${held.id}`).expect(200)).body);
    expect(marked).toEqual({
      ...held,
      refundPendingPoint: true,
      content: `120 points on hold for order #9101 until ${until}: 30 cancelled (order refunded)`,
      updatedAt: now.toISOString(),
    });

    now = new Date(start + 7 * DAY);
    expect(await s.t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    const rows = await rowsOf(3101);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({
      type: 'earn_point',
      event: 'place_order',
      source: 'scheduler',
      oldPoint: 10,
      newPoint: 100,
      earnPoint: 90,
      orderId: '9101',
      orderName: '#9101',
      isPendingPointPlaceOrder: false,
      refundPendingPoint: false,
      pendingPointUntil: null,
      pendingTransactionId: held.id,
      content: 'Released 90 held points of order #9101',
    });
    // The hold row stays what it was: a record of the hold.
    expect(rows[1]).toEqual(marked);
    // Balances add up over the rows: the hold moved none.
    expect(rows.reduce((sum: number, r: any) => sum + r.newPoint - r.oldPoint, 0)).toBe(100);

    // The shopper sees the hold, its cancelled share and the release in their own words; points only when paid.
    const activities = await activitiesOf(3101);
    expect(activities.map((a: any) => [a.type, a.rawType, a.points, a.title])).toEqual([
      ['earn_point', 'earn_point', 90, '90 points from order #9101 are now yours'],
      ['pending_point', 'earn_point', 0, '30 held points were cancelled for order #9101'],
      ['earn_point', 'earn_point', 10, '10 points were added to your balance'],
    ]);
  });

  it('a cancellation inside the delay marks the hold and nothing is ever released', async () => {
    const start = now.getTime();
    const until = new Date(start + 7 * DAY).toISOString();
    await s.platform('orders/paid', order(9102, 3102, '40.00')).expect(200);
    const activities = await activitiesOf(3102);
    expect(activities.map((a: any) => [a.type, a.points, a.title])).toEqual([
      [
        'pending_point',
        0,
        `40 points are on hold for order #9102 until ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(until))}`,
      ],
    ]);
    now = new Date(start + 2 * DAY);
    await s.platform('orders/cancelled', order(9102, 3102, '40.00')).expect(200);
    now = new Date(start + 8 * DAY);
    expect(await s.t.app.get(PendingPointsRelease).runOnce()).toBe(0);
    const rows = await rowsOf(3102);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      isPendingPointPlaceOrder: true,
      refundPendingPoint: true,
      earnPoint: 40,
      oldPoint: 0,
      newPoint: 0,
      pendingPointUntil: until,
      content: `40 points on hold for order #9102 until ${until}: 40 cancelled (order cancelled)`,
    });
    // A hold counts as earning by direction; what happened is in event and the flags.
    expect(await rowsOf(3102, '&type=earn_point')).toHaveLength(1);
    expect(await rowsOf(3102, '&type=redeem_point')).toHaveLength(0);
  });
});
