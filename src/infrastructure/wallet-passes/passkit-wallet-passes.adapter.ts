import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import sharp from 'sharp';
import { AlphaPassSigner, BetaPassIssuer, WalletPassContent, WalletPasses } from './wallet-pass.port';

/** The save link's prefix: the JWT follows it. */
export const BETA_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** A plain square icon (the wallet requires one): made once, in the card's colour. */
let icons: Promise<{ icon: Buffer; icon2x: Buffer }> | null = null;
function plainIcons() {
  const square = (size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r: 32, g: 64, b: 160 } } })
      .png()
      .toBuffer();
  icons ??= Promise.all([square(29), square(58)]).then(([icon, icon2x]) => ({ icon, icon2x }));
  return icons;
}

/**
 * The wallet passes with passkit-generator (alpha: a storeCard pass signed with the merchant's
 * certificates) and a JWT signed RS256 with the service account's key (beta: a loyalty object in
 * the save link's payload).
 */
@Injectable()
export class PasskitWalletPasses implements WalletPasses {
  private readonly jwt = new JwtService();

  async alphaPass(content: WalletPassContent, signer: AlphaPassSigner): Promise<Buffer> {
    // Loaded on the first pass: most processes never sign one, and the library is slow to load.
    const { PKPass } = await import('passkit-generator');
    const { icon, icon2x } = await plainIcons();
    const pass = new PKPass(
      { 'icon.png': icon, 'icon@2x.png': icon2x },
      {
        wwdr: signer.wwdrCertificate,
        signerCert: signer.signerCertificate,
        signerKey: signer.signerKey,
        ...(signer.signerKeyPassphrase ? { signerKeyPassphrase: signer.signerKeyPassphrase } : {}),
      },
      {
        formatVersion: 1,
        passTypeIdentifier: signer.passTypeIdentifier,
        teamIdentifier: signer.teamIdentifier,
        organizationName: signer.organizationName,
        serialNumber: content.serialNumber,
        description: `${content.programName} loyalty card`,
        logoText: content.programName,
      },
    );
    pass.type = 'storeCard';
    pass.primaryFields.push({ key: 'balance', label: 'Points', value: content.balance });
    pass.secondaryFields.push({ key: 'tier', label: 'Tier', value: content.tierName ?? '' });
    pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: content.barcode, messageEncoding: 'iso-8859-1' });
    return pass.getAsBuffer();
  }

  betaSaveLink(content: WalletPassContent, issuer: BetaPassIssuer): string {
    const classId = `${issuer.issuerId}.${issuer.classSuffix}`;
    const loyaltyObject = {
      id: `${issuer.issuerId}.${content.serialNumber}`,
      classId,
      state: 'ACTIVE',
      accountId: content.barcode,
      loyaltyPoints: { label: 'Points', balance: { int: content.balance } },
      textModulesData: [{ id: 'tier', header: 'Tier', body: content.tierName ?? '' }],
      barcode: { type: 'QR_CODE', value: content.barcode },
    };
    const payload = {
      iss: issuer.serviceAccountEmail,
      aud: 'google',
      typ: 'savetowallet',
      origins: [],
      payload: { loyaltyObjects: [loyaltyObject] },
    };
    return `${BETA_SAVE_URL}${this.jwt.sign(payload, { algorithm: 'RS256', privateKey: issuer.privateKey })}`;
  }
}
