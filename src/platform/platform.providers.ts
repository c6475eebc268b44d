import { Capability } from '../capability';
import { PlatformWebhooksController } from './http/platform-webhooks.controller';
import { OrderViewProjection } from './projections/order-view.projection';
import { IngestPlatformWebhookHandler } from './ingest-platform-webhook.handler';

export const PLATFORM: Capability = {
  providers: [IngestPlatformWebhookHandler],
  projections: [OrderViewProjection],
  controllers: [PlatformWebhooksController],
};
