import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { PointsContext, PointsEventBuilder, pointsEventBuilder, ReferralRef } from '../points/points.events';

/** Orders, and the reversal of what they paid. */

export interface OrderLineItem {
  productId: string | null;
  variantId: string | null;
  quantity: number;
  priceCents: number;
  title: string | null;
  /** The product's collections when the paying rule is scoped to collections (as known at that time). */
  collectionIds?: string[];
}

/** What the platform says about an order, as the ledger keeps it. */
export interface OrderDetails {
  orderId: string;
  orderName: string | null;
  /** Minor units (cents), so sums stay exact. */
  totalCents: number;
  currency: string | null;
  sourceName: string | null;
  lineItems: OrderLineItem[];
  platformCreatedAt: string | null;
}

export interface OrderRecorded extends CustomerEventBase, OrderDetails {
  type: typeof T.OrderRecorded;
  /** Whether a cancellation or refund takes this order's points back (the paying program's setting). */
  autoRemovePoints?: boolean;
  /**
   * Keyed hashes of the order's shipping and billing addresses and of its payment fingerprint when the
   * platform sends one (`a:…`, `p:…`; personal: sealed): a referred friend's must not be the referrer's.
   */
  fingerprints?: string[];
}

export interface OrderCancelled extends CustomerEventBase {
  type: typeof T.OrderCancelled;
  orderId: string;
  /** What the order still counted for in amount spent when it was cancelled. */
  remainingCents: number;
}

export interface RefundRecorded extends CustomerEventBase {
  type: typeof T.RefundRecorded;
  orderId: string;
  refundId: string;
  amountCents: number;
}

/**
 * Points an order earned, taken back because it was cancelled or refunded: a compensating event
 * naming the order and the transaction it reverses. Never below a zero balance: what could not be
 * taken is recorded as `shortfall`.
 */
export interface PointsRevoked extends CustomerEventBase, PointsContext {
  type: typeof T.PointsRevoked;
  /** Taken from the balance. */
  points: number;
  /** What the rule said to take back (points + shortfall); tier point and earned total drop by it. */
  requested: number;
  shortfall: number;
  reversesTransactionId: string;
  cause: 'order_cancelled' | 'order_refunded';
  /** A referral reward taken back because the friend's qualifying order went away (no `order` then). */
  referral?: ReferralRef;
  /**
   * A milestone step's bonus taken back because cancelled or refunded orders brought its counter
   * below the step's value: the step's position in its ladder and its key (no `order` then).
   */
  milestone?: { order: number; claimKey: string };
}

export const orderRecorded: EventBuilder<OrderRecorded> = eventBuilder(T.OrderRecorded);
export const orderCancelled: EventBuilder<OrderCancelled> = eventBuilder(T.OrderCancelled);
export const refundRecorded: EventBuilder<RefundRecorded> = eventBuilder(T.RefundRecorded);
export const pointsRevoked: PointsEventBuilder<PointsRevoked> = pointsEventBuilder(T.PointsRevoked);
