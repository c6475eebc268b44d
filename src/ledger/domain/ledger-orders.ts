import { assertNever } from '../../shared/domain/decider';
import { earningBaseCents, pointsForOrder, pointsToRevoke } from '../../programs/domain/order-earning';
import {
  CustomerEvent,
  CustomerEventType as T,
  PendingPointsCancelled,
  PointsAwarded,
  PointsRevoked,
} from './customer-events';
import { CouponState, CustomerState, evolveCustomer } from './customer-state';
import { CommandMeta, CustomerCommand, PointsRequest } from './customer-commands';
import { earningRoom } from './earning-window';
import { eventStamp, StampedEvent, pointsContext, requireEnrolled } from './ledger-rules';
import { upgradeFor } from './ledger-tiers';

/** Part of the customer ledger: orders pay points (now or held), cancellations and refunds take back exactly what they paid. */

/** Whether the platform would have accepted the code on this order (active, not expired, minimum met). */
function couponApplies(coupon: CouponState | undefined, totalCents: number, at: string): boolean {
  if (!coupon || coupon.status !== 'active') return false;
  if (coupon.expiresAt && coupon.expiresAt < at) return false;
  return !(coupon.orderReqCents && totalCents < coupon.orderReqCents);
}

/**
 * Takes back what an order no longer earns: first from its held (pending) points, which were never
 * spendable, then from the balance. Held points are cancelled whatever autoRemovePoints says: they
 * were never paid.
 */
function takeBack(
  state: CustomerState,
  meta: CommandMeta,
  orderId: string,
  requested: number,
  cause: PointsRevoked['cause'],
): Array<PendingPointsCancelled | PointsRevoked> {
  const order = state.orders[orderId];
  if (requested <= 0) return [];
  const fromPending = Math.min(requested, order.pendingPoints);
  const out: Array<PendingPointsCancelled | PointsRevoked> = [];
  let current = state;
  if (fromPending > 0) {
    const cancelled: PendingPointsCancelled = {
      type: T.PendingPointsCancelled,
      eventId: meta.newId(),
      occurredAt: meta.occurredAt,
      shopId: meta.shopId,
      customerId: meta.customerId,
      orderId,
      points: fromPending,
      remaining: order.pendingPoints - fromPending,
      pendingTransactionId: order.pendingTransactionId!,
      cause,
    };
    out.push(cancelled);
    current = evolveCustomer(state, cancelled);
  }
  return [...out, ...revokeFor(current, meta, orderId, requested - fromPending, cause)];
}

/** Takes back up to `requested` points an order earned, if its program says so; never below zero. */
function revokeFor(
  state: CustomerState,
  meta: CommandMeta,
  orderId: string,
  requested: number,
  cause: PointsRevoked['cause'],
): PointsRevoked[] {
  const order = state.orders[orderId];
  if (!order.autoRemovePoints || requested <= 0 || !order.earnTransactionId) return [];
  const points = Math.min(requested, state.points);
  const request: PointsRequest = { points, source: 'platform', event: cause, reason: null };
  return [
    {
      ...pointsContext(state, meta, request, state.points - points),
      type: T.PointsRevoked,
      points,
      requested,
      shortfall: requested - points,
      reversesTransactionId: order.earnTransactionId,
      cause,
      order: { orderId, orderName: null, currency: null },
    },
  ];
}

export type OrderCommand = Extract<
  CustomerCommand,
  { type: 'RecordOrder' | 'CancelOrder' | 'RecordRefund' | 'ReleasePendingPoints' }
>;

