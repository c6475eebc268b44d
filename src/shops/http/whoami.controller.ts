import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentShop } from './shop-auth.guard';
import { ManagementApi } from './shop-api';
import { ShopDoc } from '../projections/shop-read-models';
import { ok } from '../../shared/http/envelope';

@ManagementApi('rest_api/v2/whoami', 'v2 shop')
export class WhoamiController {
  @Get()
  @ApiOperation({ summary: 'The shop these keys belong to' })
  whoami(@CurrentShop() shop: ShopDoc) {
    return ok({
      shopId: shop.id,
      domain: shop.domain,
      plan: shop.plan,
      currency: shop.currency,
      timezone: shop.timezone,
    });
  }
}
