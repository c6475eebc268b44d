import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { OrderRef, ProgramRef } from '../points/points.events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/**
 * Points an order earned, held until `releaseAt` (the program's pending delay): not spendable yet.
 * The scheduler releases them as a PointsAwarded; a cancellation or refund first cancels from them.
 */
export interface PointsPending extends CustomerEventBase {
  type: typeof T.PointsPending;
  transactionId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  points: number;
  releaseAt: string;
  program: ProgramRef;
  order: OrderRef;
  /**
   * The spendable balance when held (a hold does not change it), so the held transaction row shows
   * it from the event alone. Absent on events recorded before rows for held points existed.
   */
  balance?: number;
}

/** Held points of an order given up because the order was cancelled or refunded inside the delay. */
export interface PendingPointsCancelled extends CustomerEventBase {
  type: typeof T.PendingPointsCancelled;
  orderId: string;
  /** Cancelled now. */
  points: number;
  /** Still held after this. */
  remaining: number;
  pendingTransactionId: string;
  cause: 'order_cancelled' | 'order_refunded';
}

export const pointsPending: EventBuilder<PointsPending> = eventBuilder(T.PointsPending);
export const pendingPointsCancelled: EventBuilder<PendingPointsCancelled> = eventBuilder(T.PendingPointsCancelled);
