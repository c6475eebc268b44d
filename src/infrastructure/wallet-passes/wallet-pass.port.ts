/**
 * The wallet pass port: signs a customer's loyalty card for the two wallet providers. `alpha` is a
 * signed pass file (a zip of pass.json, manifest.json and a PKCS#7 signature of the manifest);
 * `beta` a save link whose JWT the shop's service account signs (RS256). The domain builds the
 * card's content; the signing and its libraries stay behind this port.
 */
export const WALLET_PASSES = Symbol('WALLET_PASSES');

/** The merchant's pass certificates (shop settings): PEM text. */
export interface AlphaPassSigner {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  signerCertificate: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdrCertificate: string;
}

/** The merchant's wallet service account (shop settings): the JWT's issuer and its RSA key, PEM. */
export interface BetaPassIssuer {
  issuerId: string;
  classSuffix: string;
  serviceAccountEmail: string;
  privateKey: string;
}

/** What the card shows: the balance, the tier and a barcode of the customer's code. */
export interface WalletPassContent {
  /** Unique per customer and shop: the pass's serial number, the beta object's id suffix. */
  serialNumber: string;
  programName: string;
  balance: number;
  tierName: string | null;
  /** The customer's code, encoded in the barcode. */
  barcode: string;
}

export interface WalletPasses {
  /** The signed pass file's bytes; throws when the certificates cannot sign it. */
  alphaPass(content: WalletPassContent, signer: AlphaPassSigner): Promise<Buffer>;
  /** The save link (`https://pay.google.com/gp/v/save/<jwt>`); throws when the key cannot sign. */
  betaSaveLink(content: WalletPassContent, issuer: BetaPassIssuer): string;
}
