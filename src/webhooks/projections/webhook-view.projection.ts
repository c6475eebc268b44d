import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { DocumentChange, StreamDocumentsProjection, UnappliedEvent } from '../../projections/stream-documents';
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
export class WebhookViewProjection extends StreamDocumentsProjection<WebhookEvent, WebhookDoc> {
  readonly name = 'webhooks_v1';

  constructor() {
    super(WEBHOOKS, T, (e) => e.webhookId);
  }

  protected change({ event: e, doc, stamp }: UnappliedEvent<WebhookEvent, WebhookDoc>): DocumentChange<WebhookDoc> {
    switch (e.type) {
      case T.Registered:
        return {
          id: e.webhookId,
          shopId: e.shopId,
          topic: e.topic,
          url: e.url,
          isEnabled: true,
          disabledReason: null,
          createdAt: e.occurredAt,
          ...stamp,
        };
      case T.Updated:
        return (
          doc && {
            ...doc,
            ...(e.url !== undefined ? { url: e.url } : {}),
            ...(e.isEnabled !== undefined ? { isEnabled: e.isEnabled, disabledReason: null } : {}),
            ...stamp,
          }
        );
      case T.Disabled:
        return (
          doc && {
            ...doc,
            isEnabled: false,
            disabledReason: e.reason,
            ...stamp,
          }
        );
      case T.Deleted:
        return 'deleted';
      default:
        return assertNever(e);
    }
  }
}
