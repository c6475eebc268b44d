import { customerLedger, CustomerCommand } from '../../src/ledger/customer-ledger';
import { CustomerState } from '../../src/ledger/customer-state';
import { CommandMeta } from '../../src/ledger/customer-stream';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/customer-events';
import { CustomerEnrolled } from '../../src/ledger/enrolment/enrolment.events';
import { RewardCoupon } from '../../src/ledger/coupons/coupons.events';
import { OrderEarningRule } from '../../src/programs/domain/order-earning';
import { EarningLimitPolicy } from '../../src/shops/domain/shop-events';
import { TierRung } from '../../src/tiers/domain/tier-rung';
import { deciderSpec, sequentialIds } from './decider-spec';

/**
 * Given builders for the customer ledger's specs (src/ledger/<policy>/*.spec.ts): the events and
 * commands every policy's spec starts from, so that each spec writes out only what it is about.
 */
export const ledgerSpec = deciderSpec(customerLedger);

/** When the commands of a spec happen, unless it says otherwise. */
export const AT = '2026-03-01T10:00:00.000Z';

export interface Customer {
  shopId: string;
  customerId: string;
  platformCustomerId: number;
  email: string | null;
}

/** The customer of the specs that assert whole events (enrolled as Ada Lovelace). */
export const ADA: Customer = {
  shopId: 'shop-1',
  customerId: 'cust-1',
  platformCustomerId: 42,
  email: 'ada@example.com',
};

/** A ladder whose tiers pay bonus points on entry (Silver's bonus is its tier reward r-bonus). */
export const BONUS_LADDER: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500, bonusPoints: 100, bonusRewardIds: ['r-bonus'] },
  { id: 'gold', name: 'Gold', targetPoint: 1000, bonusPoints: 250 },
];

/** The profile of a customer enrolled with nothing known about them, in the base tier (Bronze). */
export const BLANK_PROFILE = {
  firstName: null,
  lastName: null,
  acceptsMarketing: false,
  platformCreatedAt: null,
  tierId: 'bronze',
  tierName: 'Bronze',
};

/**
 * One customer's events and command metadata. A spec that asserts whole events names its customer;
 * the others take the default one.
 */
export function givenCustomer(who: Partial<Customer> = {}) {
  const customer: Customer = { shopId: 's', customerId: 'c', platformCustomerId: 9, email: null, ...who };
  const meta = (occurredAt = AT): CommandMeta => ({
    shopId: customer.shopId,
    customerId: customer.customerId,
    occurredAt,
    newId: sequentialIds('n'),
  });
  const enrolled = (fields: Partial<CustomerEnrolled> = {}): CustomerEvent => ({
    type: T.Enrolled,
    eventId: 'e-0',
    occurredAt: '2026-01-01T00:00:00.000Z',
    ...customer,
    ...BLANK_PROFILE,
    source: 'platform',
    ...fields,
  });
  /** A balance change of any type, with a manual change's context. */
  const pointsEvent = (type: CustomerEvent['type'], fields: Record<string, unknown>): CustomerEvent =>
    ({
      eventId: 'p',
      occurredAt: AT,
      ...customer,
      transactionId: 't',
      source: 'rest_api',
      event: 'x',
      adminNote: null,
      userNote: null,
      reason: null,
      idempotencyKey: null,
      requestHash: null,
      type,
      ...fields,
    }) as CustomerEvent;
  const awarded = (points: number, oldPoint: number, extra: Record<string, unknown> = {}) =>
    pointsEvent(T.PointsAwarded, { points, oldPoint, newPoint: oldPoint + points, ...extra });
  /** EnrolCustomer for this customer (its platform id and email), with `fields`. */
  const enrol = (fields: Partial<Extract<CustomerCommand, { type: 'EnrolCustomer' }>> = {}) =>
    enrolCustomer(meta(), { platformCustomerId: customer.platformCustomerId, email: customer.email, ...fields });
  return { customer, meta, enrolled, enrol, pointsEvent, awarded };
}

/**
 * Runs commands one after another on one customer, as the DecisionRunner would: each command is
 * built from its metadata, decided on the state the ones before left, and its events applied.
 */
export function ledgerRun(who: Partial<Customer> = {}) {
  const { shopId, customerId } = givenCustomer(who).customer;
  const ids = sequentialIds('x');
  let state: CustomerState = customerLedger.initialState();
  const log: CustomerEvent[] = [];
  const run = (occurredAt: string, build: (meta: CommandMeta) => CustomerCommand) => {
    const events = customerLedger.decide(build({ shopId, customerId, occurredAt, newId: ids }), state);
    events.forEach((e) => (state = customerLedger.evolve(state, e)));
    log.push(...events);
    return events;
  };
  return { run, state: () => state, log };
}

