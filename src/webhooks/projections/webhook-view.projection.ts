import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import { WebhookEvent, WebhookEventType as T } from '../domain/webhook-events';

/** A webhook as the webhook management API shows it. */
export interface WebhookDoc {
  id: string;
  shopId: string;
  topic: string;
  url: string;
  isEnabled: boolean;
  /** Why the service turned it off (410, too many failures); null when enabled or turned off by the merchant. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  streamRevision: string;
}

export const WEBHOOKS: CollectionDefinition = { name: 'webhooks_v1', indexes: [['shopId', 'createdAt']] };

@Injectable()
export class WebhookViewProjection implements Projection {
  readonly name = 'webhooks_v1';
  readonly collections = [WEBHOOKS];

  handles(eventType: string): boolean {
    return (Object.values(T) as string[]).includes(eventType);
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const webhooks = batch.collection<WebhookDoc>(WEBHOOKS);
    for (const recorded of events) {
      const e = fromRecorded<WebhookEvent>(recorded);
      const revision = recorded.revision.toString();
      const doc = await webhooks.get(e.webhookId);
      if (doc && BigInt(doc.streamRevision) >= recorded.revision) continue;
      switch (e.type) {
        case T.Registered:
          webhooks.put({
            id: e.webhookId,
            shopId: e.shopId,
            topic: e.topic,
            url: e.url,
            isEnabled: true,
            disabledReason: null,
            createdAt: e.occurredAt,
            updatedAt: e.occurredAt,
            streamRevision: revision,
          });
          break;
        case T.Updated:
          if (doc) {
            webhooks.put({
              ...doc,
              ...(e.url !== undefined ? { url: e.url } : {}),
              ...(e.isEnabled !== undefined ? { isEnabled: e.isEnabled, disabledReason: null } : {}),
              updatedAt: e.occurredAt,
              streamRevision: revision,
            });
          }
          break;
        case T.Disabled:
          if (doc)
            webhooks.put({
              ...doc,
              isEnabled: false,
              disabledReason: e.reason,
              updatedAt: e.occurredAt,
              streamRevision: revision,
            });
          break;
        case T.Deleted:
          webhooks.delete(e.webhookId);
          break;
        default:
          assertNever(e);
      }
    }
  }
}
