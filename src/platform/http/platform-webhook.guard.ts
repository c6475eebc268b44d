import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopDoc } from '../../shops/projections/shop-read-models';

export const PLATFORM_SHOP_DOMAIN_HEADER = 'x-platform-shop-domain';

type PlatformWebhookRequest = Request & { rawBody?: Buffer; platformShop?: ShopDoc | null };

/**
 * Commerce platform webhooks: the body must be signed (HMAC-SHA256) with the sending shop's secret,
 * or 401. Authentication, as ShopAuthGuard is for the management APIs, not a read: it needs the
 * secret itself, which no query hands out.
 */
@Injectable()
export class PlatformWebhookGuard implements CanActivate {
  constructor(
    private readonly config: AppConfig,
    private readonly shops: ShopDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PlatformWebhookRequest>();
    const domain = request.header(PLATFORM_SHOP_DOMAIN_HEADER);
    // A shop's own secret (set by the operator) is the only one that authenticates its webhooks; the
    // global PLATFORM_WEBHOOK_SECRET is the fallback for shops without one. An unknown shop is
    // checked against the global secret, so nobody learns which domains exist without it.
    const shop = domain ? await this.shops.byDomain(domain) : null;
    const secret = (shop && (await this.shops.platformWebhookSecret(shop.id))) ?? this.config.platformWebhookSecret;
    if (!secret) {
      throw because.unavailable(
        'Platform ingestion is off: neither a platform webhook secret for this shop nor PLATFORM_WEBHOOK_SECRET is set',
      );
    }
    verify(request.rawBody ?? Buffer.alloc(0), request.header('x-platform-hmac-sha256'), secret);
    request.platformShop = shop;
    return true;
  }
}

function verify(raw: Buffer, signature: string | undefined, secret: string): void {
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(signature ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw because.unauthorized('X-Platform-Hmac-Sha256 does not match the body');
  }
}

/**
 * The shop whose domain the authenticated webhook names; null when no shop has it (the delivery
 * was signed with the global secret, and the controller answers 404 after its header checks).
 */
export const PlatformShop = createParamDecorator(
  (_: unknown, context: ExecutionContext): ShopDoc | null =>
    context.switchToHttp().getRequest<PlatformWebhookRequest>().platformShop ?? null,
);
