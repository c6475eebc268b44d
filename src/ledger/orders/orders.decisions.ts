import {
  earningBaseCents,
  OrderEarningRule,
  pointsForOrder,
  pointsToRevoke,
} from '../../programs/domain/order-earning';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import {
  CouponUsed,
  couponUsed,
  OrderCancelled,
  orderCancelled,
  OrderDetails,
  OrderRecorded,
  orderRecorded,
  PendingPointsCancelled,
  PointsAwarded,
  pointsAwarded,
  PointsPending,
  PointsRevoked,
  pointsRevoked,
  RefundRecorded,
  refundRecorded,
  earnsFromPrograms,
  CustomerEventType as T,
} from '../customer-events';
import { couponApplies } from '../coupons/coupons.decisions';
import { earningRoom } from '../earning-limit/earning-limit.decisions';
import { cancelHeld, holdPoints } from '../held-points/held-points.decisions';
import { pointsContext, PointsRequest } from '../points/points.decisions';
import { orderRefOf } from './orders.state';
import type { OrderReferral } from '../referrals/domain/friend.decisions';
import { takeBackMilestoneBonuses } from '../milestones/domain/milestone-takeback';

export type OrdersCommand =
  | (OrderDetails & {
      type: 'RecordOrder';
      meta: CommandMeta;
      discountCodes?: string[];
      /** The place_order rule that pays for this order (null: no active program). */
      earning?: OrderEarningRule | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
      /** Keyed hashes of the order's addresses and payment fingerprint (kept on the order, sealed). */
      fingerprints?: string[];
      /** What the order brings to a referral (its code, subtotal, fingerprints): the referral follows the order. */
      referral?: OrderReferral;
    })
  | { type: 'CancelOrder'; meta: CommandMeta; orderId: string }
  | { type: 'RecordRefund'; meta: CommandMeta; orderId: string; refundId: string; amountCents: number };

type OrdersDecision =
  | OrderRecorded
  | CouponUsed
  | PointsAwarded
  | PointsPending
  | OrderCancelled
  | RefundRecorded
  | PendingPointsCancelled
  | PointsRevoked;

/**
 * Orders pay points once (now, or held for the program's delay), within the earning limit;
 * cancellations and refunds take back exactly what they paid: pro rata on the cumulative refund,
 * held points first, never below a zero balance; then the bonus of a claimed order-based milestone
 * step whose counter they bring below its value.
 */
export function cancelOrder(command: OrdersCommandOf<'CancelOrder'>, state: EnrolledCustomer): OrdersDecision[] {
  const order = state.orders.get(command.orderId);
  if (!order || order.cancelled) return [];
  const cancelled = orderCancelled(command.meta, { orderId: command.orderId, remainingCents: order.remainingCents });
  const stillEarned = order.earnedPoints + order.pendingPoints - order.revokedPoints;
  const decided = [cancelled, ...takeBack(state, command.meta, command.orderId, stillEarned, 'order_cancelled')];
  return [
    ...decided,
    ...takeBackMilestoneBonuses(state, command.meta, decided, balanceAfter(state, decided), 'order_cancelled'),
  ];
}

export function recordRefund(command: OrdersCommandOf<'RecordRefund'>, state: EnrolledCustomer): OrdersDecision[] {
  const order = state.orders.get(command.orderId);
  if (!order || order.cancelled || state.refunds.has(command.refundId)) return [];
  const amountCents = Math.min(Math.max(0, command.amountCents), order.remainingCents);
  const refunded = refundRecorded(command.meta, { orderId: command.orderId, refundId: command.refundId, amountCents });
  // Pro rata, on the cumulative refund, so several partial refunds add up to exactly the whole.
  const due =
    pointsToRevoke(order.earnedPoints + order.pendingPoints, order.totalCents, order.refundedCents + amountCents) -
    order.revokedPoints;
  const decided = [refunded, ...takeBack(state, command.meta, command.orderId, due, 'order_refunded')];
  return [
    ...decided,
    ...takeBackMilestoneBonuses(state, command.meta, decided, balanceAfter(state, decided), 'order_refunded'),
  ];
}

