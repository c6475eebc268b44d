import { PointsEvent } from '../customer-events';
import { customerRef, TopicMessage } from '../webhook-message';

/**
 * A balance change as webhook receivers see it: increases are points/earned, decreases
 * points/redeemed (the `event` and `source` fields say what kind of change it was), unless the
 * policy names its own topic (points/expired). A change of 0 says nothing.
 */
export function balanceChangeMessages(e: PointsEvent, topic?: string): TopicMessage[] {
  const delta = e.newPoint - e.oldPoint;
  if (delta === 0) return [];
  return [
    {
      topic: topic ?? (delta > 0 ? 'points/earned' : 'points/redeemed'),
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        oldPoint: e.oldPoint,
        newPoint: e.newPoint,
        points: delta,
        transactionId: e.transactionId,
        event: e.event,
        source: e.source,
        reason: e.reason,
        userNote: e.userNote,
        programId: e.program?.programId ?? null,
        orderId: e.order?.orderId ?? null,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
