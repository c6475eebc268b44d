import { WalletPassContent } from '../../../infrastructure/wallet-passes/wallet-pass.port';

/** The customer as the card shows them: their balance and tier now. */
export interface CardHolder {
  shopId: string;
  customerId: string;
  points: number;
  tierName: string | null;
}

/**
 * The loyalty card of a customer, the same for both wallets: the balance, the tier, and a barcode
 * of the customer's code (the id the storefront and the till know them by). One serial per
 * customer and shop, so a regenerated pass replaces the one in the wallet.
 */
export function walletPassContent(holder: CardHolder, programName: string): WalletPassContent {
  return {
    serialNumber: `${holder.shopId}-${holder.customerId}`,
    programName,
    balance: holder.points,
    tierName: holder.tierName,
    barcode: holder.customerId,
  };
}
