import {
  giftVariants,
  redemptionPoints,
  redemptionValue,
  spendingRules,
} from '../../src/programs/domain/spending-rules';
import { redemptionQuota } from '../../src/ledger/coupons/redemption-quota.decider';
import { customerLedger, CustomerCommand, CustomerState } from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/events/customer-events';
import { DomainError } from '../../src/shared/domain/domain-error';
import { deciderSpec, sequentialIds } from '../support/decider-spec';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return [(e as DomainError).code, (e as DomainError).details?.field];
  }
  return null;
};

describe('spending rules', () => {
  it('reads defaults from the event and names the field of every bad value', () => {
    expect(spendingRules({ pointsCost: 100 }, 'free_shipping')).toMatchObject({
      rewardType: 'free_shipping',
      redeemType: 'fixed',
      limitRedeem: null,
      combinedWith: { orderDiscounts: false },
    });
    expect(spendingRules({ pointsCost: 100, rewardValue: 10 }, 'percentage_discount').rewardType).toBe('percentage');
    expect(codeOf(() => spendingRules({ pointsCost: 100, rewardValue: 150 }, 'percentage_discount'))).toEqual([
      'BAD_REQUEST',
      'spending.rewardValue',
    ]);
    expect(codeOf(() => spendingRules({ pointsCost: 100, rewardValue: 5, limitRedeem: 0 }, 'amount_discount'))).toEqual(
      ['BAD_REQUEST', 'spending.limitRedeem'],
    );
    expect(
      codeOf(() => spendingRules({ pointsCost: 100, rewardValue: 5, orderReqAmount: 'fifty' }, 'amount_discount')),
    ).toEqual(['BAD_REQUEST', 'spending.orderReqAmount']);
    expect(
      codeOf(() =>
        spendingRules({ pointsCost: 100, rewardValue: 5, combinedWith: { orderDiscounts: 'yes' } }, 'amount_discount'),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.combinedWith']);
    expect(codeOf(() => spendingRules({ pointsCost: 100 }, 'free_gift'))).toEqual([
      'BAD_REQUEST',
      'spending.giftProducts',
    ]);
    expect(
      codeOf(() =>
        spendingRules(
          { pointsCost: 100, redeemType: 'dynamic', rewardValue: 1, minPoints: 500, maxPoints: 100 },
          'amount_discount',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.maxPoints']);
    expect(
      codeOf(() =>
        spendingRules(
          { pointsCost: 100, rewardValue: 1, redeemType: 'dynamic', hasLimitCartValue: true, limitCartValue: 101 },
          'amount_discount',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.limitCartValue']);
  });

  it('fixed rewards cost pointsCost per unit; dynamic ones stay within minPoints..maxPoints', () => {
    const fixed = spendingRules({ pointsCost: 500, rewardValue: 5 }, 'amount_discount');
    expect(redemptionPoints(fixed, 3)).toBe(1500);
    expect(redemptionValue(fixed, 3)).toBe(15);
    const dynamic = spendingRules(
      { pointsCost: 100, rewardValue: 1, redeemType: 'dynamic', minPoints: 300, maxPoints: 1000 },
      'amount_discount',
    );
    expect(codeOf(() => redemptionPoints(dynamic, 2))).toEqual(['BAD_REQUEST', 'quantity']);
    expect(redemptionPoints(dynamic, 3)).toBe(300);
    expect(redemptionPoints(dynamic, 10)).toBe(1000);
    expect(codeOf(() => redemptionPoints(dynamic, 11))).toEqual(['BAD_REQUEST', 'quantity']);
    expect(codeOf(() => redemptionPoints(fixed, 0))).toEqual(['BAD_REQUEST', 'quantity']);
    // A percentage bought twice is still that percentage.
    expect(redemptionValue(spendingRules({ pointsCost: 100, rewardValue: 10 }, 'percentage_discount'), 2)).toBe(10);
  });

  it('free_product: mode one needs a listed variant (one on offer is chosen by itself); mode all gives every variant', () => {
    const products = [
      {
        id: '1',
        title: 'Mug',
        image: '',
        variants: [
          { id: '11', title: 'Red' },
          { id: '12', title: 'Blue' },
        ],
      },
      { id: '2', title: 'Pen', image: '', variants: [{ id: '21', title: 'Black' }] },
    ];
    const one = spendingRules({ pointsCost: 100, giftProducts: products }, 'free_gift');
    expect(one.giftSelectionMode).toBe('one');
    expect(codeOf(() => giftVariants(one, null))).toEqual(['GIFT_SELECTION_REQUIRED', 'variantId']);
    expect(codeOf(() => giftVariants(one, '99'))).toEqual(['GIFT_UNAVAILABLE', 'variantId']);
    expect(giftVariants(one, '12')).toEqual(['12']);
    expect(giftVariants(spendingRules({ pointsCost: 100, giftProducts: [products[1]] }, 'free_gift'), null)).toEqual([
      '21',
    ]);
    expect(
      giftVariants(
        spendingRules({ pointsCost: 100, giftProducts: products, giftSelectionMode: 'all' }, 'free_gift'),
        null,
      ),
    ).toEqual(['11', '12', '21']);
  });
});

describe('shop-wide redemption quota (totalLimitationRedeem)', () => {
  const spec = deciderSpec(redemptionQuota);
  const meta = { shopId: 's', occurredAt: 't', newId: () => 'e' };
  const reserve = (rewardId: string) => ({
    type: 'ReserveRedemption' as const,
    meta,
    programId: 'p',
    rewardId,
    limit: 2,
  });
  const reserved = (rewardId: string) => ({
    type: 'redemption-quota.reserved.v1' as const,
    eventId: 'e',
    occurredAt: 't',
    shopId: 's',
    programId: 'p',
    rewardId,
  });
  it('reserves up to the limit, once per reward; a released slot can be taken again', () => {
    spec
      .given([reserved('a')])
      .when(reserve('b'))
      .thenMatches([{ rewardId: 'b' }]);
    spec
      .given([reserved('a')])
      .when(reserve('a'))
      .thenNothing();
    spec
      .given([reserved('a'), reserved('b')])
      .when(reserve('c'))
      .thenThrows('LIMIT_REACHED', 400);
    const released = { ...reserved('a'), type: 'redemption-quota.released.v1' as const };
    spec
      .given([reserved('a'), reserved('b'), released])
      .when(reserve('c'))
      .thenMatches([{ type: 'redemption-quota.reserved.v1' }]);
    spec
      .given([reserved('a')])
      .when({ type: 'ReleaseRedemption', meta, programId: 'p', rewardId: 'zz' })
      .thenNothing();
  });
});

describe('customer ledger: redemption limits and coupons at checkout', () => {
  const ids = sequentialIds('x');
  let state: CustomerState;
  const run = (command: (meta: any) => CustomerCommand, at = '2026-06-01T00:00:00.000Z') => {
    const events = customerLedger.decide(command({ shopId: 's', customerId: 'c', occurredAt: at, newId: ids }), state);
    events.forEach((e: CustomerEvent) => (state = customerLedger.evolve(state, e)));
    return events;
  };
  const reward = (code: string, extra: Record<string, unknown> = {}) => ({
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
    ...extra,
  });
  const redeem =
    (code: string, extra: Record<string, unknown> = {}, limitPerCustomer: number | null = 2) =>
    (meta: any): CustomerCommand => ({
      type: 'RedeemReward',
      meta,
      program: { programId: 'p', programTitle: '$5', event: 'amount_discount' },
      points: 100,
      quantity: 1,
      source: 't',
      reward: reward(code, extra),
      limitPerCustomer,
    });
  const orderWith =
    (orderId: string, totalCents: number, codes: string[]) =>
    (meta: any): CustomerCommand => ({
      type: 'RecordOrder',
      meta,
      orderId,
      orderName: null,
      totalCents,
      currency: 'USD',
      sourceName: 'web',
      lineItems: [],
      platformCreatedAt: null,
      discountCodes: codes,
      earning: null,
    });

  beforeEach(() => {
    state = customerLedger.initialState();
    run((meta) => ({
      type: 'EnrolCustomer',
      meta,
      platformCustomerId: 5,
      email: null,
      firstName: null,
      lastName: null,
      acceptsMarketing: false,
      platformCreatedAt: null,
      baseTier: null,
      source: 't',
    }));
    run((meta) => ({ type: 'AwardPoints', meta, request: { points: 1000, source: 't', event: 'x' }, tiers: [] }));
  });

  it('limitRedeem: at most N redemptions per customer; a refunded coupon gives its redemption back', () => {
    run(redeem('A'));
    run(redeem('B'));
    expect(codeOf(() => run(redeem('C')))).toEqual(['LIMIT_REACHED', undefined]);
    run((meta) => ({ type: 'RefundCoupon', meta, couponCode: 'A', reason: null, source: 't' }));
    expect(run(redeem('C'))[0]).toMatchObject({ type: T.PointsRedeemed });
    expect(state.points).toBe(800);
  });

  it('a code is marked used only if the order meets its minimum and it has not expired', () => {
    run(redeem('MIN', { orderReqAmount: '50.00' }, null));
    run(redeem('OLD', { expiresAt: '2026-06-10T00:00:00.000Z' }, null));
    expect(run(orderWith('1', 4_999, ['MIN'])).map((e) => e.type)).toEqual([T.OrderRecorded]);
    // The same code listed twice is used once.
    expect(run(orderWith('2', 5_000, ['MIN', 'MIN'])).map((e) => e.type)).toEqual([T.OrderRecorded, T.CouponUsed]);
    expect(run(orderWith('3', 5_000, ['OLD']), '2026-06-11T00:00:00.000Z').map((e) => e.type)).toEqual([
      T.OrderRecorded,
    ]);
  });

  it('store credit cannot be refunded through the coupon refund', () => {
    run(redeem('CREDIT-X', { rewardType: 'store_credit' }, null));
    expect(
      codeOf(() => run((meta) => ({ type: 'RefundCoupon', meta, couponCode: 'CREDIT-X', reason: null, source: 't' }))),
    ).toEqual(['BAD_REQUEST', 'discountCode']);
  });
});

describe('customer ledger: coupon expiry', () => {
  const ids = sequentialIds('y');
  let state: CustomerState;
  const run = (command: (meta: any) => CustomerCommand, at: string) => {
    const events = customerLedger.decide(command({ shopId: 's', customerId: 'c', occurredAt: at, newId: ids }), state);
    events.forEach((e: CustomerEvent) => (state = customerLedger.evolve(state, e)));
    return events;
  };
  it('expires an active coupon at its expiry, once; never a used one; an expired coupon cannot be refunded', () => {
    state = customerLedger.initialState();
    run(
      (meta) => ({
        type: 'EnrolCustomer',
        meta,
        platformCustomerId: 5,
        email: null,
        firstName: null,
        lastName: null,
        acceptsMarketing: false,
        platformCreatedAt: null,
        baseTier: null,
        source: 't',
      }),
      '2026-01-01T00:00:00.000Z',
    );
    run(
      (meta) => ({ type: 'AwardPoints', meta, request: { points: 500, source: 't', event: 'x' }, tiers: [] }),
      '2026-01-01T00:00:00.000Z',
    );
    const coupon = (code: string) => ({
      rewardId: `r-${code}`,
      couponCode: code,
      discountId: null,
      priceRuleId: null,
      rewardType: 'fixed_amount',
      rewardValue: 5,
      redeemType: 'fixed',
      orderReqAmount: null,
      expiresAt: '2026-02-01T00:00:00.000Z',
      programDescription: null,
    });
    for (const code of ['A', 'B'])
      run(
        (meta) => ({
          type: 'RedeemReward',
          meta,
          program: { programId: 'p', programTitle: 'x', event: 'amount_discount' },
          points: 100,
          quantity: 1,
          source: 't',
          reward: coupon(code),
        }),
        '2026-01-02T00:00:00.000Z',
      );
    run(
      (meta) => ({
        type: 'RecordOrder',
        meta,
        orderId: '1',
        orderName: null,
        totalCents: 100,
        currency: 'USD',
        sourceName: 'web',
        lineItems: [],
        platformCreatedAt: null,
        discountCodes: ['B'],
      }),
      '2026-01-03T00:00:00.000Z',
    );
    const expire =
      (code: string) =>
      (meta: any): CustomerCommand => ({ type: 'ExpireCoupon', meta, couponCode: code });
    expect(run(expire('A'), '2026-01-31T23:59:59.000Z')).toEqual([]);
    expect(run(expire('A'), '2026-02-01T00:00:00.000Z')).toMatchObject([
      { type: T.CouponExpired, couponCode: 'A', rewardId: 'r-A' },
    ]);
    expect(run(expire('A'), '2026-02-02T00:00:00.000Z')).toEqual([]);
    expect(run(expire('B'), '2026-02-02T00:00:00.000Z')).toEqual([]);
    expect(
      codeOf(() =>
        run(
          (meta) => ({ type: 'RefundCoupon', meta, couponCode: 'A', reason: null, source: 't' }),
          '2026-02-03T00:00:00.000Z',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'discountCode']);
    expect(state.points).toBe(300);
  });
});
