import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { because, DomainError } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { ShopDirectory } from '../../shops/shop-directory';
import { IngestPlatformWebhookCommand, IngestResult, PLATFORM_TOPICS } from '../ingest-platform-webhook.handler';

/**
 * Commerce platform ingestion over HTTP: authenticates the delivery (HMAC with the shop's secret)
 * and checks its headers; the ingestion itself is IngestPlatformWebhookCommand.
 */
@ApiExcludeController()
@Controller('platform/webhooks')
export class PlatformWebhooksController {
  constructor(
    private readonly config: AppConfig,
    private readonly shops: ShopDirectory,
    private readonly commands: CommandBus,
  ) {}

  @Post(':resource/:action')
  @HttpCode(200)
  async receive(
    @Param('resource') resource: string,
    @Param('action') action: string,
    @Req() request: Request & { rawBody?: Buffer },
    @Headers('x-platform-shop-domain') domain: string | undefined,
    @Headers('x-platform-webhook-id') webhookId: string | undefined,
    @Headers('x-platform-hmac-sha256') signature: string | undefined,
  ) {
    const topic = `${resource}/${action}`;
    // A shop's own secret (set by the operator) is the only one that authenticates its webhooks; the
    // global PLATFORM_WEBHOOK_SECRET is the fallback for shops without one. An unknown shop is
    // checked against the global secret, so nobody learns which domains exist without it.
    const shop = domain ? await this.shops.byDomain(domain) : null;
    const secret = (shop && (await this.shops.platformWebhookSecret(shop.id))) ?? this.config.platformWebhookSecret;
    if (!secret) {
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'Platform ingestion is off: neither a platform webhook secret for this shop nor PLATFORM_WEBHOOK_SECRET is set',
        503,
      );
    }
    this.verify(request.rawBody ?? Buffer.alloc(0), signature, secret);
    if (!PLATFORM_TOPICS.has(topic)) throw because.notFound(`Webhook topic ${topic}`);
    if (!domain)
      throw because.badRequest('X-Platform-Shop-Domain header is required', { field: 'X-Platform-Shop-Domain' });
    if (!webhookId)
      throw because.badRequest('X-Platform-Webhook-Id header is required', { field: 'X-Platform-Webhook-Id' });
    if (!shop) throw because.notFound(`Shop ${domain}`);

    const result: IngestResult = await this.commands.execute(
      new IngestPlatformWebhookCommand(shop.id, topic, webhookId, request.body),
    );
    if (result.duplicate) return ok({ topic, duplicate: true }, { message: 'Already processed' });
    return ok({ topic, duplicate: false, ...result.outcome }, { message: 'Processed' });
  }

  private verify(raw: Buffer, signature: string | undefined, secret: string): void {
    const expected = createHmac('sha256', secret).update(raw).digest();
    const given = Buffer.from(signature ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw because.unauthorized('X-Platform-Hmac-Sha256 does not match the body');
    }
  }
}