type OrdersCommandOf<K extends OrdersCommand['type']> = Extract<OrdersCommand, { type: K }>;

export function recordOrder(command: OrdersCommandOf<'RecordOrder'>, state: EnrolledCustomer): OrdersDecision[] {
  if (state.orders.has(command.orderId)) return [];
  const { meta, earning } = command;
  const recorded = orderRecorded(meta, {
    orderId: command.orderId,
    orderName: command.orderName,
    totalCents: command.totalCents,
    currency: command.currency,
    sourceName: command.sourceName,
    lineItems: command.lineItems,
    platformCreatedAt: command.platformCreatedAt,
    autoRemovePoints: earning?.autoRemovePoints ?? true,
    ...(command.fingerprints?.length ? { fingerprints: command.fingerprints } : {}),
  });
  const used = [...new Set(command.discountCodes ?? [])]
    // A code counts as used only where the platform would accept it: active, not expired, minimum met.
    .filter((code) => couponApplies(state.coupons[code], command.totalCents, meta.occurredAt))
    .map((code) =>
      couponUsed(meta, {
        rewardId: state.coupons[code].rewardId,
        couponCode: code,
        orderId: command.orderId,
        platformCustomerId: state.platformCustomerId,
        email: state.email,
      }),
    );
  // Guests (opt-in shops) and customers who left earn nothing; the order still counts.
  const paying = earnsFromPrograms(state) ? earning : null;
  const due = paying ? pointsForOrder(paying, earningBaseCents(paying, command.totalCents, command.lineItems)) : 0;
  // An order is never refused for the earning limit: it earns what is left of it.
  const points = Math.min(due, earningRoom(state, command.earningLimit, meta.occurredAt));
  if (!paying || !earning || points <= 0) return [recorded, ...used];
  const program = {
    programId: earning.programId,
    programTitle: earning.programTitle,
    earnBy: earning.earnBy,
    rateMoney: earning.rateMoney,
  };
  const order = { orderId: command.orderId, orderName: command.orderName, currency: command.currency };
  if (earning.pendingDays && earning.pendingDays > 0) {
    return [recorded, ...used, holdPoints(state, meta, { points, pendingDays: earning.pendingDays, program, order })];
  }
  const request: PointsRequest = { points, source: 'platform', event: 'place_order', reason: null };
  return [
    recorded,
    ...used,
    pointsAwarded(pointsContext(state, meta, request, state.points + points), { points, program, order }),
  ];
}

/** The balance after the order's own take-back (held points cancelled do not move it). */
function balanceAfter(state: EnrolledCustomer, decided: OrdersDecision[]): number {
  const revoked = decided.filter((e): e is PointsRevoked => e.type === T.PointsRevoked);
  return revoked.at(-1)?.newPoint ?? state.points;
}

/** Takes back what an order no longer earns: held points first, then, if its program says so, the balance. */
function takeBack(
  state: EnrolledCustomer,
  meta: CommandMeta,
  orderId: string,
  requested: number,
  cause: PointsRevoked['cause'],
): Array<PendingPointsCancelled | PointsRevoked> {
  if (requested <= 0) return [];
  const { cancelled, rest } = cancelHeld(state, meta, orderId, requested, cause);
  return [...cancelled, ...revoke(state, meta, orderId, rest, cause)];
}

/** Takes back up to `requested` points an order earned; what the balance cannot cover is the shortfall. */
function revoke(
  state: EnrolledCustomer,
  meta: CommandMeta,
  orderId: string,
  requested: number,
  cause: PointsRevoked['cause'],
): PointsRevoked[] {
  const order = state.orders.get(orderId)!;
  if (!order.autoRemovePoints || requested <= 0 || !order.earnTransactionId) return [];
  const points = Math.min(requested, state.points);
  const request: PointsRequest = { points, source: 'platform', event: cause, reason: null };
  return [
    pointsRevoked(pointsContext(state, meta, request, state.points - points), {
      points,
      requested,
      shortfall: requested - points,
      reversesTransactionId: order.earnTransactionId,
      cause,
      order: orderRefOf(order, orderId),
    }),
  ];
}