/** A run whose customer was enrolled at `enrolAt` (EnrolCustomer with `fields`). */
export function enrolledRun(
  enrolAt: string,
  fields: Partial<Extract<CustomerCommand, { type: 'EnrolCustomer' }>> = {},
) {
  const customer = ledgerRun();
  customer.run(enrolAt, (meta) => enrolCustomer(meta, fields));
  return customer;
}

/** EnrolCustomer with no profile; `fields` says what the spec cares about (base tier, sign-up, opt-in...). */
export const enrolCustomer = (
  meta: CommandMeta,
  fields: Partial<Extract<CustomerCommand, { type: 'EnrolCustomer' }>> = {},
): CustomerCommand => ({
  type: 'EnrolCustomer',
  meta,
  platformCustomerId: 9,
  email: null,
  firstName: null,
  lastName: null,
  acceptsMarketing: false,
  platformCreatedAt: null,
  baseTier: null,
  source: 'platform',
  ...fields,
});

/** RecordOrder of a web order in USD with no lines; `fields` adds the earning rule, tiers, codes... */
export const recordOrder = (
  meta: CommandMeta,
  orderId: string,
  totalCents: number,
  fields: Partial<Extract<CustomerCommand, { type: 'RecordOrder' }>> = {},
): CustomerCommand => ({
  type: 'RecordOrder',
  meta,
  orderId,
  orderName: `#${orderId}`,
  totalCents,
  currency: 'USD',
  sourceName: 'web',
  lineItems: [],
  platformCreatedAt: null,
  ...fields,
});

/** RecordRefund of part of an order. */
export const recordRefund = (
  meta: CommandMeta,
  orderId: string,
  refundId: string,
  amountCents: number,
): CustomerCommand => ({ type: 'RecordRefund', meta, orderId, refundId, amountCents });

/** Bronze, then Gold at 1000: the ladder of the specs whose payments cross one tier. */
export const GOLD_LADDER: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'gold', name: 'Gold', targetPoint: 1000 },
];

/** For a run: an order paid under `earning` (and the shop's earning limit), on the Gold ladder. */
export const paidOrder =
  (
    orderId: string,
    totalCents: number,
    earning: OrderEarningRule | null,
    earningLimit: EarningLimitPolicy | null = null,
  ) =>
  (meta: CommandMeta) =>
    recordOrder(meta, orderId, totalCents, { earning, tiers: GOLD_LADDER, earningLimit });

/** A run whose customer was enrolled in Bronze on the Gold ladder on 2026-03-01. */
export const enrolledOnGoldLadder = () => enrolledRun('2026-03-01T00:00:00.000Z', { baseTier: GOLD_LADDER[0] });

/** For a run: the release of the held points due, on the Gold ladder. */
export const releasePending = (meta: CommandMeta): CustomerCommand => ({
  type: 'ReleasePendingPoints',
  meta,
  tiers: GOLD_LADDER,
});

/** A place_order rule: one point per currency unit, rounded down. */
export const earningRule = (fields: Partial<OrderEarningRule> = {}): OrderEarningRule => ({
  programId: 'p-order',
  programTitle: 'Orders',
  earnBy: 'price',
  earnPoint: 1,
  rateMoney: 1,
  roundingMethod: 'floor',
  autoRemovePoints: true,
  ...fields,
});

/** A $5 coupon with no terms, named by its code. */
export const rewardCoupon = (code: string, fields: Partial<RewardCoupon> = {}): RewardCoupon => ({
  rewardId: `r-${code}`,
  couponCode: code,
  discountId: null,
  priceRuleId: null,
  rewardType: 'fixed_amount',
  rewardValue: 5,
  redeemType: 'fixed',
  orderReqAmount: null,
  expiresAt: null,
  programDescription: null,
  ...fields,
});

/** RedeemReward of one coupon for 100 points from the $5 program. */
export const redeemReward = (
  meta: CommandMeta,
  reward: RewardCoupon,
  fields: Partial<Extract<CustomerCommand, { type: 'RedeemReward' }>> = {},
): CustomerCommand => ({
  type: 'RedeemReward',
  meta,
  program: { programId: 'p', programTitle: '$5', event: 'amount_discount' },
  points: 100,
  quantity: 1,
  source: 't',
  reward,
  ...fields,
});
