import { because } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { ShopDirectory } from '../../shops/shop-directory';
import { runsOptIn, STOREFRONT_DEFAULTS } from '../../shops/domain/shop-events';
import { ShopText } from '../../translations/queries/shop-text';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { ApiEnvelope } from '../../shared/http/openapi/responses';
import { SHOP_CONFIG } from '../http/headless.openapi';

const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/** How the locale writes the shop's money, `{{amount}}` standing for the number (`${{amount}}`, `{{amount}} €`). */
export function currencyFormat(locale: string, currency: string): string {
  let placed = false;
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(1)
    .map((part) => {
      if (!NUMBER_PARTS.has(part.type)) return part.value;
      if (placed) return '';
      placed = true;
      return '{{amount}}';
    })
    .join('');
}

@HeadlessCustomerApi()
export class ShopConfigController {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
  ) {}

  @HeadlessGet('shop/config', "The token's shop as a storefront needs it (ShopConfig)")
  @ApiEnvelope(SHOP_CONFIG)
  async config(@CurrentCustomer() me: HeadlessCaller) {
    const shop = await this.shops.byId(me.shopId);
    if (!shop) throw because.notFound('Shop');
    const text = await this.text.for(shop.id, me.locale);
    return ok({
      optInEnrollmentEnabled: runsOptIn(shop),
      currency: shop.currency,
      currencyFormat: currencyFormat(text.locale, shop.currency),
      isNewFormatDOB: (shop.storefront ?? STOREFRONT_DEFAULTS).isNewFormatDOB,
      locale: text.locale,
    });
  }
}
