import { Map as PersistentMap, Set as PersistentSet } from 'immutable';
import { CustomerEvent, CustomerEventType as T, OrderRef } from '../customer-events';
import { HeldOnOrder } from '../held-points/held-points.state';
import { withMapEntry } from '../../shared/domain/records';

/** What the ledger remembers of an order: what it still counts for, the points it earned, and those it holds. */
export interface OrderState extends HeldOnOrder {
  totalCents: number;
  remainingCents: number;
  refundedCents: number;
  cancelled: boolean;
  earnTransactionId: string | null;
  autoRemovePoints: boolean;
  /** As the platform named it (`#1001`) and its currency: a reversal's transaction row shows them. */
  orderName?: string | null;
  currency?: string | null;
}

/** The order as a transaction row names it (orders recorded before names were kept: none). */
export function orderRefOf(order: Pick<OrderState, 'orderName' | 'currency'>, orderId: string): OrderRef {
  return { orderId, orderName: order.orderName ?? null, currency: order.currency ?? null };
}

/** Orders and reversal's share of a customer's state. */
export interface OrdersShare {
  /**
   * Every order of the customer, and every refund applied, in persistent collections: an event
   * copies a short path of them, not every order, so a customer's fold stays linear in its events.
   */
  orders: PersistentMap<string, OrderState>;
  refunds: PersistentSet<string>;
  ordersCount: number;
  totalSpentCents: number;
}

const NO_ORDERS = PersistentMap<string, OrderState>();
const NO_REFUNDS = PersistentSet<string>();

export const initialOrders = (): OrdersShare => ({
  orders: NO_ORDERS,
  refunds: NO_REFUNDS,
  ordersCount: 0,
  totalSpentCents: 0,
});

export function evolveOrders(state: OrdersShare, event: CustomerEvent): Partial<OrdersShare> | undefined {
  switch (event.type) {
    case T.OrderRecorded:
      return {
        orders: state.orders.set(event.orderId, {
          totalCents: event.totalCents,
          remainingCents: event.totalCents,
          refundedCents: 0,
          cancelled: false,
          earnedPoints: 0,
          revokedPoints: 0,
          earnTransactionId: null,
          autoRemovePoints: event.autoRemovePoints ?? true,
          orderName: event.orderName,
          currency: event.currency,
          pendingPoints: 0,
          pendingReleaseAt: null,
          pendingTransactionId: null,
        }),
        ordersCount: state.ordersCount + 1,
        totalSpentCents: state.totalSpentCents + event.totalCents,
      };
    case T.OrderCancelled:
      return {
        orders: withMapEntry(state.orders, event.orderId, () => ({ remainingCents: 0, cancelled: true })),
        ordersCount: state.ordersCount - 1,
        totalSpentCents: state.totalSpentCents - event.remainingCents,
      };
    case T.RefundRecorded: {
      return {
        orders: withMapEntry(state.orders, event.orderId, (order) => ({
          remainingCents: order.remainingCents - event.amountCents,
          refundedCents: order.refundedCents + event.amountCents,
        })),
        refunds: state.refunds.add(event.refundId),
        totalSpentCents: state.totalSpentCents - event.amountCents,
      };
    }
    case T.PointsAwarded: {
      const orderId = event.order?.orderId;
      if (!orderId || !state.orders.has(orderId)) return undefined;
      return {
        orders: withMapEntry(state.orders, orderId, (order) => ({
          earnedPoints: order.earnedPoints + event.points,
          earnTransactionId: event.transactionId,
        })),
      };
    }
    case T.PointsRevoked: {
      // A referral reward taken back names no order of this customer's.
      if (!event.order) return undefined;
      return {
        orders: withMapEntry(state.orders, event.order.orderId, (order) => ({
          revokedPoints: order.revokedPoints + event.requested,
        })),
      };
    }
    default:
      return undefined;
  }
}

declare module '../customer-state' {
  interface CustomerShares {
    orders: OrdersShare;
  }
}
