import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { DocumentProjection, DocumentProjectionSpec } from '../../projections/stream-documents';
import { ByType } from '../../shared/domain/decider';
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

export const WEBHOOK_VIEW: DocumentProjectionSpec<ByType<WebhookEvent>, WebhookDoc> = {
  name: 'webhooks_v1',
  documents: WEBHOOKS,
  documentId: (e) => e.webhookId,
  handlers: {
    [T.Registered]: (_doc, e, { stamp }) => ({
      id: e.webhookId,
      shopId: e.shopId,
      topic: e.topic,
      url: e.url,
      isEnabled: true,
      disabledReason: null,
      createdAt: e.occurredAt,
      ...stamp,
    }),
    [T.Updated]: (doc, e, { stamp }) =>
      doc && {
        ...doc,
        ...(e.url !== undefined ? { url: e.url } : {}),
        ...(e.isEnabled !== undefined ? { isEnabled: e.isEnabled, disabledReason: null } : {}),
        ...stamp,
      },
    [T.Disabled]: (doc, e, { stamp }) => doc && { ...doc, isEnabled: false, disabledReason: e.reason, ...stamp },
    [T.Deleted]: () => 'deleted',
  },
};

@Injectable()
export class WebhookViewProjection extends DocumentProjection<ByType<WebhookEvent>, WebhookDoc> {
  constructor() {
    super(WEBHOOK_VIEW);
  }
}
