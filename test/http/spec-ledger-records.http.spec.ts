import { expectSuccess, scenario, ShopClient } from '../support/scenario';
import { fitsType, FieldType } from '../support/field-types';
import { PendingPointsRelease } from '../../src/ledger/held-points/pending-points-release.scheduler';
import { PointsExpiry } from '../../src/ledger/expiry/points-expiry.scheduler';
import { platformOrder } from '../support/platform-orders';

/** Spec 2.9 Transaction (point activity), every field in the spec's order. */
const SPEC_TRANSACTION: Record<string, FieldType> = {
  id: 'string',
  shopId: 'string',
  customerId: 'string',
  platformCustomerId: 'integer',
  email: 'string|null',
  content: 'string',
  type: 'earn_point,redeem_point',
  source: 'string',
  event: 'string',
  oldPoint: 'integer',
  newPoint: 'integer',
  earnPoint: 'integer',
  spendPoint: 'integer',
  programId: 'string|null',
  programTitle: 'string|null',
  priceRuleId: 'string|null',
  discountId: 'string|null',
  couponCode: 'string|null',
  orderId: 'string|null',
  orderName: 'string|null',
  orderNumber: 'string|null',
  orderCurrency: 'string|null',
  earnBy: 'string|null',
  rateMoney: 'number|null',
  referralCustomerEmail: 'string|null',
  referredCustomerEmail: 'string|null',
  milestoneOrder: 'integer|null',
  isPendingPointPlaceOrder: 'boolean',
  refundPendingPoint: 'boolean',
  pendingPointUntil: 'utc-date-time|null',
  adminNote: 'string|null',
  userNote: 'string|null',
  reason: 'string|null',
  createdAt: 'utc-date-time',
  updatedAt: 'utc-date-time',
};

/** What this service adds to the Transaction record (docs/management-api.md, "Transaction record"). */
const TRANSACTION_ADDITIONS: Record<string, FieldType> = {
  pendingTransactionId: 'string|null',
};

/** Spec 2.9 Customer, every field in the spec's order. */
const SPEC_CUSTOMER: Record<string, FieldType> = {
  id: 'string',
  platformCustomerId: 'integer',
  email: 'string|null',
  name: 'string|null',
  firstName: 'string|null',
  lastName: 'string|null',
  type: 'member,guest',
  point: 'integer',
  tierPoint: 'integer',
  totalEarnedPoints: 'integer',
  hasPoint: 'boolean',
  hasJoinedProgram: 'boolean',
  state: 'string',
  acceptsMarketing: 'boolean',
  tierId: 'string|null',
  tierName: 'string|null',
  pointsRemain: 'integer',
  isCustomerB2B: 'boolean',
  earnSignUp: 'boolean',
  referralCode: 'string',
  hasTier: 'boolean',
  totalSpentCurrencyCode: 'string',
  createdAt: 'utc-date-time',
  updatedAt: 'utc-date-time',
};

/** What this service adds to the Customer record (docs/management-api.md, "Extra Customer fields"). */
const CUSTOMER_ADDITIONS: Record<string, FieldType> = {
  pendingPoints: 'integer',
  tierUpdatedAt: 'utc-date-time|null',
  totalSpent: 'number',
  ordersCount: 'integer',
  birthday: 'string|null',
  dateOfBirth: 'string|null',
  enrolledAt: 'utc-date-time',
};

/** Every field of the record, no other, each of its type: the problems, as `name: value` lines. */
function recordProblems(record: Record<string, unknown>, ...fieldLists: Array<Record<string, FieldType>>): string[] {
  const fields: Record<string, FieldType> = Object.assign({}, ...fieldLists);
  const problems: string[] = [];
  for (const [name, type] of Object.entries(fields)) {
    if (!(name in record)) problems.push(`${name}: absent (${type})`);
    else if (!fitsType(record[name], type)) problems.push(`${name}: ${JSON.stringify(record[name])} is not ${type}`);
  }
  for (const name of Object.keys(record)) if (!(name in fields)) problems.push(`${name}: not in the spec's list`);
  return problems;
}

