import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  WEBHOOK_OUTBOX,
  WebhookHealthRecord,
  WebhookOutbox,
} from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { shopDocument, shopDocuments } from '../../infrastructure/read-store/shop-document';
import { WebhookDoc, WEBHOOKS } from '../projections/webhook-view.projection';

/**
 * `status`: `active`, `paused` (a run of failures: deliveries wait, one is retried as a probe at
 * `nextRetryAt`) or `disabled` (by the merchant, by 410 Gone or after days of failure).
 */
const present = (w: WebhookDoc, health: WebhookHealthRecord | undefined) => {
  const paused = w.isEnabled && !!health?.pausedAt;
  return {
    id: w.id,
    topic: w.topic,
    url: w.url,
    isEnabled: w.isEnabled,
    status: !w.isEnabled ? 'disabled' : paused ? 'paused' : 'active',
    disabledReason: w.disabledReason,
    consecutiveFailures: health?.consecutiveFailures ?? 0,
    failingSince: health?.failingSince ?? null,
    nextRetryAt: paused ? health!.nextProbeAt : null,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
  };
};

export type WebhookRecord = ReturnType<typeof present>;

/** The shop's webhooks, oldest first, each with its delivery health. */
export class ListWebhooksQuery {
  constructor(readonly shopId: string) {}
}

/** One webhook of the shop with its delivery health; another shop's is "not found". */
export class GetWebhookQuery {
  constructor(
    readonly shopId: string,
    readonly webhookId: string,
  ) {}
}

@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery, WebhookRecord[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
  ) {}

  async execute({ shopId }: ListWebhooksQuery): Promise<WebhookRecord[]> {
    const webhooks = await shopDocuments<WebhookDoc>(this.readStore, WEBHOOKS, shopId, 'createdAt');
    const health = await this.outbox.health(webhooks.map((w) => w.id));
    return webhooks.map((w) => present(w, health.get(w.id)));
  }
}

@QueryHandler(GetWebhookQuery)
export class GetWebhookHandler implements IQueryHandler<GetWebhookQuery, WebhookRecord> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
  ) {}

  async execute({ shopId, webhookId }: GetWebhookQuery): Promise<WebhookRecord> {
    const webhook = await shopDocument<WebhookDoc>(this.readStore, WEBHOOKS, webhookId, shopId, 'Webhook');
    return present(webhook, (await this.outbox.health([webhook.id])).get(webhook.id));
  }
}
