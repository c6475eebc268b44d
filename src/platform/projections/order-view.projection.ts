import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { DocumentProjection, DocumentProjectionSpec } from '../../projections/stream-documents';
import { ByType } from '../../shared/domain/decider';
import { CustomerEventType as T, OrderCancelled, OrderRecorded, RefundRecorded } from '../../ledger/customer-events';

/** Which customer an order belongs to: refunds name only the order. */
export interface OrderDoc {
  id: string;
  shopId: string;
  orderId: string;
  customerId: string;
  orderName: string | null;
  totalCents: number;
  refundedCents: number;
  cancelled: boolean;
  currency: string | null;
  sourceName: string | null;
  createdAt: string;
  updatedAt: string;
  streamRevision: string;
}

export const ORDERS: CollectionDefinition = { name: 'orders_v1', indexes: [['customerId']] };

export const orderDocId = (shopId: string, orderId: string) => `${shopId}:${orderId}`;

type OrderEvent = OrderRecorded | OrderCancelled | RefundRecorded;

/** Which customer an order belongs to, and what became of it (the customer's stream revision guards it). */
export const ORDER_VIEW: DocumentProjectionSpec<ByType<OrderEvent>, OrderDoc> = {
  name: 'orders_v1',
  documents: ORDERS,
  documentId: (e) => orderDocId(e.shopId, e.orderId),
  handlers: {
    [T.OrderRecorded]: (_doc, e, { stamp }) => ({
      id: orderDocId(e.shopId, e.orderId),
      shopId: e.shopId,
      orderId: e.orderId,
      customerId: e.customerId,
      orderName: e.orderName,
      totalCents: e.totalCents,
      refundedCents: 0,
      cancelled: false,
      currency: e.currency,
      sourceName: e.sourceName,
      createdAt: e.occurredAt,
      ...stamp,
    }),
    [T.OrderCancelled]: (doc, _e, { stamp }) => doc && { ...doc, cancelled: true, ...stamp },
    [T.RefundRecorded]: (doc, e, { stamp }) =>
      doc && { ...doc, refundedCents: doc.refundedCents + e.amountCents, ...stamp },
  },
};

@Injectable()
export class OrderViewProjection extends DocumentProjection<ByType<OrderEvent>, OrderDoc> {
  constructor() {
    super(ORDER_VIEW);
  }
}
