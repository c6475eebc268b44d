import { CustomerEvent, CustomerEventType as T } from '../../customer-events';

/** The wallet pass policy's share: the customer's alpha pass on file, null when none. */
export interface WalletPassShare {
  alphaPass: { passKey: string; url: string; qrUrl: string } | null;
}

export const initialWalletPass = (): WalletPassShare => ({ alphaPass: null });

export function evolveWalletPass(_state: WalletPassShare, event: CustomerEvent): Partial<WalletPassShare> | undefined {
  switch (event.type) {
    case T.AlphaPassCreated:
      return { alphaPass: { passKey: event.passKey, url: event.url, qrUrl: event.qrUrl } };
    case T.AlphaPassCleared:
      return { alphaPass: null };
    default:
      return undefined;
  }
}

declare module '../../customer-state' {
  interface CustomerShares {
    walletPass: WalletPassShare;
  }
}
