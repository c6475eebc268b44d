import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentShop } from './shop-auth.guard';
import { ManagementApi } from './shop-api';
import { ShopDoc } from '../projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { ApiEnvelope } from '../../shared/http/openapi/responses';
import { WHOAMI } from './shop.openapi';

@ManagementApi('rest_api/v2/whoami', 'v2 shop')
export class WhoamiController {
  @Get()
  @ApiOperation({ summary: 'The shop these keys belong to' })
  @ApiEnvelope(WHOAMI)
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
