import { Capability, worker } from '../capability';
import { WebhookCommands } from './commands/webhook-commands';
import { WebhookViewProjection } from './projections/webhook-view.projection';
import { WebhookProjector } from './delivery/webhook-projector';
import { DeliveryWorker } from './delivery/delivery-worker';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookBacklogMetrics } from './delivery/webhook-backlog.metrics';
import { WebhookUrlGuard } from './delivery/webhook-url-guard';
import { WebhooksController } from './http/webhooks.controller';
import { GetWebhookHandler, ListWebhooksHandler } from './queries/webhook-queries';
import { ListWebhookDeliveriesHandler } from './queries/webhook-deliveries.query';
import { RegisterWebhookHandler } from './commands/register-webhook.handler';
import { UpdateWebhookHandler } from './commands/update-webhook.handler';
import { DeleteWebhookHandler } from './commands/delete-webhook.handler';
import { RedeliverFailedDeliveriesHandler } from './delivery/redeliver-failed-deliveries.handler';
import { RedeliverDeliveryHandler } from './delivery/redeliver-delivery.handler';

export const WEBHOOKS_CAPABILITY: Capability = {
  providers: [
    WebhookCommands,
    RegisterWebhookHandler,
    UpdateWebhookHandler,
    DeleteWebhookHandler,
    RedeliverFailedDeliveriesHandler,
    RedeliverDeliveryHandler,
    WebhookProjector,
    DeliveryWorker,
    WebhookSender,
    WebhookUrlGuard,
    WebhookBacklogMetrics,
    ListWebhooksHandler,
    GetWebhookHandler,
    ListWebhookDeliveriesHandler,
  ],
  projections: [WebhookViewProjection],
  controllers: [WebhooksController],
  // The projector reads the feed once the projections run; the worker sends what it wrote (if enabled).
  background: [worker(WebhookProjector), worker(DeliveryWorker, (config) => config.webhooks.worker)],
};
