import { customerLedger, CustomerCommand, CommandMeta } from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/events/customer-events';
import {
  ActiveProgram,
  earningBaseCents,
  isActive,
  OrderEarningRule,
  orderEarningRule,
  pointsForOrder,
  pointsToRevoke,
} from '../../src/programs/domain/order-earning';
import { defaultSettings } from '../../src/programs/domain/programs.decider';
import { periodStart } from '../../src/shared/domain/calendar';
import { deciderSpec, sequentialIds } from '../support/decider-spec';

const AT = '2026-03-01T10:00:00.000Z';
const program = (
  fields: Partial<ActiveProgram['settings']> = {},
  extra: Partial<ActiveProgram> = {},
): ActiveProgram => ({
  id: 'p1',
  kind: 'earning',
  event: 'place_order',
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: { ...defaultSettings('place_order', 'Order points'), earnPoint: 1, rateMoney: 1, ...fields },
  ...extra,
});

describe('earning rules for orders', () => {
  const rule = (fields: Partial<OrderEarningRule> = {}): OrderEarningRule => ({
    programId: 'p1',
    programTitle: 'Order points',
    earnBy: 'price',
    earnPoint: 1,
    rateMoney: 1,
    roundingMethod: 'round',
    autoRemovePoints: true,
    ...fields,
  });

  it('earns earnPoint per rateMoney with the rounding method', () => {
    expect(pointsForOrder(rule(), 4990)).toBe(50);
    expect(pointsForOrder(rule({ roundingMethod: 'floor' }), 4990)).toBe(49);
    expect(pointsForOrder(rule({ roundingMethod: 'ceil' }), 4910)).toBe(50);
    expect(pointsForOrder(rule({ earnPoint: 5, rateMoney: 10 }), 4990)).toBe(25);
    expect(pointsForOrder(rule({ earnPoint: 3, rateMoney: 0.5, roundingMethod: 'floor' }), 1000)).toBe(60);
    // 0.1 + 0.2 style errors do not lose a point: 3 x 10.00 / 0.10 is exactly 300.
    expect(pointsForOrder(rule({ earnPoint: 3, rateMoney: 0.1, roundingMethod: 'floor' }), 1000)).toBe(300);
  });

  it('flat programs pay per order whatever the total', () => {
    expect(pointsForOrder(rule({ earnBy: 'flat', earnPoint: 20 }), 1)).toBe(20);
  });

  it('status, isDraft, expired and the dates are independent and all respected', () => {
    expect(isActive(program(), AT)).toBe(true);
    expect(isActive(program({ status: false }), AT)).toBe(false);
    expect(isActive(program({ isDraft: true }), AT)).toBe(false);
    expect(isActive(program({ expired: true }), AT)).toBe(false);
    expect(isActive(program({ startDate: '2026-04-01T00:00:00.000Z' }), AT)).toBe(false);
    expect(isActive(program({ endDate: '2026-02-01T00:00:00.000Z' }), AT)).toBe(false);
    expect(isActive(program({ startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-04-01T00:00:00.000Z' }), AT)).toBe(
      true,
    );
  });

  it('picks the active place_order program for the source, highest priority first, at the tier rate', () => {
    const web = program({ appliedSource: ['web'], priority: 1, earnPoint: 2 }, { id: 'web' });
    const all = program(
      { priority: 0, earnPointsTiers: [{ tierId: 'gold', earnPoint: 9, rateMoney: null }] },
      { id: 'all' },
    );
    const off = program({ status: false, priority: 9 }, { id: 'off' });
    expect(orderEarningRule([web, all, off], AT, 'web', null)?.programId).toBe('web');
    expect(orderEarningRule([web, all, off], AT, 'pos', null)?.programId).toBe('all');
    expect(orderEarningRule([web, all, off], AT, 'pos', 'gold')).toMatchObject({
      programId: 'all',
      earnPoint: 9,
      rateMoney: 1,
    });
    expect(orderEarningRule([off], AT, 'web', null)).toBeNull();
    expect(orderEarningRule([program({}, { event: 'sign_up' })], AT, 'web', null)).toBeNull();
  });

  it('product and collection scopes: included by product or collection, excluded by either', () => {
    const lines = [
      { productId: 'mug', quantity: 2, priceCents: 1_000, collectionIds: ['kitchen'] },
      { productId: 'tee', quantity: 1, priceCents: 2_500, collectionIds: ['apparel', 'sale'] },
      { productId: 'gift-card', quantity: 1, priceCents: 5_000, collectionIds: [] },
    ];
    expect(earningBaseCents(rule(), 9_500, lines)).toBe(9_500);
    expect(earningBaseCents(rule({ includeCollections: ['kitchen'] }), 9_500, lines)).toBe(2_000);
    expect(
      earningBaseCents(rule({ includeCollections: ['kitchen'], includeProducts: ['gift-card'] }), 9_500, lines),
    ).toBe(7_000);
    expect(earningBaseCents(rule({ excludeCollections: ['sale'] }), 9_500, lines)).toBe(7_000);
    expect(
      earningBaseCents(rule({ includeCollections: ['apparel'], excludeCollections: ['sale'] }), 9_500, lines),
    ).toBe(0);
    // Never more than the order total (discounts lower it below the line sum).
    expect(earningBaseCents(rule({ excludeProducts: ['gift-card'] }), 4_000, lines)).toBe(4_000);
  });

  it('refunds take back pro rata, never more than was earned', () => {
    expect(pointsToRevoke(50, 4990, 2495)).toBe(25);
    expect(pointsToRevoke(50, 4990, 4990)).toBe(50);
    expect(pointsToRevoke(50, 4990, 9999)).toBe(50);
    expect(
      pointsToRevoke(7, 300, 100) +
        (pointsToRevoke(7, 300, 200) - pointsToRevoke(7, 300, 100)) +
        (pointsToRevoke(7, 300, 300) - pointsToRevoke(7, 300, 200)),
    ).toBe(7);
  });
});

describe('customer ledger: orders pay points, reversals take them back', () => {
  const spec = deciderSpec(customerLedger);
  const meta = (): CommandMeta => ({ shopId: 's', customerId: 'c', occurredAt: AT, newId: sequentialIds('n') });
  const enrolled = {
    type: T.Enrolled,
    eventId: 'e0',
    occurredAt: AT,
    shopId: 's',
    customerId: 'c',
    platformCustomerId: 9,
    email: 'x@example.com',
    firstName: null,
    lastName: null,
    acceptsMarketing: false,
    platformCreatedAt: null,
    tierId: 'bronze',
    tierName: 'Bronze',
    source: 'platform',
  } as CustomerEvent;
  const earning: OrderEarningRule = {
    programId: 'p1',
    programTitle: 'Order points',
    earnBy: 'price',
    earnPoint: 1,
    rateMoney: 1,
    roundingMethod: 'floor',
    autoRemovePoints: true,
  };
  const pay = (orderId: string, totalCents: number, rule: OrderEarningRule | null = earning): CustomerCommand => ({
    type: 'RecordOrder',
    meta: meta(),
    orderId,
    orderName: `#${orderId}`,
    totalCents,
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
    earning: rule,
    tiers: [],
  });
  const history = (...commands: CustomerCommand[]) => {
    let events: CustomerEvent[] = [enrolled];
    for (const c of commands) events = [...events, ...spec.given(events).when(c).events()];
    return events;
  };

  it('an order pays its points once, naming the program and the order', () => {
    spec
      .given([enrolled])
      .when(pay('1', 4990))
      .thenMatches([
        { type: T.OrderRecorded, orderId: '1', autoRemovePoints: true },
        {
          type: T.PointsAwarded,
          points: 49,
          oldPoint: 0,
          newPoint: 49,
          event: 'place_order',
          source: 'platform',
          program: { programId: 'p1', programTitle: 'Order points', earnBy: 'price', rateMoney: 1 },
          order: { orderId: '1', orderName: '#1', currency: 'USD' },
        },
      ]);
    spec
      .given(history(pay('1', 4990)))
      .when(pay('1', 4990))
      .thenNothing();
  });

  it('no active program: the order is recorded, no points', () => {
    spec
      .given([enrolled])
      .when(pay('2', 4990, null))
      .thenMatches([{ type: T.OrderRecorded }]);
  });

  it('cancellation takes back every point the order earned, naming the original transaction', () => {
    const events = history(pay('1', 4990));
    const earned = events.find((e) => e.type === T.PointsAwarded) as any;
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([
        { type: T.OrderCancelled },
        {
          type: T.PointsRevoked,
          points: 49,
          requested: 49,
          shortfall: 0,
          oldPoint: 49,
          newPoint: 0,
          reversesTransactionId: earned.transactionId,
          cause: 'order_cancelled',
          order: expect.objectContaining({ orderId: '1' }),
        },
      ]);
  });

  it('partial refunds take back pro rata and add up to exactly what was earned', () => {
    const refund = (id: string, cents: number): CustomerCommand => ({
      type: 'RecordRefund',
      meta: meta(),
      orderId: '1',
      refundId: id,
      amountCents: cents,
    });
    const events = history(pay('1', 3000), refund('r1', 1000), refund('r2', 1000), refund('r3', 1000));
    const revoked = events.filter((e) => e.type === T.PointsRevoked).map((e: any) => e.points);
    expect(revoked).toEqual([10, 10, 10]);
    const state = spec.given(events).state;
    expect(state).toMatchObject({ points: 0, tierPoint: 0, totalEarned: 0 });
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([{ type: T.OrderCancelled }]);
  });

  it('never below zero: what was already spent is recorded as shortfall', () => {
    const spent = history(pay('1', 5000), {
      type: 'DeductPoints',
      meta: meta(),
      request: { points: 40, source: 'rest_api', event: 'x' },
    });
    spec
      .given(spent)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([
        { type: T.OrderCancelled },
        { type: T.PointsRevoked, points: 10, requested: 50, shortfall: 40, newPoint: 0 },
      ]);
  });

  it('autoRemovePoints off: cancellations and refunds keep the points', () => {
    const events = history(pay('1', 5000, { ...earning, autoRemovePoints: false }));
    spec
      .given(events)
      .when({ type: 'CancelOrder', meta: meta(), orderId: '1' })
      .thenMatches([{ type: T.OrderCancelled }]);
  });

  it('sign-up points are paid with the enrolment', () => {
    spec
      .given([])
      .when({
        type: 'EnrolCustomer',
        meta: meta(),
        platformCustomerId: 9,
        email: null,
        firstName: null,
        lastName: null,
        acceptsMarketing: false,
        platformCreatedAt: null,
        baseTier: null,
        source: 'platform',
        signUp: { programId: 'su', programTitle: 'Welcome', points: 100 },
        tiers: [],
      })
      .thenMatches([
        { type: T.Enrolled },
        {
          type: T.PointsAwarded,
          points: 100,
          newPoint: 100,
          event: 'sign_up',
          program: expect.objectContaining({ programId: 'su' }),
        },
      ]);
  });
});

describe('customer ledger: single-event programs', () => {
  const spec = deciderSpec(customerLedger);
  const meta = (): CommandMeta => ({ shopId: 's', customerId: 'c', occurredAt: AT, newId: sequentialIds('n') });
  const enrolled = {
    type: T.Enrolled,
    eventId: 'e0',
    occurredAt: AT,
    shopId: 's',
    customerId: 'c',
    platformCustomerId: 9,
    email: null,
    firstName: null,
    lastName: null,
    acceptsMarketing: false,
    platformCreatedAt: null,
    tierId: null,
    tierName: null,
    source: 'platform',
  } as CustomerEvent;
  const earn = (once = true): CustomerCommand => ({
    type: 'EarnFromProgram',
    meta: meta(),
    program: { programId: 'f', programTitle: 'Follow', event: 'follow_photo', points: 25, once },
    source: 'rest_api',
    tiers: [],
  });

  it('pays once per customer, then LIMIT_REACHED', () => {
    const [paid] = spec
      .given([enrolled])
      .when(earn())
      .thenMatches([
        {
          type: T.PointsAwarded,
          points: 25,
          event: 'follow_photo',
          program: expect.objectContaining({ programId: 'f' }),
        },
      ]);
    spec.given([enrolled, paid]).when(earn()).thenThrows('LIMIT_REACHED', 400);
    expect(spec.given([enrolled, paid]).state.earnedPrograms).toEqual({ f: 1 });
    spec
      .given([enrolled, paid])
      .when(earn(false))
      .thenMatches([{ type: T.PointsAwarded, oldPoint: 25, newPoint: 50 }]);
  });
});

describe('customer ledger: redemption and coupon refunds', () => {
  const spec = deciderSpec(customerLedger);
  const meta = (): CommandMeta => ({ shopId: 's', customerId: 'c', occurredAt: AT, newId: sequentialIds('n') });
  const enrolled = {
    type: T.Enrolled,
    eventId: 'e0',
    occurredAt: AT,
    shopId: 's',
    customerId: 'c',
    platformCustomerId: 9,
    email: null,
    firstName: null,
    lastName: null,
    acceptsMarketing: false,
    platformCreatedAt: null,
    tierId: null,
    tierName: null,
    source: 'platform',
  } as CustomerEvent;
  const funded = [
    enrolled,
    ...spec
      .given([enrolled])
      .when({ type: 'AwardPoints', meta: meta(), request: { points: 700, source: 'rest_api', event: 'x' }, tiers: [] })
      .events(),
  ];
  const reward = {
    rewardId: 'r1',
    couponCode: 'LOY-A',
    discountId: 'd',
    priceRuleId: null,
    rewardType: 'fixed_amount',
    rewardValue: 5,
    redeemType: 'fixed',
    orderReqAmount: null,
    expiresAt: null,
    programDescription: null,
  };
  const redeem = (points: number): CustomerCommand => ({
    type: 'RedeemReward',
    meta: meta(),
    program: { programId: 'p', programTitle: '$5', event: 'amount_discount' },
    points,
    quantity: 1,
    reward,
    source: 'rest_api',
  });

  it('spends the points on the reward, never more than the balance', () => {
    spec
      .given(funded)
      .when(redeem(500))
      .thenMatches([
        {
          type: T.PointsRedeemed,
          points: 500,
          oldPoint: 700,
          newPoint: 200,
          reward: expect.objectContaining({ couponCode: 'LOY-A' }),
        },
      ]);
    spec.given(funded).when(redeem(701)).thenThrows('INSUFFICIENT_POINTS', 400);
  });

  it("refunds an active coupon once; another customer's or unknown code is refused", () => {
    const redeemed = [...funded, ...spec.given(funded).when(redeem(500)).events()];
    const refund = (code: string): CustomerCommand => ({
      type: 'RefundCoupon',
      meta: meta(),
      couponCode: code,
      reason: null,
      source: 'rest_api',
    });
    const [refunded] = spec
      .given(redeemed)
      .when(refund('LOY-A'))
      .thenMatches([
        {
          type: T.CouponRefunded,
          points: 500,
          oldPoint: 200,
          newPoint: 700,
          rewardId: 'r1',
          // The program the coupon was bought from, so the refund's row names it like the redemption's.
          program: { programId: 'p', programTitle: '$5', earnBy: null, rateMoney: null },
        },
      ]);
    spec
      .given([...redeemed, refunded])
      .when(refund('LOY-A'))
      .thenThrows('BAD_REQUEST');
    spec.given(redeemed).when(refund('LOY-B')).thenThrows('BAD_REQUEST');
  });
});

describe('products and limits', () => {
  const rule: OrderEarningRule = {
    programId: 'p',
    programTitle: 'P',
    earnBy: 'price',
    earnPoint: 1,
    rateMoney: 1,
    roundingMethod: 'floor',
    autoRemovePoints: true,
  };
  const lines = [
    { productId: 'tea', quantity: 2, priceCents: 1000 },
    { productId: 'mug', quantity: 1, priceCents: 1500 },
    { productId: null, quantity: 1, priceCents: 500 },
  ];

  it('counts only included products, never excluded ones, never more than the total', () => {
    expect(earningBaseCents(rule, 4000, lines)).toBe(4000);
    expect(earningBaseCents({ ...rule, includeProducts: ['tea'] }, 4000, lines)).toBe(2000);
    expect(earningBaseCents({ ...rule, excludeProducts: ['mug'] }, 4000, lines)).toBe(2500);
    expect(earningBaseCents({ ...rule, includeProducts: ['tea', 'mug'], excludeProducts: ['mug'] }, 4000, lines)).toBe(
      2000,
    );
    expect(earningBaseCents({ ...rule, excludeProducts: ['mug'] }, 1000, lines)).toBe(1000);
  });

  it('limit periods are calendar periods in UTC (weeks from Monday)', () => {
    expect(periodStart('day', '2026-03-04T15:00:00.000Z')).toBe('2026-03-04T00:00:00.000Z');
    expect(periodStart('week', '2026-03-04T15:00:00.000Z')).toBe('2026-03-02T00:00:00.000Z');
    expect(periodStart('week', '2026-03-08T23:00:00.000Z')).toBe('2026-03-02T00:00:00.000Z');
    expect(periodStart('month', '2026-03-04T15:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
    expect(periodStart('year', '2026-03-04T15:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a program limited to 2 a day pays twice, refuses the third, pays again the next day', () => {
    const spec = deciderSpec(customerLedger);
    const at = (iso: string): CommandMeta => ({
      shopId: 's',
      customerId: 'c',
      occurredAt: iso,
      newId: sequentialIds(iso),
    });
    const enrolled = {
      type: T.Enrolled,
      eventId: 'e0',
      occurredAt: AT,
      shopId: 's',
      customerId: 'c',
      platformCustomerId: 9,
      email: null,
      firstName: null,
      lastName: null,
      acceptsMarketing: false,
      platformCreatedAt: null,
      tierId: null,
      tierName: null,
      source: 'platform',
    } as CustomerEvent;
    const earn = (iso: string): CustomerCommand => ({
      type: 'EarnFromProgram',
      meta: at(iso),
      program: {
        programId: 'share',
        programTitle: 'Share',
        event: 'share_feed',
        points: 5,
        once: true,
        limit: { unit: 'day', times: 2 },
      },
      source: 'rest_api',
      tiers: [],
    });
    let events: CustomerEvent[] = [enrolled];
    for (const iso of ['2026-03-04T08:00:00.000Z', '2026-03-04T09:00:00.000Z'])
      events = [...events, ...spec.given(events).when(earn(iso)).events()];
    spec.given(events).when(earn('2026-03-04T22:00:00.000Z')).thenThrows('LIMIT_REACHED', 400);
    spec
      .given(events)
      .when(earn('2026-03-05T00:10:00.000Z'))
      .thenMatches([{ type: T.PointsAwarded, newPoint: 15 }]);
  });
});
