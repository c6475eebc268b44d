import { Injectable } from '@nestjs/common';
import { ShopStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { SubscriptionCommand, SubscriptionsState, webhookSubscriptions } from '../domain/webhook-subscriptions.decider';
import { WebhookEvent, webhookStreamId } from '../domain/webhook-events';

/** Runs a command on a shop's webhook subscriptions stream. */
@Injectable()
export class WebhookCommands extends ShopStreamCommands<SubscriptionsState, SubscriptionCommand, WebhookEvent> {
  protected readonly decider = webhookSubscriptions;
  protected streamId = webhookStreamId;
}
