import { Capability } from '../capability';
import { WebhookCommands } from './commands/webhook-commands';
import { WebhookViewProjection } from './projections/webhook-view.projection';
import { WebhookProjector } from './delivery/webhook-projector';
import { DeliveryWorker } from './delivery/delivery-worker';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookUrlGuard } from './delivery/webhook-url-guard';
import { WebhooksController } from './http/webhooks.controller';

export const WEBHOOKS_CAPABILITY: Capability = {
  providers: [WebhookCommands, WebhookProjector, DeliveryWorker, WebhookSender, WebhookUrlGuard],
  projections: [WebhookViewProjection],
  controllers: [WebhooksController],
};
