import { Map as PersistentMap } from 'immutable';
import { CustomerEvent, CustomerEventType as T, OrderRef, ProgramRef } from '../customer-events';
import { withMapEntry } from '../../shared/domain/records';

/**
 * Held points live on their order: these are the order's fields this policy keeps (the orders
 * policy's OrderState includes them). Cancelled held points count as earned-then-revoked, so the
 * order's earned and revoked points are read here too.
 */
export interface HeldOnOrder {
  earnedPoints: number;
  revokedPoints: number;
  /** Points held until `pendingReleaseAt` (the program's delay). */
  pendingPoints: number;
  pendingReleaseAt: string | null;
  pendingTransactionId: string | null;
  /** The program and order the held points name (copied onto the release). */
  pendingProgram?: ProgramRef | null;
  pendingOrder?: OrderRef | null;
}

type OrdersOf<O> = { orders: PersistentMap<string, O> };

/** Held points' evolve cases. They run after the orders policy's own, on the order it has already updated. */
export function evolveHeldPoints<O extends HeldOnOrder>(
  state: OrdersOf<O>,
  event: CustomerEvent,
): OrdersOf<O> | undefined {
  switch (event.type) {
    case T.PointsPending: {
      const orderId = event.order.orderId;
      return {
        orders: withMapEntry<O, HeldOnOrder>(state.orders, orderId, () => ({
          pendingPoints: event.points,
          pendingReleaseAt: event.releaseAt,
          pendingTransactionId: event.transactionId,
          pendingProgram: event.program,
          pendingOrder: event.order,
        })),
      };
    }
    case T.PendingPointsCancelled: {
      // Cancelled held points count as earned-then-revoked, so later refunds stay pro rata on the whole.
      return {
        orders: withMapEntry<O, HeldOnOrder>(state.orders, event.orderId, (order) => ({
          pendingPoints: event.remaining,
          pendingReleaseAt: event.remaining > 0 ? order.pendingReleaseAt : null,
          earnedPoints: order.earnedPoints + event.points,
          revokedPoints: order.revokedPoints + event.points,
        })),
      };
    }
    case T.PointsAwarded: {
      const orderId = event.order?.orderId;
      if (!event.releasesPending || !orderId || !state.orders.has(orderId)) return undefined;
      return {
        orders: withMapEntry<O, HeldOnOrder>(state.orders, orderId, () => ({
          pendingPoints: 0,
          pendingReleaseAt: null,
        })),
      };
    }
    default:
      return undefined;
  }
}
