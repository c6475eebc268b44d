import { CustomerCommand } from '../customer-ledger';
import { CommandMeta } from '../customer-stream';
import { RewardCoupon } from './coupons.events';
import { CustomerEventType as T } from '../customer-events';
import { refusalOf } from '../../../test/support/decider-spec';
import {
  enrolledRun,
  givenCustomer,
  ledgerSpec as spec,
  recordOrder,
  redeemReward,
  rewardCoupon,
} from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs } = givenCustomer();
const enrolled = enrolledAs({ tierId: null, tierName: null });

describe('customer ledger: redemption and coupon refunds', () => {
  const funded = [
    enrolled,
    ...spec
      .given([enrolled])
      .when({ type: 'AwardPoints', meta: meta(), request: { points: 700, source: 'rest_api', event: 'x' }, tiers: [] })
      .events(),
  ];
  const reward = rewardCoupon('LOY-A', { rewardId: 'r1', discountId: 'd' });
  const redeem = (points: number) => redeemReward(meta(), reward, { points, source: 'rest_api' });

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

describe('customer ledger: redemption limits and coupons at checkout', () => {
  let customer: ReturnType<typeof enrolledRun>;
  const run = (command: (meta: CommandMeta) => CustomerCommand, at = '2026-06-01T00:00:00.000Z') =>
    customer.run(at, command);
  const redeem =
    (code: string, extra: Partial<RewardCoupon> = {}, limitPerCustomer: number | null = 2) =>
    (meta: CommandMeta) =>
      redeemReward(meta, rewardCoupon(code, extra), { limitPerCustomer });
  const orderWith = (orderId: string, totalCents: number, codes: string[]) => (meta: CommandMeta) =>
    recordOrder(meta, orderId, totalCents, { discountCodes: codes, earning: null });

  beforeEach(() => {
    customer = enrolledRun('2026-06-01T00:00:00.000Z');
    run((meta) => ({ type: 'AwardPoints', meta, request: { points: 1000, source: 't', event: 'x' }, tiers: [] }));
  });

  it('limitRedeem: at most N redemptions per customer; a refunded coupon gives its redemption back', () => {
    run(redeem('A'));
    run(redeem('B'));
    expect(refusalOf(() => run(redeem('C')))).toEqual(['LIMIT_REACHED', undefined]);
    run((meta): CustomerCommand => ({ type: 'RefundCoupon', meta, couponCode: 'A', reason: null, source: 't' }));
    expect(run(redeem('C'))[0]).toMatchObject({ type: T.PointsRedeemed });
    expect(customer.state().points).toBe(800);
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
      refusalOf(() =>
        run((meta): CustomerCommand => ({
          type: 'RefundCoupon',
          meta,
          couponCode: 'CREDIT-X',
          reason: null,
          source: 't',
        })),
      ),
    ).toEqual(['BAD_REQUEST', 'discountCode']);
  });
});

describe('customer ledger: coupon expiry', () => {
  it('expires an active coupon at its expiry, once; never a used one; an expired coupon cannot be refunded', () => {
    const customer = enrolledRun('2026-01-01T00:00:00.000Z');
    const run = (command: (meta: CommandMeta) => CustomerCommand, at: string) => customer.run(at, command);
    run(
      (meta) => ({ type: 'AwardPoints', meta, request: { points: 500, source: 't', event: 'x' }, tiers: [] }),
      '2026-01-01T00:00:00.000Z',
    );
    for (const code of ['A', 'B'])
      run(
        (meta) => redeemReward(meta, rewardCoupon(code, { expiresAt: '2026-02-01T00:00:00.000Z' })),
        '2026-01-02T00:00:00.000Z',
      );
    run((meta) => recordOrder(meta, '1', 100, { discountCodes: ['B'] }), '2026-01-03T00:00:00.000Z');
    const expire =
      (code: string) =>
      (meta: CommandMeta): CustomerCommand => ({ type: 'ExpireCoupon', meta, couponCode: code });
    expect(run(expire('A'), '2026-01-31T23:59:59.000Z')).toEqual([]);
    expect(run(expire('A'), '2026-02-01T00:00:00.000Z')).toMatchObject([
      { type: T.CouponExpired, couponCode: 'A', rewardId: 'r-A' },
    ]);
    expect(run(expire('A'), '2026-02-02T00:00:00.000Z')).toEqual([]);
    expect(run(expire('B'), '2026-02-02T00:00:00.000Z')).toEqual([]);
    expect(
      refusalOf(() =>
        run(
          (meta) => ({ type: 'RefundCoupon', meta, couponCode: 'A', reason: null, source: 't' }),
          '2026-02-03T00:00:00.000Z',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'discountCode']);
    expect(customer.state().points).toBe(300);
  });
});
