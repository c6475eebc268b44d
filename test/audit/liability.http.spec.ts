import { CommandBus } from '@nestjs/cqrs';
import { parse } from 'csv-parse/sync';
import { shopClient, ShopClient } from '../support/scenario';
import { setUpMonthRewards, setUpMonthShop } from '../support/month-shop';
import { auth, caughtUp, createTestApp, expectError, expectSuccess, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { platformOrder } from '../support/platform-orders';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';
import { ProvisionedShop, ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { Difference, ReadModelVerifier } from '../../src/audit/queries/verify-read-models';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signingKeyPem } from './signing-key';
import { checkExport } from '../../src/audit/cli/check.cli';
import { stableStringify } from '../../src/shared/domain/ids';

/**
 * The points liability of a Paris shop over March 2026 (the clocks go forward on Mar 29), against a
 * history scripted through the public interfaces with a moving clock: sign-ups, web orders, a store
 * order with held points partly refunded then released (a tier move and its bonus), a cancellation,
 * a redemption and its coupon refund, a refund taking points back, manual awards, an adjustment, a
 * deduction, a reset, and inactivity expiry. Every figure of the month is worked out by hand below.
 */
describe(`points liability roll-forward (${defaultStoreKind()})`, () => {
  let now = new Date('2026-02-27T09:00:00.000Z');
  let t: TestApp;
  let shop: ProvisionedShop;
  let s: ShopClient;
  const ANN = 8101;
  const BEN = 8102;
  const CY = 8103;
  const DEE = 8104;
  const CUSTOMERS = [ANN, BEN, CY, DEE];
  const at = (iso: string) => (now = new Date(iso));
  const order = (id: number, customer: number, total: string, source = 'web') =>
    platformOrder(id, { id: customer, email: `c${customer}@example.com`, state: 'enabled' }, total, {
      source_name: source,
    });
  const MARCH = { from: '2026-03-01T00:00:00+01:00', to: '2026-04-01T00:00:00+02:00' };

  beforeAll(async () => {
    // A PostgreSQL service signs exports with the key it is given (only the embedded store makes its own).
    t = await createTestApp({ clock: { now: () => now }, env: { AUDIT_SIGNING_KEY: signingKeyPem() } });
    shop = await t.app
      .get(CommandBus)
      .execute(new ProvisionShopCommand('liability-paris.example.com', 'ultimate', 'EUR', 'Europe/Paris'));
    s = shopClient(t, shop);
    await setUpMonthShop(s);
    const fiveOff = await setUpMonthRewards(s);
    await s.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 10 }).expect(200);
    const points = (kind: string, id: number, point: number) =>
      s.post(`/transactions/points/${kind}`, { platformCustomerId: String(id), point }).expect(200);

    // Mar 1: Ann, Ben and Dee sign up: +100 each (programs).
    at('2026-03-01T09:00:00.000Z');
    for (const id of [ANN, BEN, DEE]) await t.platform(shop, 'customers/create', { id, email: `c${id}@example.com` });
    // Mar 2: Ann's web order #501 $120.50: +120 (orders). Ann 220.
    at('2026-03-02T10:00:00.000Z');
    await t.platform(shop, 'orders/paid', order(501, ANN, '120.50')).expect(200);
    // Mar 3: Ann's store order #502 $200: 400 held. Mar 4: $50 refunded: 100 of them cancelled (300 held).
    at('2026-03-03T10:00:00.000Z');
    await t.platform(shop, 'orders/paid', order(502, ANN, '200.00', 'pos')).expect(200);
    at('2026-03-04T10:00:00.000Z');
    await s.refund(8801, 502, '50.00').expect(200);
    // Mar 5: Ben's web order #601 $80: +80 (orders). Mar 6: cancelled: 80 reversed. Ben 100.
    at('2026-03-05T10:00:00.000Z');
    await t.platform(shop, 'orders/paid', order(601, BEN, '80.00')).expect(200);
    at('2026-03-06T10:00:00.000Z');
    await t.platform(shop, 'orders/cancelled', order(601, BEN, '80.00')).expect(200);
    // Mar 10: the 300 held are released (orders): Ann 520, Silver and its +50 bonus (tier rewards). Ann 570.
    at('2026-03-10T11:00:00.000Z');
    expect(await t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    // Mar 12 09:00: 10 days without activity: Dee's 100 expire (Ann's last earning was Mar 2 10:00).
    at('2026-03-12T09:00:00.000Z');
    expect((await t.app.get(PointsExpiry).runOnce()).expired).toBe(1);
    // Mar 12 10:00: Ann buys $5 off for 500 (redeemed). Ann 70. Mar 15: the coupon is refunded: +500. Ann 550.
    at('2026-03-12T10:00:00.000Z');
    const coupon = (await s.redeem({ programId: fiveOff, platformCustomerId: String(ANN), quantity: 1 }).expect(200))
      .body.meta.couponCode;
    // Mar 14: $20.50 of #501 refunded: floor(120 x 20.50 / 120.50) = 20 reversed. Ann 50.
    at('2026-03-14T10:00:00.000Z');
    await s.refund(8802, 501, '20.50').expect(200);
    at('2026-03-15T10:00:00.000Z');
    await s.post('/rewards/coupons/refund', { discountCode: coupon, platformCustomerId: String(ANN) }).expect(200);
    // Mar 16: the merchant awards Ann 1000 (Gold, no bonus) and Ben 7 (manual). Ann 1550, Ben 107.
    at('2026-03-16T10:00:00.000Z');
    await s.award(ANN, 1000);
    await s.award(BEN, 7);
    // Mar 17: Ben adjusted by -7; Mar 18: Ann's 50 deducted (adjusted). Ben 100, Ann 1500.
    at('2026-03-17T10:00:00.000Z');
    await points('adjust', BEN, -7);
    at('2026-03-18T10:00:00.000Z');
    await s.deduct(ANN, 50);
    // Mar 20: Cy signs up (+100, programs) and is reset to 40 (adjusted -60).
    at('2026-03-20T10:00:00.000Z');
    await t.platform(shop, 'customers/create', { id: CY, email: `c${CY}@example.com` });
    await points('reset', CY, 40);
    // Mar 28 23:30 UTC is Mar 29 00:30 in Paris: Cy +5 (manual) counts on Mar 29.
    at('2026-03-28T23:30:00.000Z');
    await s.award(CY, 5);
    // Mar 29 22:30 UTC is Mar 30 00:30 in Paris (+02:00 since the change): Ben +3 counts on Mar 30.
    at('2026-03-29T22:30:00.000Z');
    await s.award(BEN, 3);
    // Mar 31: Ann's 1500 expire (no earning or spending since Mar 18). Ann 0, Ben 103, Cy 45, Dee 0.
    at('2026-03-31T10:00:00.000Z');
    expect((await t.app.get(PointsExpiry).runOnce()).expired).toBe(1);
    // Apr 2: Dee's personal data is erased; April's award to Ben is past the month.
    at('2026-04-02T10:00:00.000Z');
    await s.platform('customers/redact', { shop_id: 1, customer: { id: DEE } }).expect(200);
    await s.award(BEN, 11);
    await caughtUp([t.app]);
  }, 240_000);
  afterAll(() => t.close());

  const liability = (query: Record<string, string | number>) =>
    t.http().get('/rest_api/v2/audit/liability').query(query).set(auth(shop));
  const periodsOf = async (query: Record<string, string | number>) =>
    expectSuccess((await liability(query).expect(200)).body).periods as any[];

  it("March, worked out by hand: every kind of movement in the month's one period", async () => {
    const data = expectSuccess((await liability({ ...MARCH, interval: 'month' }).expect(200)).body);
    expect(data).toMatchObject({
      shopId: shop.shopId,
      timezone: 'Europe/Paris',
      currency: 'EUR',
      interval: 'month',
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-04-01T00:00:00+02:00',
      pointValue: null,
    });
    expect(data.periods).toEqual([
      {
        start: '2026-03-01T00:00:00+01:00',
        end: '2026-04-01T00:00:00+02:00',
        opening: 0,
        // programs: 4 sign-ups; orders: 120 + 80 + 300 released; tier: Silver's 50; manual 1000 + 7 + 5 + 3.
        issued: { total: 1965, orders: 500, programs: 400, tierRewards: 50, milestones: 0, referrals: 0, manual: 1015 },
        redeemed: 0, // 500 spent, 500 given back by the coupon refund
        couponRefunds: 500,
        expired: 1600, // Dee 100, Ann 1500
        adjusted: -117, // Ben -7, Ann -50, Cy reset 100 -> 40
        reversed: 100, // Ben's cancelled order 80, Ann's refund 20
        closing: 148, // Ben 103 + Cy 45
        pending: { opening: 0, held: 400, released: 300, cancelled: 100, closing: 0 },
        customersWithBalance: 2,
      },
    ]);
  });

  const identity = (p: any) =>
    expect(p.opening + p.issued.total - p.redeemed - p.expired + p.adjusted - p.reversed).toBe(p.closing);

  it.each(['day', 'week', 'month'])('the identity holds in every %s period, and periods chain', async (interval) => {
    const periods = await periodsOf({ ...MARCH, interval });
    expect(periods.length).toBe({ day: 31, week: 6, month: 1 }[interval]);
    periods.forEach(identity);
    periods.forEach((p, i) => {
      const sources = p.issued.orders + p.issued.programs + p.issued.tierRewards + p.issued.manual;
      expect(p.issued.total).toBe(sources + p.issued.milestones + p.issued.referrals);
      if (i > 0) expect(p.opening).toBe(periods[i - 1].closing);
      if (i > 0) expect(p.start).toBe(periods[i - 1].end);
    });
    expect(periods[0].opening).toBe(0);
    expect(periods[periods.length - 1].closing).toBe(148);
  });

  it('closing, held points and customers with a balance at each period end equal the as-of fold of every customer', async () => {
    const periods = await periodsOf({ ...MARCH, interval: 'day' });
    for (const p of periods) {
      // The period counts events before its end; the as-of read counts those at or before an instant.
      const asOf = new Date(Date.parse(p.end) - 1).toISOString();
      let balance = 0;
      let pending = 0;
      let withBalance = 0;
      for (const id of CUSTOMERS) {
        const res = await t.http().get(`/rest_api/v2/audit/customers/${id}/state`).query({ asOf }).set(auth(shop));
        if (res.status === 404) continue; // not enrolled yet
        const state = expectSuccess(res.body);
        balance += state.balance;
        pending += state.pendingPoints;
        if (state.balance > 0) withBalance++;
      }
      expect([p.end, p.closing, p.pending.closing, p.customersWithBalance]).toEqual([
        p.end,
        balance,
        pending,
        withBalance,
      ]);
    }
  });

  it("days follow the shop's time zone across the spring change (a 23-hour day)", async () => {
    const days = await periodsOf({
      from: '2026-03-28T00:00:00+01:00',
      to: '2026-03-31T00:00:00+02:00',
      interval: 'day',
    });
    expect(days.map((d) => [d.start, d.end, d.issued.manual, d.closing])).toEqual([
      ['2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00', 0, 1640], // Ann 1500, Ben 100, Cy 40
      ['2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00', 5, 1645], // Cy's 5 at 00:30 local
      ['2026-03-30T00:00:00+02:00', '2026-03-31T00:00:00+02:00', 3, 1648], // Ben's 3 at 00:30 local
    ]);
    expect(days[0].opening).toBe(1640);
  });

  it('the first and last periods may be partial; the opening is everything before from', async () => {
    const weeks = await periodsOf({
      from: '2026-03-11T00:00:00+01:00',
      to: '2026-03-20T00:00:00+01:00',
      interval: 'week',
    });
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-03-11T00:00:00+01:00', '2026-03-16T00:00:00+01:00'],
      ['2026-03-16T00:00:00+01:00', '2026-03-20T00:00:00+01:00'],
    ]);
    // Before Mar 11: Ann 570, Ben 100, Dee 100.
    expect(weeks[0]).toMatchObject({ opening: 770, expired: 100, redeemed: 0, couponRefunds: 500, reversed: 20 });
    expect(weeks[1]).toMatchObject({ opening: 650, issued: expect.objectContaining({ manual: 1007 }), adjusted: -57 });
    expect(weeks[1].closing).toBe(1600);
  });

  it('a rebuild of the read models from the log gives the same answer', async () => {
    const before = await periodsOf({ ...MARCH, interval: 'day' });
    await t.app.get(ProjectionRunner).rebuild();
    expect(await periodsOf({ ...MARCH, interval: 'day' })).toEqual(before);
  });

  it("the verification recomputes the liability's days from the log: they agree across the clock change", async () => {
    const differences: Difference[] = [];
    const summary = await t.app
      .get(ReadModelVerifier)
      .run({ shopId: shop.shopId, onDifference: (d) => void differences.push(d) });
    expect(differences).toEqual([]);
    // Days with a movement (Paris): Mar 1-6, 10, 12, 14-18, 20, 29, 30, 31, and Apr 2.
    expect(summary.documents.liabilityDays).toBe(18);
  });

  it('format=csv answers the same figures, one row per period, as a CSV parser reads them', async () => {
    const json = await periodsOf({ ...MARCH, interval: 'week' });
    const res = await liability({ ...MARCH, interval: 'week', format: 'csv' }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="liability-${shop.shopId}.csv"`);
    const rows: Array<Record<string, string>> = parse(res.text, { columns: true });
    expect(rows).toHaveLength(json.length);
    rows.forEach((row, i) => {
      const p = json[i];
      expect(row).toEqual({
        start: p.start,
        end: p.end,
        opening: String(p.opening),
        issued: String(p.issued.total),
        issued_orders: String(p.issued.orders),
        issued_programs: String(p.issued.programs),
        issued_tier_rewards: String(p.issued.tierRewards),
        issued_milestones: String(p.issued.milestones),
        issued_referrals: String(p.issued.referrals),
        issued_manual: String(p.issued.manual),
        redeemed: String(p.redeemed),
        coupon_refunds: String(p.couponRefunds),
        expired: String(p.expired),
        adjusted: String(p.adjusted),
        reversed: String(p.reversed),
        closing: String(p.closing),
        pending_opening: String(p.pending.opening),
        pending_held: String(p.pending.held),
        pending_released: String(p.pending.released),
        pending_cancelled: String(p.pending.cancelled),
        pending_closing: String(p.pending.closing),
        customers_with_balance: String(p.customersWithBalance),
      });
    });
  });

  it('with a pointValue, every figure also in money (decimal strings), and breakage over its window', async () => {
    await s.put('/settings/accounting', { pointValue: '0.010' }).expect(200);
    expect((await s.settings('accounting')).pointValue).toBe('0.01');
    const data = expectSuccess((await liability({ ...MARCH, interval: 'month', breakageMonths: 1 }).expect(200)).body);
    expect(data.pointValue).toBe('0.01');
    expect(data.periods[0].value).toEqual({
      opening: '0.00',
      issued: '19.65',
      redeemed: '0.00',
      expired: '16.00',
      adjusted: '-1.17',
      reversed: '1.00',
      closing: '1.48',
      pending: '0.00',
    });
    // 1600 expired of 1965 issued in March.
    expect(data.breakage).toEqual({
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-04-01T00:00:00+02:00',
      months: 1,
      issued: 1965,
      expired: 1600,
      rate: '0.8142',
    });
    const csv = parse((await liability({ ...MARCH, format: 'csv' }).expect(200)).text, { columns: true });
    expect(csv[0]).toMatchObject({ value_closing: '1.48', value_adjusted: '-1.17' });
    await s.put('/settings/accounting', { pointValue: null }).expect(200);
    const none = expectSuccess((await liability({ ...MARCH }).expect(200)).body);
    expect(none.pointValue).toBeNull();
    expect(none.periods[0].value).toBeUndefined();
    const bad = expectError(
      (await s.put('/settings/accounting', { pointValue: 0.0000001 }).expect(400)).body,
      'BAD_REQUEST',
      400,
    );
    expect(bad.field).toBe('pointValue');
  });

  it('refuses times without an offset, times that are not a midnight of the shop, and other bad input, naming the field', async () => {
    const refused = async (query: Record<string, string>, field: string, message?: RegExp) => {
      const error = expectError((await liability(query).expect(400)).body, 'BAD_REQUEST', 400);
      expect(error.field).toBe(field);
      if (message) expect(error.message).toMatch(message);
    };
    await refused({ from: '2026-03-01T00:00', to: MARCH.to }, 'from', /offset/);
    await refused(
      { from: '2026-03-01T00:00:00Z', to: MARCH.to },
      'from',
      /from must be a midnight in the shop's time zone Europe\/Paris \(e\.g\. 2026-03-01T00:00:00\+01:00\)/,
    );
    await refused({ from: MARCH.from, to: '2026-04-01T00:00:00+01:00' }, 'to', /midnight/);
    await refused({ from: MARCH.to, to: MARCH.from }, 'to', /after from/);
    await refused({ ...MARCH, interval: 'year' }, 'interval');
    await refused({ ...MARCH, format: 'xml' }, 'format');
    await refused({ to: MARCH.to }, 'from');
  });

  it('the signed export carries the roll-forward of its range, recomputed from the exported events', async () => {
    const answer = expectSuccess((await liability({ ...MARCH, interval: 'week' }).expect(200)).body);
    const exportOf = (query: Record<string, string>) =>
      t.http().get('/rest_api/v2/audit/export').query(query).set(auth(shop));
    const text = (await exportOf({ ...MARCH, liability: 'week' }).expect(200)).text;
    const lines = text.split('\n').filter((l) => l !== '');
    const manifest = JSON.parse(lines[lines.length - 1]);
    expect(manifest).toMatchObject({
      kind: 'manifest',
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
    });
    expect(manifest.liability).toEqual(answer);
    const dir = mkdtempSync(join(tmpdir(), 'liability-export-'));
    try {
      const key = createPublicKey((await t.http().get('/audit/public-key').expect(200)).text);
      const check = (content: string[]) => {
        const file = join(dir, `export-${content.length}-${Math.random()}.ndjson`);
        writeFileSync(file, content.map((l) => `${l}\n`).join(''));
        return checkExport(file, key);
      };
      expect(await check(lines)).toMatchObject({ ok: true, count: lines.length - 1 });
      // The figures are signed with the events: a closing changed in the file breaks the signature.
      const periods = [{ ...manifest.liability.periods[0], closing: 1 }, ...manifest.liability.periods.slice(1)];
      const edited = stableStringify({ ...manifest, liability: { ...manifest.liability, periods } });
      expect(await check([...lines.slice(0, -1), edited])).toMatchObject({
        ok: false,
        problem: 'the manifest signature is not valid',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const refused = async (query: Record<string, string>, field: string) =>
      expect(expectError((await exportOf(query).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
    await refused({ ...MARCH, liability: 'week', customerId: String(ANN) }, 'liability');
    await refused({ from: MARCH.from, liability: 'month' }, 'to');
    await refused({ ...MARCH, from: '2026-03-01T00:00:00Z', liability: 'month' }, 'from');
    await refused({ ...MARCH, liability: 'year' }, 'liability');
  });

  it("another shop's roll-forward holds none of this shop's points; no keys: 401", async () => {
    const other = await t.shop();
    const res = await t
      .http()
      .get('/rest_api/v2/audit/liability')
      .query({ from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' })
      .set(auth(other))
      .expect(200);
    const [march] = expectSuccess(res.body).periods;
    expect(march).toMatchObject({ opening: 0, closing: 0, issued: expect.objectContaining({ total: 0 }) });
    expectError(
      (await t.http().get('/rest_api/v2/audit/liability').query(MARCH).expect(401)).body,
      'UNAUTHORIZED',
      401,
    );
  });
});