export function decideOrder(command: OrderCommand, state: CustomerState): CustomerEvent[] {
  const { meta } = command;
  const { base, withId } = eventStamp(meta);
  switch (command.type) {
    case 'RecordOrder': {
      requireEnrolled(state);
      if (state.orders[command.orderId]) return [];
      const { type: _t, meta: _m, earning, tiers, discountCodes, ...order } = command;
      const recorded = withId({
        ...base,
        type: T.OrderRecorded,
        ...order,
        autoRemovePoints: earning?.autoRemovePoints ?? true,
      } as StampedEvent);
      const used: CustomerEvent[] = [...new Set(discountCodes ?? [])]
        // A code counts as used only where the platform would accept it: active, not expired, minimum met.
        .filter((code) => couponApplies(state.coupons[code], order.totalCents, meta.occurredAt))
        .map((code) =>
          withId({
            ...base,
            type: T.CouponUsed,
            rewardId: state.coupons[code].rewardId,
            couponCode: code,
            orderId: order.orderId,
            platformCustomerId: state.platformCustomerId!,
            email: state.email,
          } as StampedEvent),
        );
      const after = evolveCustomer(state, recorded);
      const due = earning ? pointsForOrder(earning, earningBaseCents(earning, order.totalCents, order.lineItems)) : 0;
      // An order is never refused for the earning limit: it earns what is left of it.
      const points = Math.min(due, earningRoom(after, command.earningLimit, meta.occurredAt));
      if (!earning || points <= 0) return [recorded, ...used];
      const programRef = {
        programId: earning.programId,
        programTitle: earning.programTitle,
        earnBy: earning.earnBy,
        rateMoney: earning.rateMoney,
      };
      const orderRef = { orderId: order.orderId, orderName: order.orderName, currency: order.currency };
      if (earning.pendingDays && earning.pendingDays > 0) {
        const pending = withId({
          ...base,
          type: T.PointsPending,
          transactionId: meta.newId(),
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          points,
          releaseAt: new Date(new Date(meta.occurredAt).getTime() + earning.pendingDays * 86_400_000).toISOString(),
          program: programRef,
          order: orderRef,
        } as StampedEvent);
        return [recorded, ...used, pending];
      }
      const request: PointsRequest = { points, source: 'platform', event: 'place_order', reason: null };
      const awarded: CustomerEvent = {
        ...pointsContext(after, meta, request, after.points + points),
        type: T.PointsAwarded,
        points,
        program: programRef,
        order: orderRef,
      };
      return [recorded, ...used, awarded, ...upgradeFor(after, after.tierPoint + points, tiers ?? [], meta)];
    }
    case 'CancelOrder': {
      requireEnrolled(state);
      const order = state.orders[command.orderId];
      if (!order || order.cancelled) return [];
      const cancelled = withId({
        ...base,
        type: T.OrderCancelled,
        orderId: command.orderId,
        remainingCents: order.remainingCents,
      } as StampedEvent);
      return [
        cancelled,
        ...takeBack(
          state,
          meta,
          command.orderId,
          order.earnedPoints + order.pendingPoints - order.revokedPoints,
          'order_cancelled',
        ),
      ];
    }
    case 'RecordRefund': {
      requireEnrolled(state);
      const order = state.orders[command.orderId];
      if (!order || order.cancelled || state.refunds[command.refundId]) return [];
      const amountCents = Math.min(Math.max(0, command.amountCents), order.remainingCents);
      const refunded = withId({
        ...base,
        type: T.RefundRecorded,
        orderId: command.orderId,
        refundId: command.refundId,
        amountCents,
      } as StampedEvent);
      // Pro rata, on the cumulative refund, so several partial refunds add up to exactly the whole.
      const due =
        pointsToRevoke(order.earnedPoints + order.pendingPoints, order.totalCents, order.refundedCents + amountCents) -
        order.revokedPoints;
      return [refunded, ...takeBack(state, meta, command.orderId, due, 'order_refunded')];
    }
    case 'ReleasePendingPoints': {
      requireEnrolled(state);
      const events: CustomerEvent[] = [];
      let current = state;
      for (const [orderId, order] of Object.entries(state.orders)) {
        if (order.pendingPoints <= 0 || !order.pendingReleaseAt || order.pendingReleaseAt > meta.occurredAt) continue;
        const request: PointsRequest = {
          points: order.pendingPoints,
          source: 'scheduler',
          event: 'place_order',
          reason: null,
        };
        const held = state.orders[orderId];
        const released: PointsAwarded = {
          ...pointsContext(current, meta, request, current.points + order.pendingPoints),
          type: T.PointsAwarded,
          points: order.pendingPoints,
          releasesPending: true,
          program: held.pendingProgram,
          order: held.pendingOrder ?? { orderId, orderName: null, currency: null },
        };
        events.push(released);
        current = evolveCustomer(current, released);
      }
      if (events.length === 0) return [];
      return [...events, ...upgradeFor(state, current.tierPoint, command.tiers, meta)];
    }
    default:
      return assertNever(command);
  }
}
