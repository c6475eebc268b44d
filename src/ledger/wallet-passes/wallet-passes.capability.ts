import { Capability } from '../../capability';
import { WALLET_PASSES } from '../../infrastructure/wallet-passes/wallet-pass.port';
import { CreateAlphaPassHandler } from './create-alpha-pass.handler';
import { VerifyAlphaPassHandler } from './verify-alpha-pass.handler';
import { GetBetaPassLinkHandler } from './read/get-beta-pass-link.query';
import { SetWalletPassesHandler } from './set-wallet-passes.handler';
import { WalletPassController } from './http/wallet-pass.controller';
import { WalletPassesSettingsController } from './http/wallet-passes.controller';
import { PasskitWalletPasses } from '../../infrastructure/wallet-passes/passkit-wallet-passes.adapter';

/** Wallet passes: a customer's loyalty card in their phone's wallet, kept up to date with the balance. */
export const WALLET_PASSES_CAPABILITY: Capability = {
  providers: [
    CreateAlphaPassHandler,
    VerifyAlphaPassHandler,
    GetBetaPassLinkHandler,
    SetWalletPassesHandler,
    { provide: WALLET_PASSES, useClass: PasskitWalletPasses },
  ],
  projections: [],
  controllers: [WalletPassController, WalletPassesSettingsController],
};
