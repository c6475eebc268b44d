import { CustomerEventType as T } from '../../src/ledger/customer-events';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { GivenEvent } from './projection-spec';

/** One customer's stream events, as the ledger records them (only the fields the test varies are arguments). */
export function customerEvents(shopId: string, customerId: string, platformCustomerId: number) {
  const streamId = customerStreamId(shopId, customerId);
  let n = 0;
  const base = (occurredAt: string) => ({ streamId, eventId: `e-${++n}`, occurredAt, shopId, customerId });
  const context = (occurredAt: string, transactionId: string, oldPoint: number, newPoint: number) => ({
    ...base(occurredAt),
    transactionId,
    platformCustomerId,
    email: 'ann@example.com',
    oldPoint,
    newPoint,
    source: 'rest_api',
    adminNote: null,
    userNote: null,
    reason: null,
    idempotencyKey: null as string | null,
    requestHash: null as string | null,
  });
  return {
    enrolled: (occurredAt: string): GivenEvent => ({
      ...base(occurredAt),
      type: T.Enrolled,
      platformCustomerId,
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      acceptsMarketing: false,
      platformCreatedAt: null,
      tierId: null,
      tierName: null,
      source: 'platform',
    }),
    awarded: (
      occurredAt: string,
      transactionId: string,
      oldPoint: number,
      points: number,
      key?: string,
    ): GivenEvent => ({
      ...context(occurredAt, transactionId, oldPoint, oldPoint + points),
      ...(key ? { idempotencyKey: key, requestHash: `hash-of-${key}` } : {}),
      type: T.PointsAwarded,
      event: 'earn_point_rest_api',
      points,
    }),
    deducted: (occurredAt: string, transactionId: string, oldPoint: number, points: number): GivenEvent => ({
      ...context(occurredAt, transactionId, oldPoint, oldPoint - points),
      type: T.PointsDeducted,
      event: 'deduct_point_rest_api',
      points,
    }),
    redeemed: (
      occurredAt: string,
      transactionId: string,
      oldPoint: number,
      points: number,
      rewardId: string,
      programId = 'prog-1',
    ): GivenEvent => ({
      ...context(occurredAt, transactionId, oldPoint, oldPoint - points),
      type: T.PointsRedeemed,
      event: 'redeem_point',
      points,
      quantity: 1,
      program: { programId, programTitle: '$5 off', earnBy: null, rateMoney: null },
      reward: {
        rewardId,
        couponCode: `CODE-${rewardId}`,
        rewardType: 'fixed_amount',
        rewardValue: 5,
        expiresAt: '2026-06-01T00:00:00.000Z',
        redeemType: 'fixed',
        discountId: null,
        priceRuleId: null,
        programDescription: null,
        orderReqAmount: null,
      },
    }),
    refunded: (
      occurredAt: string,
      transactionId: string,
      oldPoint: number,
      points: number,
      rewardId: string,
    ): GivenEvent => ({
      ...context(occurredAt, transactionId, oldPoint, oldPoint + points),
      type: T.CouponRefunded,
      event: 'coupon_refunded',
      points,
      rewardId,
      couponCode: `CODE-${rewardId}`,
    }),
    couponExpired: (occurredAt: string, rewardId: string): GivenEvent => ({
      ...base(occurredAt),
      type: T.CouponExpired,
      rewardId,
      couponCode: `CODE-${rewardId}`,
      expiresAt: occurredAt,
    }),
    couponUsed: (occurredAt: string, rewardId: string, orderId: string): GivenEvent => ({
      ...base(occurredAt),
      type: T.CouponUsed,
      rewardId,
      couponCode: `CODE-${rewardId}`,
      orderId,
      platformCustomerId,
      email: 'ann@example.com',
    }),
    orderRecorded: (occurredAt: string, orderId: string, totalCents: number): GivenEvent => ({
      ...base(occurredAt),
      type: T.OrderRecorded,
      orderId,
      totalCents,
      orderName: `Order ${orderId}`,
      sourceName: 'pos',
      currency: 'EUR',
      platformCreatedAt: '2026-03-03T09:59:00.000Z',
      lineItems: [],
    }),
  };
}