describe('spec 2.9 Transaction and Customer records field by field', () => {
  const DAY = 86_400_000;
  let now = new Date('2026-06-01T08:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });

  it('the checker itself catches a missing field, an extra one and a wrong type', () => {
    expect(recordProblems({ a: 1, b: 'x', c: null }, { a: 'integer', b: 'integer', d: 'string|null' })).toEqual([
      'b: "x" is not integer',
      'd: absent (string|null)',
      "c: not in the spec's list",
    ]);
    expect(
      recordProblems(
        { a: 'redeem_point', at: '2026-01-01T00:00:00.000Z' },
        { a: 'earn_point,redeem_point', at: 'utc-date-time' },
      ),
    ).toEqual([]);
    expect(recordProblems({ at: '2026-01-01 00:00' }, { at: 'utc-date-time' })).toHaveLength(1);
  });

  it('Transaction: every kind of row has every field of 2.9 with its type, and nothing else', async () => {
    await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, pendingDays: 2 });
    const reward = await s.spending('amount_discount', '$3 off', { pointsCost: 30, rewardValue: 3 });
    await s.enrol(6101);
    const notes = { adminNote: 'desk', userNote: 'thanks', reason: 'service' };
    const change = (kind: string, point: number) =>
      s.post(`/transactions/points/${kind}`, { platformCustomerId: '6101', point, ...notes }).expect(200);
    await change('award', 500);
    await change('deduct', 20);
    await change('adjust', -5);
    await change('reset', 400);
    const order = (id: number, total: string) => platformOrder(id, { id: 6101 }, total);
    await s.platform('orders/paid', order(8801, '80.00')).expect(200);
    await s.platform('orders/paid', order(8802, '20.00')).expect(200);
    await s.platform('orders/cancelled', order(8802, '20.00')).expect(200);
    now = new Date(now.getTime() + 3 * DAY);
    expect(await s.t.app.get(PendingPointsRelease).runOnce()).toBe(1);
    await s
      .platform('refunds/create', { id: 1, order_id: 8801, transactions: [{ kind: 'refund', amount: '40.00' }] })
      .expect(200);
    const redeem = () => s.redeem({ programId: reward, platformCustomerId: '6101', quantity: 1 }).expect(200);
    const code = (await redeem()).body.meta.couponCode;
    await s.post('/rewards/coupons/refund', { discountCode: code, platformCustomerId: '6101' }).expect(200);
    await redeem();
    await s.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 30 }).expect(200);
    now = new Date(now.getTime() + 31 * DAY);
    await s.t.app.get(PointsExpiry).runOnce();

    const rows: Array<Record<string, unknown>> = expectSuccess(
      (await s.get('/transactions?platformCustomerId=6101&limit=100&order=createdAt_asc').expect(200)).body,
    );
    expect(rows.map((r) => [r.event, r.type, r.isPendingPointPlaceOrder])).toEqual([
      ['earn_point_rest_api', 'earn_point', false],
      ['deduct_point_rest_api', 'redeem_point', false],
      ['adjust_point_rest_api', 'redeem_point', false],
      ['reset_point_rest_api', 'redeem_point', false],
      ['place_order', 'earn_point', true],
      ['place_order', 'earn_point', true],
      ['place_order', 'earn_point', false],
      ['order_refunded', 'redeem_point', false],
      ['amount_discount', 'redeem_point', false],
      ['coupon_refunded', 'earn_point', false],
      ['amount_discount', 'redeem_point', false],
      ['points_expired', 'redeem_point', false],
    ]);
    for (const row of rows) {
      expect({ event: row.event, problems: recordProblems(row, SPEC_TRANSACTION, TRANSACTION_ADDITIONS) }).toEqual({
        event: row.event,
        problems: [],
      });
      const one = expectSuccess((await s.get(`/transactions/${String(row.id)}`).expect(200)).body);
      expect(one).toEqual(row);
    }
    // Nullable fields are filled where the row has them: none of these is null on every row (priceRuleId
    // and discountId are the platform's, and the embedded test platform mints codes without them).
    for (const field of [
      'programId',
      'couponCode',
      'orderId',
      'orderName',
      'orderCurrency',
      'earnBy',
      'rateMoney',
      'pendingPointUntil',
      'adminNote',
      'userNote',
      'reason',
      'pendingTransactionId',
    ])
      expect({ field, filled: rows.some((r) => r[field] !== null) }).toEqual({ field, filled: true });
  });

  it('Customer: members, guests and customers with orders and birthdays, in every read, have every field of 2.9', async () => {
    const optIn = await s.newShop();
    await optIn.put('/settings/membership', { optInEnrollment: true }).expect(200);
    const own = await s.newShop();
    await own.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1, pendingDays: 2 });
    const guest = await optIn.enrol(6201, { created_at: undefined, first_name: null, last_name: null });
    const member = await own.enrol(6202, { company: { id: 1, name: 'B2B' } });
    await own.enrol(6203);
    await own.put('/customers/external/6202', { birthday: '03/04' }).expect(200);
    await own.platform('orders/paid', platformOrder(8901, { id: 6202 }, '12.34')).expect(200);
    const reads: Array<[string, ShopClient, string]> = [
      ['guest by id', optIn, `/customers/${guest}`],
      ['guest by platform id', optIn, '/customers/external/6201'],
      ['member by id', own, `/customers/${member}`],
      ['member with a held order and a birthday', own, '/customers/external/6202'],
      ['member without orders', own, '/customers/external/6203'],
    ];
    const records: Array<[string, Record<string, unknown>]> = [];
    for (const [what, as, path] of reads) records.push([what, expectSuccess((await as.get(path).expect(200)).body)]);
    for (const as of [own, optIn]) {
      const listed = expectSuccess((await as.get('/customers?limit=100').expect(200)).body);
      for (const c of listed) records.push([`listed ${String(c.platformCustomerId)}`, c]);
    }
    expect(records.length).toBeGreaterThanOrEqual(8);
    for (const [what, record] of records)
      expect({ what, problems: recordProblems(record, SPEC_CUSTOMER, CUSTOMER_ADDITIONS) }).toEqual({
        what,
        problems: [],
      });
    const [, guestRecord] = records[0];
    const [, memberRecord] = records[3];
    expect(guestRecord).toMatchObject({ type: 'guest', hasJoinedProgram: false, firstName: null, name: null });
    expect(guestRecord.createdAt).toBe(guestRecord.enrolledAt);
    expect(memberRecord).toMatchObject({
      type: 'member',
      isCustomerB2B: true,
      birthday: '03/04',
      ordersCount: 1,
      totalSpent: 12.34,
      pendingPoints: 12,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
