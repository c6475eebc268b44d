import { Body, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { TiersController } from '../../tiers/http/tiers.controller';
import { CreateTierDto, UpdateTierDto } from '../../tiers/http/tier.dto';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/** The Tiers page: the ladder, create, edit, enable and disable (`inactive`). */
@ConsoleApi('tiers')
export class TiersConsoleController {
  constructor(private readonly handlers: ManagementHandlers) {}

  private tiers() {
    return this.handlers.of(TiersController);
  }

  @Get()
  list(@CurrentShop() shop: ShopDoc) {
    return this.tiers().list(shop);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentShop() shop: ShopDoc, @Body() body: CreateTierDto) {
    return this.tiers().create(shop, body);
  }

  @Put(':tierId')
  update(@CurrentShop() shop: ShopDoc, @Param('tierId') id: string, @Body() body: UpdateTierDto) {
    return this.tiers().update(shop, id, body);
  }
}
