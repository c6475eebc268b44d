import { Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { WebhooksController } from '../../webhooks/http/webhooks.controller';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/** The Webhooks page: subscriptions with their health, deliveries with every attempt, redelivery. */
@ConsoleApi('webhooks')
export class WebhooksConsoleController {
  constructor(private readonly handlers: ManagementHandlers) {}

  private webhooks() {
    return this.handlers.of(WebhooksController);
  }

  @Get()
  list(@CurrentShop() shop: ShopDoc) {
    return this.webhooks().list(shop);
  }

  @Get(':id/deliveries')
  deliveries(
    @CurrentShop() shop: ShopDoc,
    @Param('id') id: string,
    @Query('limit') limit?: string,
    @Query('before') before?: string,
  ) {
    return this.webhooks().deliveries(shop, id, limit, before);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  redeliver(@CurrentShop() shop: ShopDoc, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.webhooks().redeliver(shop, id, deliveryId);
  }
}
