import { because } from '../../shared/domain/domain-error';
import { CommandMeta } from '../customer-stream';
import { CustomerState, EnrolledCustomer } from '../customer-state';
import {
  CouponExpired,
  couponExpired,
  CouponGranted,
  couponGranted,
  CouponRefunded,
  couponRefunded,
  PointsRedeemed,
  pointsRedeemed,
  RewardCoupon,
} from '../customer-events';
import { pointsContext, PointsRequest, replayOf, requirePoints } from '../points/points.decisions';
import { couponProgramOf, CouponState } from './coupons.state';
import { limitReached, redeemedOf, redemptionLimitReached } from './redeemed-counts';

export type CouponsCommand =
  | {
      type: 'RedeemReward';
      meta: CommandMeta;
      program: { programId: string; programTitle: string; event: string };
      points: number;
      quantity: number;
      reward: RewardCoupon;
      source: string;
      /** Redemptions of this program allowed per customer (refunded ones do not count); null: unlimited. */
      limitPerCustomer?: number | null;
      /** A retried request with the same key and body changes nothing; another body is a conflict. */
      idempotency?: { key: string; requestHash: string } | null;
    }
  | { type: 'RefundCoupon'; meta: CommandMeta; couponCode: string; reason: string | null; source: string }
  /** Marks a coupon expired once its expiry has passed (unused, active coupons only). */
  | { type: 'ExpireCoupon'; meta: CommandMeta; couponCode: string }
  /** A tier reward coupon minted for the customer: only for the move that claimed the tier's rewards, once. */
  | {
      type: 'GrantCoupon';
      meta: CommandMeta;
      reward: RewardCoupon & { title: string };
      tierId: string;
      tierChangedEventId: string;
      tierRewardId: string;
    };

/**
 * Whether a tier reward coupon is owed: the move it is for claimed the tier's rewards (a re-entry
 * claims nothing), and this coupon (`rewardId`, derived from the move and the reward) is not held yet.
 * The grant handler asks before minting, and the decision asks again.
 */
export function tierCouponDue(
  state: Pick<CustomerState, 'tierRewardsClaimed' | 'coupons'>,
  tierId: string,
  tierChangedEventId: string,
  rewardId: string,
) {
  return (
    state.tierRewardsClaimed[tierId] === tierChangedEventId &&
    !Object.values(state.coupons).some((c) => c.rewardId === rewardId)
  );
}

/** Whether the platform would have accepted the code on an order of this total (active, not expired, minimum met). */
export function couponApplies(coupon: CouponState | undefined, totalCents: number, at: string): boolean {
  if (!coupon || coupon.status !== 'active') return false;
  if (coupon.expiresAt && coupon.expiresAt < at) return false;
  return !(coupon.orderReqCents && totalCents < coupon.orderReqCents);
}

const notRefundable = (couponCode: string, why: string) =>
  because.badRequest(`Coupon ${couponCode} ${why}`, { field: 'discountCode' });

type Command<T extends CouponsCommand['type']> = Extract<CouponsCommand, { type: T }>;
export type RedeemReward = Command<'RedeemReward'>;

/** Points spent on a reward, within the per-customer limit (refunded redemptions do not count). */
export function redeemReward(command: Command<'RedeemReward'>, state: EnrolledCustomer): PointsRedeemed[] {
  requirePoints(command.points, 'quantity');
  const request: PointsRequest = {
    points: command.points,
    source: command.source,
    event: command.program.event,
    reason: null,
    idempotency: command.idempotency ?? null,
  };
  if (replayOf(state, request)) return [];
  const limit = command.limitPerCustomer ?? null;
  if (limit && limitReached(redeemedOf(state.coupons, command.program.programId), limit))
    throw redemptionLimitReached('customer', limit);
  if (command.points > state.points) throw because.insufficientPoints(state.points, command.points);
  return [
    pointsRedeemed(pointsContext(state, command.meta, request, state.points - command.points), {
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
    }),
  ];
}

/** A coupon bought with points given back: its points return (store credit cannot be taken back). */
export function refundCoupon(command: Command<'RefundCoupon'>, state: EnrolledCustomer): CouponRefunded[] {
  const coupon = state.coupons[command.couponCode];
  if (!coupon)
    throw because.badRequest(`Coupon ${command.couponCode} is not a coupon of this customer`, {
      field: 'discountCode',
    });
  if (coupon.status !== 'active') throw notRefundable(command.couponCode, `is already ${coupon.status}`);
  if (coupon.points === 0)
    throw notRefundable(command.couponCode, 'was a reward, not bought with points: nothing to refund');
  // Store credit is already in the customer's platform account: it cannot be taken back from here.
  if (coupon.rewardType === 'store_credit')
    throw because.badRequest('Store credit cannot be refunded', { field: 'discountCode' });
  // An impact contribution's points come back only when its provider fails it (impact.decisions).
  if (coupon.rewardType === 'impact')
    throw because.badRequest('An impact contribution is not a coupon', { field: 'discountCode' });
  const request: PointsRequest = {
    points: coupon.points,
    source: command.source,
    event: 'coupon_refunded',
    reason: command.reason,
  };
  return [
    couponRefunded(pointsContext(state, command.meta, request, state.points + coupon.points), {
      points: coupon.points,
      rewardId: coupon.rewardId,
      couponCode: command.couponCode,
      program: couponProgramOf(coupon),
    }),
  ];
}

/** An active coupon past its end expires, once. */
export function expireCoupon(command: Command<'ExpireCoupon'>, state: EnrolledCustomer): CouponExpired[] {
  const { meta } = command;
  const coupon = state.coupons[command.couponCode];
  if (!coupon || coupon.status !== 'active' || !coupon.expiresAt || coupon.expiresAt > meta.occurredAt) return [];
  return [
    couponExpired(meta, { rewardId: coupon.rewardId, couponCode: command.couponCode, expiresAt: coupon.expiresAt }),
  ];
}

/** A tier's reward coupon, granted once per tier entry that claims its rewards. */
export function grantCoupon(command: Command<'GrantCoupon'>, state: EnrolledCustomer): CouponGranted[] {
  if (!tierCouponDue(state, command.tierId, command.tierChangedEventId, command.reward.rewardId)) return [];
  return [
    couponGranted(command.meta, {
      platformCustomerId: state.platformCustomerId,
      email: state.email,
      reward: command.reward,
      reason: 'tier_reward',
      tierId: command.tierId,
      tierChangedEventId: command.tierChangedEventId,
      tierRewardId: command.tierRewardId,
    }),
  ];
}
