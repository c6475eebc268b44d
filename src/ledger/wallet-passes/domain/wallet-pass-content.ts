/** The customer as the card shows them: their balance and tier now. */
export interface CardHolder {
  shopId: string;
  customerId: string;
  points: number;
  tierName: string | null;
}

/** What the card shows (the wallet pass port takes it as it is: the same shape, declared there too). */
export interface WalletCard {
  /** Unique per customer and shop: the pass's serial number, the beta object's id suffix. */
  serialNumber: string;
  programName: string;
  balance: number;
  tierName: string | null;
  /** The customer's code, encoded in the barcode. */
  barcode: string;
}

/**
 * The loyalty card of a customer, the same for both wallets: the balance, the tier, and a barcode
 * of the customer's code (the id the storefront and the till know them by). One serial per
 * customer and shop, so a regenerated pass replaces the one in the wallet.
 */
export function walletPassContent(holder: CardHolder, programName: string): WalletCard {
  return {
    serialNumber: `${holder.shopId}-${holder.customerId}`,
    programName,
    balance: holder.points,
    tierName: holder.tierName,
    barcode: holder.customerId,
  };
}
