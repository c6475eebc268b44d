import { Controller, Headers, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request } from 'express';
import { because } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { IngestPlatformWebhookCommand, IngestResult, PLATFORM_TOPICS } from '../ingest-platform-webhook.handler';
import { PLATFORM_SHOP_DOMAIN_HEADER, PlatformShop, PlatformWebhookGuard } from './platform-webhook.guard';

/**
 * Commerce platform ingestion over HTTP: PlatformWebhookGuard authenticates the delivery (HMAC with
 * the shop's secret), this checks its headers; the ingestion itself is IngestPlatformWebhookCommand.
 */
@ApiExcludeController()
@Controller('platform/webhooks')
@UseGuards(PlatformWebhookGuard)
export class PlatformWebhooksController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':resource/:action')
  @HttpCode(200)
  async receive(
    @Param('resource') resource: string,
    @Param('action') action: string,
    @Req() request: Request,
    @PlatformShop() shop: ShopDoc | null,
    @Headers(PLATFORM_SHOP_DOMAIN_HEADER) domain: string | undefined,
    @Headers('x-platform-webhook-id') webhookId: string | undefined,
    @Headers('x-platform-triggered-at') triggeredAt: string | undefined,
  ) {
    const topic = `${resource}/${action}`;
    if (!PLATFORM_TOPICS.has(topic)) throw because.notFound(`Webhook topic ${topic}`);
    if (!domain)
      throw because.badRequest('X-Platform-Shop-Domain header is required', { field: 'X-Platform-Shop-Domain' });
    if (!webhookId)
      throw because.badRequest('X-Platform-Webhook-Id header is required', { field: 'X-Platform-Webhook-Id' });
    if (!shop) throw because.notFound(`Shop ${domain}`);

    const result: IngestResult = await this.commands.execute(
      new IngestPlatformWebhookCommand(shop.id, topic, webhookId, request.body, triggeredAt ?? null),
    );
    if (result.duplicate) return ok({ topic, duplicate: true }, { message: 'Already processed' });
    return ok({ topic, duplicate: false, ...result.outcome }, { message: 'Processed' });
  }
}
