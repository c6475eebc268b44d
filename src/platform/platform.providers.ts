import { Capability } from '../capability';
import { PlatformWebhooksController } from './http/platform-webhooks.controller';
import { OrderViewProjection } from './projections/order-view.projection';

export const PLATFORM: Capability = {
  providers: [],
  projections: [OrderViewProjection],
  controllers: [PlatformWebhooksController],
};
