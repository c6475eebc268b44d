import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentShop, ShopAuthGuard } from './shop-auth.guard';
import { ShopDoc } from '../projections/shop-read-models';
import { ok } from '../../shared/http/envelope';

@ApiTags('v2 shop')
@ApiHeader({ name: 'X-Svc-Loyalty-App-Key', required: true })
@ApiHeader({ name: 'X-Svc-Loyalty-Secret-Key', required: true })
@UseGuards(ShopAuthGuard)
@Controller('rest_api/v2/whoami')
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
