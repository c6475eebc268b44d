import { assertNever } from '../../shared/domain/decider';
import { because, DomainError } from '../../shared/domain/domain-error';
import { CustomerEvent, CustomerEventType as T } from './customer-events';
import { CustomerState } from './customer-state';
import { CustomerCommand, PointsRequest } from './customer-commands';
import { eventStamp, StampedEvent, pointsContext, replayOf, requireEnrolled, requirePoints } from './ledger-rules';

/** Part of the customer ledger: coupons bought with points or granted, refunded, expired. */

export type CouponCommand = Extract<
  CustomerCommand,
  { type: 'RedeemReward' | 'RefundCoupon' | 'ExpireCoupon' | 'GrantCoupon' }
>;

export function decideCoupon(command: CouponCommand, state: CustomerState): CustomerEvent[] {
  const { meta } = command;
  const { base, withId } = eventStamp(meta);
  switch (command.type) {
    case 'RedeemReward': {
      requireEnrolled(state);
      requirePoints(command.points, 'quantity');
      const request: PointsRequest = {
        points: command.points,
        source: command.source,
        event: command.program.event,
        reason: null,
        idempotency: command.idempotency ?? null,
      };
      if (replayOf(state, request)) return [];
      if (command.limitPerCustomer) {
        const redeemed = Object.values(state.coupons).filter(
          (c) => c.programId === command.program.programId && c.status !== 'refunded',
        ).length;
        if (redeemed >= command.limitPerCustomer) {
          throw new DomainError(
            'LIMIT_REACHED',
            `This reward can be redeemed ${command.limitPerCustomer} time(s) per customer`,
            400,
          );
        }
      }
      if (command.points > state.points) throw because.insufficientPoints(state.points, command.points);
      return [
        {
          ...pointsContext(state, meta, request, state.points - command.points),
          type: T.PointsRedeemed,
          points: command.points,
          quantity: command.quantity,
          reward: command.reward,
          program: {
            programId: command.program.programId,
            programTitle: command.program.programTitle,
            earnBy: null,
            rateMoney: null,
          },
          order: null,
        },
      ];
    }
    case 'RefundCoupon': {
      requireEnrolled(state);
      const coupon = state.coupons[command.couponCode];
      if (!coupon)
        throw because.badRequest(`Coupon ${command.couponCode} is not a coupon of this customer`, {
          field: 'discountCode',
        });
      if (coupon.status !== 'active')
        throw because.badRequest(`Coupon ${command.couponCode} is already ${coupon.status}`, { field: 'discountCode' });
      if (coupon.points === 0)
        throw because.badRequest(
          `Coupon ${command.couponCode} was a reward, not bought with points: nothing to refund`,
          { field: 'discountCode' },
        );
      // Store credit is already in the customer's platform account: it cannot be taken back from here.
      if (coupon.rewardType === 'store_credit')
        throw because.badRequest('Store credit cannot be refunded', { field: 'discountCode' });
      const request: PointsRequest = {
        points: coupon.points,
        source: command.source,
        event: 'coupon_refunded',
        reason: command.reason,
      };
      return [
        {
          ...pointsContext(state, meta, request, state.points + coupon.points),
          type: T.CouponRefunded,
          points: coupon.points,
          rewardId: coupon.rewardId,
          couponCode: command.couponCode,
        },
      ];
    }
    case 'ExpireCoupon': {
      requireEnrolled(state);
      const coupon = state.coupons[command.couponCode];
      if (!coupon || coupon.status !== 'active' || !coupon.expiresAt || coupon.expiresAt > meta.occurredAt) return [];
      return [
        withId({
          ...base,
          type: T.CouponExpired,
          rewardId: coupon.rewardId,
          couponCode: command.couponCode,
          expiresAt: coupon.expiresAt,
        } as StampedEvent),
      ];
    }
    case 'GrantCoupon': {
      requireEnrolled(state);
      if (Object.values(state.coupons).some((c) => c.rewardId === command.reward.rewardId)) return [];
      return [
        withId({
          ...base,
          type: T.CouponGranted,
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          reward: command.reward,
          reason: 'tier_reward',
          tierId: command.tierId,
          tierChangedEventId: command.tierChangedEventId,
        } as StampedEvent),
      ];
    }
    default:
      return assertNever(command);
  }
}
