import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { because } from '../../../shared/domain/domain-error';
import { WALLET_PASSES, WalletPasses } from '../../../infrastructure/wallet-passes/wallet-pass.port';
import { CustomerStreamCommands } from '../../customer-stream.commands';
import { requireCardHolder } from '../domain/wallet-pass.decisions';
import { enrolledOrNotFound } from '../../customer-state';
import { ShopDirectory } from '../../../shops/shop-directory';
import { walletPassContent } from '../domain/wallet-pass-content';

/** GET /customer/wallet-pass/beta: a save link of the customer's card, signed by the shop's service account. */
export class GetBetaPassLinkQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

/** Nothing is recorded: the link carries the card as it is now. A guest: 403; not configured or unsignable: 502. */
@QueryHandler(GetBetaPassLinkQuery)
export class GetBetaPassLinkHandler implements IQueryHandler<GetBetaPassLinkQuery, { link: string }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly shops: ShopDirectory,
    @Inject(WALLET_PASSES) private readonly passes: WalletPasses,
  ) {}

  async execute({ shopId, customerId }: GetBetaPassLinkQuery): Promise<{ link: string }> {
    const [{ walletBeta }, shop, state] = await Promise.all([
      this.shops.walletPassCredentials(shopId),
      this.shops.byId(shopId),
      this.commands.state(shopId, customerId),
    ]);
    // Who may hold a card comes first: a guest is refused as one (403) on a shop with or without wallet settings.
    requireCardHolder(enrolledOrNotFound(state));
    if (!walletBeta) throw because.betaPassGenerationFailed('Wallet passes are not configured for this shop');
    const holder = { shopId, customerId, points: state.points, tierName: state.tierName };
    try {
      return { link: this.passes.betaSaveLink(walletPassContent(holder, shop?.domain ?? shopId), walletBeta) };
    } catch {
      throw because.betaPassGenerationFailed('The wallet pass link could not be signed with the service account key');
    }
  }
}
