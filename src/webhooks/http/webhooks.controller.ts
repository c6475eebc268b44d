import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { because } from '../../shared/domain/domain-error';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { GetWebhookQuery, ListWebhooksQuery, WebhookRecord } from '../queries/webhook-queries';
import {
  Delivery,
  DeliveryRecord,
  ListWebhookDeliveriesQuery,
  presentDelivery,
} from '../queries/webhook-deliveries.query';
import { SendResult } from '../delivery/webhook-sender';
import { RegisterWebhookCommand } from '../commands/register-webhook.handler';
import { UpdateWebhookCommand } from '../commands/update-webhook.handler';
import { DeleteWebhookCommand } from '../commands/delete-webhook.handler';
import { RedeliverFailedDeliveriesCommand } from '../delivery/redeliver-failed-deliveries.handler';
import { RedeliverDeliveryCommand } from '../delivery/redeliver-delivery.handler';
import { WebhookUrlGuard } from '../delivery/webhook-url-guard';
import { CreateWebhookDto, UpdateWebhookDto } from './webhook.dto';
import { WebhookApi } from './webhook-api.filter';
import { ApiWebhookErrors } from '../../shared/http/openapi/responses';
import { arrayOf, int, object, oneOf } from '../../shared/http/openapi/schema';
import { ApiOptionalQuery } from '../../shared/http/openapi/params';
import { ApiWebhookAnswer, REDELIVERED, WEBHOOK, WEBHOOK_DELIVERY } from './webhooks.openapi';

const envelope = <K extends string, T>(key: K, value: T) => ({
  success: true as const,
  [key]: value,
  timestamp: new Date().toISOString(),
});

@WebhookApi('app/api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly urls: WebhookUrlGuard,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: "The shop's webhooks" })
  @ApiWebhookAnswer('webhooks', arrayOf(WEBHOOK.ref))
  async list(@CurrentShop() shop: ShopDoc) {
    return envelope('webhooks', await this.queries.execute(new ListWebhooksQuery(shop.id)));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a webhook (topic, url)' })
  @ApiWebhookAnswer('webhook', WEBHOOK.ref)
  @ApiWebhookErrors(400, 409)
  async create(@CurrentShop() shop: ShopDoc, @Body() body: CreateWebhookDto) {
    const url = await this.checkUrl(body.url);
    const { webhookId }: { webhookId: string } = await this.commands.execute(
      new RegisterWebhookCommand(shop.id, body.topic, url),
    );
    return envelope('webhook', await this.find(shop, webhookId));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One webhook' })
  @ApiWebhookAnswer('webhook', WEBHOOK.ref)
  @ApiWebhookErrors(404)
  async get(@CurrentShop() shop: ShopDoc, @Param('id') id: string) {
    return envelope('webhook', await this.find(shop, id));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change url and/or isEnabled' })
  @ApiWebhookAnswer('webhook', WEBHOOK.ref)
  @ApiWebhookErrors(400, 404, 409)
  async update(@CurrentShop() shop: ShopDoc, @Param('id') id: string, @Body() body: UpdateWebhookDto) {
    await this.find(shop, id);
    if (body.url === undefined && body.isEnabled === undefined)
      throw because.badRequest('send url and/or isEnabled', { field: 'url' });
    const url = body.url === undefined ? undefined : await this.checkUrl(body.url);
    await this.commands.execute(new UpdateWebhookCommand(shop.id, id, { url, isEnabled: body.isEnabled }));
    return envelope('webhook', await this.find(shop, id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook (its pending deliveries are dropped)' })
  @ApiWebhookAnswer('webhook', WEBHOOK.ref)
  @ApiWebhookErrors(404)
  async remove(@CurrentShop() shop: ShopDoc, @Param('id') id: string) {
    // Shown as it was before the deletion.
    const shown = await this.find(shop, id);
    await this.commands.execute(new DeleteWebhookCommand(shop.id, id));
    return envelope('webhook', shown);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'Deliveries of a webhook with every attempt, newest first (before: a delivery sequence)' })
  @ApiWebhookAnswer('deliveries', arrayOf(WEBHOOK_DELIVERY.ref))
  @ApiWebhookErrors(400, 404)
  @ApiOptionalQuery('limit', 'Page size, 1 to 100 (default 20)', 'integer')
  @ApiOptionalQuery('before', 'A delivery sequence: the deliveries before it', 'integer')
  async deliveries(
    @CurrentShop() shop: ShopDoc,
    @Param('id') id: string,
    @Query('limit') limit?: string,
    @Query('before') before?: string,
  ) {
    await this.find(shop, id);
    const size = limit === undefined ? 20 : Number(limit);
    if (!Number.isInteger(size) || size < 1 || size > 100)
      throw because.badRequest('limit must be an integer from 1 to 100', { field: 'limit' });
    if (before !== undefined && !/^\d{1,15}$/.test(before))
      throw because.badRequest('before must be a delivery sequence number', { field: 'before' });
    const deliveries: DeliveryRecord[] = await this.queries.execute(
      new ListWebhookDeliveriesQuery(id, size, before === undefined ? undefined : Number(before)),
    );
    return envelope('deliveries', deliveries);
  }

  @Post(':id/deliveries/redeliver')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Send every failed delivery of the webhook again (status=failed): they become pending and are sent in order, with a fresh attempt budget',
  })
  @ApiWebhookAnswer('redelivery', object({ status: oneOf('failed'), requeued: int }))
  @ApiQuery({ name: 'status', required: true, enum: ['failed'], description: 'Which deliveries: the failed ones' })
  @ApiWebhookErrors(400, 404)
  async redeliverAll(@CurrentShop() shop: ShopDoc, @Param('id') id: string, @Query('status') status?: string) {
    await this.find(shop, id);
    if (status !== 'failed') throw because.badRequest('status must be failed', { field: 'status' });
    const { requeued }: { requeued: number } = await this.commands.execute(new RedeliverFailedDeliveriesCommand(id));
    return envelope('redelivery', { status, requeued });
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send one delivery again now' })
  @ApiWebhookAnswer('delivery', REDELIVERED)
  @ApiWebhookErrors(404)
  async redeliver(@CurrentShop() shop: ShopDoc, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    await this.find(shop, id);
    const { delivery, lastAttempt }: { delivery: Delivery; lastAttempt: SendResult } = await this.commands.execute(
      new RedeliverDeliveryCommand(id, deliveryId),
    );
    return envelope('delivery', { ...presentDelivery(delivery), lastAttempt });
  }

  /** The URL policy, the host resolved too: a name that points inside is refused here, not at delivery. */
  private async checkUrl(raw: string): Promise<string> {
    const verdict = await this.urls.check(raw);
    if (!verdict.ok) throw because.badRequest(`url refused: ${verdict.reason}`, { field: 'url' });
    return verdict.url.toString();
  }

  /** The webhook as shown; 404 when unknown or another shop's. */
  private find(shop: ShopDoc, id: string): Promise<WebhookRecord> {
    return this.queries.execute(new GetWebhookQuery(shop.id, id));
  }
}
