import { HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { AppConfig } from '../../../config/app-config';
import { ok } from '../../../shared/http/envelope';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { bool, object, str } from '../../../shared/http/openapi/schema';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import { AlphaPassCreatedView, CreateAlphaPassCommand } from '../create-alpha-pass.handler';
import { GetBetaPassLinkQuery } from '../read/get-beta-pass-link.query';
import { VerifyAlphaPassCommand } from '../verify-alpha-pass.handler';

/** The customer's loyalty card in the two phone wallets (docs/wallet-passes.md). */
@HeadlessCustomerApi()
export class WalletPassController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  @Post('customer/wallet-pass/alpha')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Generates the customer's signed alpha wallet pass (balance, tier, barcode of the customer code), stores it " +
      'and answers its download url and a QR of it; may be regenerated. 502 ALPHA_PASS_GENERATION_FAILED when ' +
      'the shop has not configured it or it cannot be signed or stored (nothing changed)',
  })
  @ApiEnvelope(object({ url: str, qrUrl: { type: 'string', description: 'PNG data URL of url' } }))
  @ApiHeadlessErrors(403, 502)
  async createAlpha(@CurrentCustomer() me: HeadlessCaller) {
    const base = this.config.uploadsPublicUrl;
    const view: AlphaPassCreatedView = await this.commands.execute(
      new CreateAlphaPassCommand(me.shopId, me.customerId, base),
    );
    return ok(view, { message: 'Wallet pass created' });
  }

  @HeadlessGet(
    'customer/wallet-pass/alpha/verify',
    "Whether the customer's alpha pass document still exists; when it is gone the pass fields are cleared",
  )
  @ApiEnvelope(object({ exists: bool }))
  async verifyAlpha(@CurrentCustomer() me: HeadlessCaller) {
    return ok(await this.commands.execute(new VerifyAlphaPassCommand(me.shopId, me.customerId)));
  }

  @HeadlessGet(
    'customer/wallet-pass/beta',
    "A save link of the customer's card for the beta wallet (a JWT signed RS256 by the shop's service account). " +
      '502 BETA_PASS_GENERATION_FAILED when the shop has not configured it or the key cannot sign',
  )
  @ApiEnvelope(object({ link: str }))
  @ApiHeadlessErrors(403, 502)
  async beta(@CurrentCustomer() me: HeadlessCaller) {
    return ok(await this.queries.execute(new GetBetaPassLinkQuery(me.shopId, me.customerId)));
  }
}
