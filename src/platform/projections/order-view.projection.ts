import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
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

@Injectable()
export class OrderViewProjection implements Projection {
  readonly name = 'orders_v1';
  readonly collections = [ORDERS];

  handles(eventType: string): boolean {
    return eventType === T.OrderRecorded || eventType === T.OrderCancelled || eventType === T.RefundRecorded;
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const orders = batch.collection<OrderDoc>(ORDERS);
    for (const recorded of events) {
      const e = fromRecorded<OrderEvent>(recorded);
      const id = orderDocId(e.shopId, e.orderId);
      const revision = recorded.revision.toString();
      if (e.type === T.OrderRecorded) {
        if (await orders.get(id)) continue;
        orders.put({
          id,
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
          updatedAt: e.occurredAt,
          streamRevision: revision,
        });
        continue;
      }
      const doc = await orders.get(id);
      if (!doc || BigInt(doc.streamRevision) >= recorded.revision) continue;
      const change =
        e.type === T.OrderCancelled ? { cancelled: true } : { refundedCents: doc.refundedCents + e.amountCents };
      orders.put({ ...doc, ...change, updatedAt: e.occurredAt, streamRevision: revision });
    }
  }
}
