import { Capability } from '../capability';
import { WebhookCommands } from './commands/webhook-commands';
import { WebhookViewProjection } from './projections/webhook-view.projection';
import { WebhookProjector } from './delivery/webhook-projector';
import { DeliveryWorker } from './delivery/delivery-worker';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookUrlGuard } from './delivery/webhook-url-guard';
import { WebhooksController } from './http/webhooks.controller';
import { GetWebhookHandler, ListWebhooksHandler } from './queries/webhook-queries';
import { ListWebhookDeliveriesHandler } from './queries/webhook-deliveries.query';

export const WEBHOOKS_CAPABILITY: Capability = {
  providers: [
    WebhookCommands,
    WebhookProjector,
    DeliveryWorker,
    WebhookSender,
    WebhookUrlGuard,
    ListWebhooksHandler,
    GetWebhookHandler,
    ListWebhookDeliveriesHandler,
  ],
  projections: [WebhookViewProjection],
  controllers: [WebhooksController],
};
