import { Capability } from '../capability';
import { PlatformWebhooksController } from './http/platform-webhooks.controller';
import { OrderViewProjection } from './projections/order-view.projection';
import { IngestPlatformWebhookHandler } from './ingest-platform-webhook.handler';
import { PlatformWebhookGuard } from './http/platform-webhook.guard';

export const PLATFORM: Capability = {
  providers: [IngestPlatformWebhookHandler, PlatformWebhookGuard],
  projections: [OrderViewProjection],
  controllers: [PlatformWebhooksController],
};
