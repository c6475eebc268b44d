/** Events of a shop's webhook subscriptions (stream `webhooks-<shopId>`). */
export const WebhookEventType = {
  Registered: 'webhook.registered.v1',
  Updated: 'webhook.updated.v1',
  Disabled: 'webhook.disabled.v1',
  Deleted: 'webhook.deleted.v1',
} as const;

interface Base {
  eventId: string;
  occurredAt: string;
  shopId: string;
  webhookId: string;
}

export interface WebhookRegistered extends Base {
  type: typeof WebhookEventType.Registered;
  topic: string;
  url: string;
}

export interface WebhookUpdated extends Base {
  type: typeof WebhookEventType.Updated;
  url?: string;
  isEnabled?: boolean;
}

/** Turned off by the service: the receiver answered 410, or failed too many times in a row. */
export interface WebhookDisabled extends Base {
  type: typeof WebhookEventType.Disabled;
  reason: string;
}

export interface WebhookDeleted extends Base {
  type: typeof WebhookEventType.Deleted;
}

export type WebhookEvent = WebhookRegistered | WebhookUpdated | WebhookDisabled | WebhookDeleted;

export const webhookStreamId = (shopId: string) => `webhooks-${shopId}`;
