import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Response } from 'express';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { because } from '../shared/domain/domain-error';
import { ShopDirectory } from '../shops/shop-directory';
import { HeadlessSigningKeys } from '../storefront-api/auth/headless-signing-keys';
import { DEMO_CUSTOMER, DEMO_SHOP_DOMAIN } from '../operator/demo-shop';
import { widgetFile } from './widget-files';

/**
 * The demo storefront (`/widget/demo/`) and its "merchant server" (`POST /widget/demo/proof`): what a
 * shop's own server does for the signed-in shopper, signing the hmac proof of the token exchange
 * with the headless secret, which never reaches the page. Only while DEMO_SHOP is on, and only for
 * the demo shop's demo customer; 404 otherwise.
 */
@ApiExcludeController()
@Controller('widget/demo')
export class DemoStorefrontController {
  constructor(
    private readonly config: AppConfig,
    private readonly shops: ShopDirectory,
    private readonly keys: HeadlessSigningKeys,
  ) {}

  @Get()
  async page(@Res() res: Response): Promise<void> {
    const page = this.config.createDemoShop ? await widgetFile('demo', 'index.html') : null;
    if (!page) throw because.notFound('Demo storefront');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(page);
  }

  @Post('proof')
  @HttpCode(200)
  async proof(@Res({ passthrough: true }) res: Response) {
    const shop = this.config.createDemoShop ? await this.shops.byDomain(DEMO_SHOP_DOMAIN) : null;
    const secret = shop ? await this.keys.headlessSecret(shop.id, { create: true }) : null;
    if (!shop || !secret) throw because.notFound('Demo shop');
    const ts = Math.floor(Date.now() / 1000);
    const { id, email } = DEMO_CUSTOMER;
    const hmac = createHmac('sha256', secret).update(`${id}-${email.toLowerCase()}-${ts}`).digest('hex');
    res.setHeader('Cache-Control', 'no-store');
    return { grant_type: 'hmac', shopDomain: shop.domain, customerId: String(id), email, ts, hmac };
  }
}
