import { Body, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { CqrsController } from '../../../shared/http/cqrs-controller';
import { ok } from '../../../shared/http/envelope';
import { ApiEnvelope, ApiErrors } from '../../../shared/http/openapi/responses';
import { SetWalletPassesCommand, walletPassesView, WalletPassesView } from '../set-wallet-passes.handler';
import { ShopDoc } from '../../../shops/projections/shop-read-models';
import { ShopDirectory } from '../../../shops/shop-directory';
import {
  AlphaPassSettingsSchema,
  BetaPassSettingsSchema,
  WalletPassSettingsSchema,
} from '../../../shops/settings/wallet-pass-settings.schema';
import { CurrentShop } from '../../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../../shops/http/shop-api';
import { WALLET_PASSES } from '../../../shops/http/shop.openapi';

/**
 * The certificates and the service account that sign the shop's wallet passes (docs/wallet-passes.md).
 * Keys are written here and never read back: the answer says only that one is set.
 */
@ManagementApi('rest_api/v2/settings', 'v2 shop')
@ApiExtraModels(WalletPassSettingsSchema, AlphaPassSettingsSchema, BetaPassSettingsSchema)
export class WalletPassesSettingsController extends CqrsController {
  constructor(
    commands: CommandBus,
    queries: QueryBus,
    private readonly shops: ShopDirectory,
  ) {
    super(commands, queries);
  }

  @Get('wallet-passes')
  @ApiOperation({ summary: 'The wallet-pass settings: identifiers, and whether each key is set (never a key)' })
  @ApiEnvelope(WALLET_PASSES)
  async getWalletPasses(@CurrentShop() shop: ShopDoc) {
    return ok(walletPassesView(await this.shops.walletPassCredentials(shop.id)));
  }

  @Put('wallet-passes')
  @ApiOperation({
    summary:
      'Set the alpha pass certificates and the beta service account (each section replaced whole; null removes it; absent: unchanged)',
  })
  @ApiEnvelope(WALLET_PASSES)
  @ApiErrors(400)
  async setWalletPasses(@CurrentShop() shop: ShopDoc, @Body() body: WalletPassSettingsSchema) {
    const view: WalletPassesView = await this.commands.execute(
      new SetWalletPassesCommand(shop.id, plain(body.alpha), plain(body.beta)),
    );
    return ok(view, { message: 'Wallet passes updated' });
  }
}

/** A validated section as plain data (what the credentials keep), null and undefined as they are. */
function plain<T extends object>(section: T | null | undefined): T | null | undefined {
  return section ? { ...section } : section;
}
