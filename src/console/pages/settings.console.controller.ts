import { Body, Get, Put } from '@nestjs/common';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { SettingsController } from '../../shops/http/settings.controller';
import { ChatConnectionController } from '../../ledger/social-links/chat/http/chat-connection.controller';
import { WalletPassesSettingsController } from '../../ledger/wallet-passes/http/wallet-passes.controller';
import { EarningLimitSchema, MembershipSchema, StorefrontSchema } from '../../shops/settings/shop-settings.schema';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/**
 * The Settings page: storefront origins, the earning limit and membership (read and written), the
 * chat and wallet connections (read: their secrets are set through the management API).
 */
@ConsoleApi('settings')
export class SettingsConsoleController {
  constructor(private readonly handlers: ManagementHandlers) {}

  private settings() {
    return this.handlers.of(SettingsController);
  }

  @Get('storefront')
  storefront(@CurrentShop() shop: ShopDoc) {
    return this.settings().getStorefront(shop);
  }

  @Put('storefront')
  setStorefront(@CurrentShop() shop: ShopDoc, @Body() body: StorefrontSchema) {
    return this.settings().setStorefront(shop, body);
  }

  @Get('earning-limit')
  earningLimit(@CurrentShop() shop: ShopDoc) {
    return this.settings().getEarningLimit(shop);
  }

  @Put('earning-limit')
  setEarningLimit(@CurrentShop() shop: ShopDoc, @Body() body: EarningLimitSchema) {
    return this.settings().setEarningLimit(shop, body);
  }

  @Get('membership')
  membership(@CurrentShop() shop: ShopDoc) {
    return this.settings().getMembership(shop);
  }

  @Put('membership')
  setMembership(@CurrentShop() shop: ShopDoc, @Body() body: MembershipSchema) {
    return this.settings().setMembership(shop, body);
  }

  @Get('chat')
  chat(@CurrentShop() shop: ShopDoc) {
    return this.handlers.of(ChatConnectionController).getChat(shop);
  }

  @Get('wallet-passes')
  walletPasses(@CurrentShop() shop: ShopDoc) {
    return this.handlers.of(WalletPassesSettingsController).getWalletPasses(shop);
  }
}
