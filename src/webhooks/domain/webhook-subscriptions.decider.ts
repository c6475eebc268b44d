import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { withEntry, withoutEntry } from '../../shared/domain/records';
import { isWebhookTopic, WEBHOOK_TOPICS } from './webhook-topics';
import { WebhookEvent, WebhookEventType as T } from './webhook-events';

export const MAX_WEBHOOKS_PER_SHOP = 100;

export interface Subscription {
  topic: string;
  url: string;
  enabled: boolean;
}

export interface SubscriptionsState {
  webhooks: Readonly<Record<string, Subscription>>;
}

/** URLs arrive already checked against the URL policy (scheme, loopback, SSRF ranges). */
export type SubscriptionCommand =
  | { type: 'Register'; meta: CommandMeta; webhookId: string; topic: string; url: string }
  | { type: 'Update'; meta: CommandMeta; webhookId: string; url?: string; isEnabled?: boolean }
  | { type: 'Disable'; meta: CommandMeta; webhookId: string; reason: string }
  | { type: 'Delete'; meta: CommandMeta; webhookId: string };

export function evolveSubscriptions(state: SubscriptionsState, event: WebhookEvent): SubscriptionsState {
  switch (event.type) {
    case T.Registered:
      return {
        webhooks: { ...state.webhooks, [event.webhookId]: { topic: event.topic, url: event.url, enabled: true } },
      };
    case T.Updated:
      return {
        webhooks: withEntry(state.webhooks, event.webhookId, () => ({
          ...(event.url !== undefined ? { url: event.url } : {}),
          ...(event.isEnabled !== undefined ? { enabled: event.isEnabled } : {}),
        })),
      };
    case T.Disabled:
      return { webhooks: withEntry(state.webhooks, event.webhookId, () => ({ enabled: false })) };
    case T.Deleted:
      return { webhooks: withoutEntry(state.webhooks, event.webhookId) };
    default:
      return assertNever(event);
  }
}

export function decideSubscriptions(command: SubscriptionCommand, state: SubscriptionsState): WebhookEvent[] {
  const base = { ...eventBase(command.meta), webhookId: command.webhookId };
  switch (command.type) {
    case 'Register': {
      if (!isWebhookTopic(command.topic)) {
        throw because.badRequest(`topic must be one of: ${WEBHOOK_TOPICS.join(', ')}`, { field: 'topic' });
      }
      const all = Object.values(state.webhooks);
      if (all.length >= MAX_WEBHOOKS_PER_SHOP)
        throw because.badRequest(`a shop can have at most ${MAX_WEBHOOKS_PER_SHOP} webhooks`);
      if (all.some((w) => w.topic === command.topic && w.url === command.url)) {
        throw because.webhookExists(command.topic);
      }
      return [{ ...base, type: T.Registered, topic: command.topic, url: command.url }];
    }
    case 'Update': {
      const current = state.webhooks[command.webhookId];
      if (!current) throw because.notFound('Webhook');
      const url = command.url !== undefined && command.url !== current.url ? command.url : undefined;
      const isEnabled =
        command.isEnabled !== undefined && command.isEnabled !== current.enabled ? command.isEnabled : undefined;
      if (url === undefined && isEnabled === undefined) return [];
      return [
        {
          ...base,
          type: T.Updated,
          ...(url !== undefined ? { url } : {}),
          ...(isEnabled !== undefined ? { isEnabled } : {}),
        },
      ];
    }
    case 'Disable': {
      const current = state.webhooks[command.webhookId];
      if (!current || !current.enabled) return [];
      return [{ ...base, type: T.Disabled, reason: command.reason }];
    }
    case 'Delete': {
      if (!state.webhooks[command.webhookId]) throw because.notFound('Webhook');
      return [{ ...base, type: T.Deleted }];
    }
    default:
      return assertNever(command);
  }
}

export const webhookSubscriptions: Decider<SubscriptionsState, SubscriptionCommand, WebhookEvent> = {
  initialState: () => ({ webhooks: {} }),
  evolve: evolveSubscriptions,
  decide: decideSubscriptions,
};
