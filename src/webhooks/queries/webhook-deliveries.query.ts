import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  Delivery,
  DeliveryAttempt,
  WEBHOOK_OUTBOX,
  WebhookOutbox,
} from '../../infrastructure/webhook-outbox/webhook-outbox.port';

/** A delivery as the webhook API shows it; with its attempts, the log of every try. */
/** A delivery as the outbox keeps it (the redeliver answer presents one). */
export type { Delivery };

export const presentDelivery = (d: Delivery, attempts?: DeliveryAttempt[]) => ({
  id: d.id,
  topic: d.topic,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
  payload: JSON.parse(d.body),
  ...(attempts ? { attemptLog: attempts.map(({ deliveryId: _d, ...a }) => a) } : {}),
});

export type DeliveryRecord = ReturnType<typeof presentDelivery> & { sequence: number };

/** A webhook's deliveries with every attempt, newest first; `before`: a delivery sequence number. */
export class ListWebhookDeliveriesQuery {
  constructor(
    readonly webhookId: string,
    readonly limit: number,
    readonly before: number | undefined,
  ) {}
}

@QueryHandler(ListWebhookDeliveriesQuery)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveriesQuery, DeliveryRecord[]> {
  constructor(@Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox) {}

  async execute({ webhookId, limit, before }: ListWebhookDeliveriesQuery): Promise<DeliveryRecord[]> {
    const rows = await this.outbox.list(webhookId, { limit, before });
    return rows.map((d) => ({ ...presentDelivery(d, d.attemptsLog), sequence: d.sequence }));
  }
}
