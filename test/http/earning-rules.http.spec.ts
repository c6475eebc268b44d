import { expectRefusal, expectSuccess, scenario, ShopClient } from '../support/scenario';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { orderCustomer, platformOrder } from '../support/platform-orders';

const DAY = 86_400_000;
const order = (id: number, customerId: number, total: string, extra: Record<string, unknown> = {}) =>
  platformOrder(id, orderCustomer(customerId, 'enabled'), total, { source_name: 'web', ...extra });

describe('earning rules over HTTP: held points, global limit, guests', () => {
  let now = new Date('2026-05-01T12:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });
  const ordersProgram = (shop: ShopClient, extra: Record<string, unknown> = {}) =>
    shop.program({ type: 'earning', event: 'place_order', title: 'Orders', earnPoint: 1, rateMoney: 1, ...extra });

  it('pendingDays holds order points until the scheduler releases them; a refund inside the delay cancels its share', async () => {
    now = new Date('2026-05-01T12:00:00.000Z');
    const shop = await s.newShop();
    const program = await ordersProgram(shop, { roundingMethod: 'floor', pendingDays: 14 });
    expect(program.pendingDays).toBe(14);
    expect(
      (await expectRefusal(shop.put(`/programs/${program.id}`, { pendingDays: 400 }), 'BAD_REQUEST', 400)).field,
    ).toBe('pendingDays');
    await shop.platform('orders/paid', order(5001, 2101, '200.00')).expect(200);
    await shop.platform('orders/paid', order(5002, 2101, '100.00')).expect(200);
    expect(await shop.customer(2101)).toMatchObject({ point: 0, pendingPoints: 300 });
    // Half of order 5002 is refunded inside the delay: 50 held points are cancelled.
    await shop.refund(77, 5002, '50.00').expect(200);
    expect(await shop.customer(2101)).toMatchObject({ point: 0, pendingPoints: 250 });
    const release = s.t.app.get(PendingPointsRelease);
    expect(await release.runOnce()).toBe(0);
    now = new Date(now.getTime() + 14 * DAY);
    expect(await release.runOnce()).toBe(1);
    expect(await release.runOnce()).toBe(0);
    expect(await shop.customer(2101)).toMatchObject({ point: 250, pendingPoints: 0, totalEarnedPoints: 250 });
    const rows = (await shop.get('/transactions?platformCustomerId=2101&event=place_order').expect(200)).body.data;
    // A row per hold (the balance does not move) and per release (which names its hold).
    expect(
      rows.map((r: any) => [r.orderId, r.earnPoint, r.isPendingPointPlaceOrder, r.refundPendingPoint]).sort(),
    ).toEqual([
      ['5001', 200, false, false],
      ['5001', 200, true, false],
      ['5002', 100, true, true],
      ['5002', 50, false, false],
    ]);
    const holdOf = (orderId: string) => rows.find((r: any) => r.orderId === orderId && r.isPendingPointPlaceOrder).id;
    expect(
      rows
        .filter((r: any) => !r.isPendingPointPlaceOrder)
        .map((r: any) => r.pendingTransactionId)
        .sort(),
    ).toEqual([holdOf('5001'), holdOf('5002')].sort());
    // After release a refund revokes from the balance, pro rata on the whole order.
    await shop.refund(78, 5001, '100.00').expect(200);
    expect((await shop.customer(2101)).point).toBe(150);
  });

  it('global earning limit: settings validated; social earn capped then LIMIT_REACHED; per-tier unlimited', async () => {
    now = new Date('2026-05-10T12:00:00.000Z');
    const shop = await s.newShop();
    const settings = (body: object) => shop.put('/settings/earning-limit', body);
    expect(await shop.settings('earning-limit')).toMatchObject({ enabled: false });
    expect((await expectRefusal(settings({ enabled: true }), 'BAD_REQUEST', 400)).field).toBe('maxPoints');
    expect((await settings({ enabled: true, maxPoints: 10, period: 'hour' }).expect(400)).body.error.field).toBe(
      'period',
    );
    expect((await settings({ enabled: true, maxPoints: -1 }).expect(400)).body.error.field).toBe('maxPoints');
    await settings({ enabled: true, maxPoints: 100, period: 'month' }).expect(200);
    expect((await shop.get('/settings/earning-limit').expect(200)).body.data).toEqual({
      enabled: true,
      maxPoints: 100,
      period: 'month',
      tiers: [],
    });

    const follow = await shop.program({ type: 'earning', event: 'follow_photo', title: 'Follow', earnPoint: 80 });
    const like = await shop.program({ type: 'earning', event: 'like_feed', title: 'Like', earnPoint: 80 });
    const join = await shop.program({ type: 'earning', event: 'join_forum', title: 'Join', earnPoint: 80 });
    await shop.enrol(2201);
    const interact = (program: { id: string; event: string }) =>
      shop.post('/programs/earning/social/interactions', {
        platformCustomerId: '2201',
        event: program.event,
        earningId: program.id,
      });
    await interact(follow).expect(200);
    await interact(like).expect(200);
    expect((await shop.customer(2201)).point).toBe(100);
    await expectRefusal(interact(join), 'LIMIT_REACHED', 400);
    expect((await shop.customer(2201)).point).toBe(100);
    // The customer's tier is unlimited: the next program pays in full.
    const base = (await shop.customer(2201)).tierId;
    await settings({
      enabled: true,
      maxPoints: 100,
      period: 'month',
      tiers: [{ tierId: base, maxPoints: null }],
    }).expect(200);
    await interact(join).expect(200);
    expect((await shop.customer(2201)).point).toBe(180);
  });

  it('skipEarnPointGuest: a checkout without a customer account earns nothing; with the flag off it earns', async () => {
    now = new Date('2026-05-20T12:00:00.000Z');
    const shop = await s.newShop();
    const program = await ordersProgram(shop);
    expect(program.skipEarnPointGuest).toBe(true);
    await shop
      .platform(
        'orders/paid',
        order(6001, 2301, '40.00', { customer: { id: 2301, email: 'g@example.com', state: 'disabled' } }),
      )
      .expect(200);
    expect(await shop.customer(2301)).toMatchObject({ point: 0, ordersCount: 1 });
    await shop.put(`/programs/${program.id}`, { skipEarnPointGuest: false }).expect(200);
    await shop
      .platform(
        'orders/paid',
        order(6002, 2301, '40.00', { customer: { id: 2301, email: 'g@example.com', state: 'disabled' } }),
      )
      .expect(200);
    expect((await shop.customer(2301)).point).toBe(40);
  });
});

describe('collection-scoped order programs (embedded platform)', () => {
  const s = scenario();

  it('collections webhooks feed the memberships; orders and the cart calculation count only the scoped products', async () => {
    const shop = await s.newShop();
    await shop.platform('collections/create', { id: 70, title: 'Kitchen', product_ids: [501, 502] }).expect(200);
    await shop.platform('collections/create', { id: 71, title: 'Sale', product_ids: [502] }).expect(200);
    await expectRefusal(shop.platform('collections/update', { id: 72, product_ids: 'all' }), 'BAD_REQUEST', 400);
    const program = await shop.program({
      type: 'earning',
      event: 'place_order',
      title: 'Kitchen points',
      earnPoint: 2,
      rateMoney: 1,
      roundingMethod: 'floor',
      includeCollections: ['70'],
      excludeCollections: ['71'],
    });
    expect(program.includeCollections).toEqual([{ id: '70' }]);
    const lines = [
      { product_id: 501, variant_id: 1, quantity: 2, price: '10.00', title: 'Pan' },
      { product_id: 502, variant_id: 2, quantity: 1, price: '30.00', title: 'Knife (sale)' },
      { product_id: 503, variant_id: 3, quantity: 1, price: '40.00', title: 'Lamp' },
    ];
    await shop.platform('orders/paid', order(7001, 2401, '90.00', { line_items: lines })).expect(200);
    // Only the pans count: 20.00 x 2 points.
    expect(await shop.balance(2401)).toBe(40);
    const calc = expectSuccess(
      (
        await shop
          .post('/programs/earning/points/calculate', {
            products: [
              { id: 501, quantity: 2, price: 10 },
              { id: 502, quantity: 1, price: 30 },
              { id: 503, quantity: 1, price: 40 },
            ],
          })
          .expect(200)
      ).body,
    );
    expect(calc.pointsEarn).toBe(40);
    expect(calc.products.map((p: any) => p.points)).toEqual([40, 0, 0]);
    // The sale ends: the knife counts on the next order.
    await shop.platform('collections/delete', { id: 71 }).expect(200);
    await shop.platform('orders/paid', order(7002, 2401, '30.00', { line_items: [lines[1]] })).expect(200);
    expect(await shop.balance(2401)).toBe(100);
  });
});
