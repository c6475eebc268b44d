import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AlphaPassSigner, BetaPassIssuer } from '../../infrastructure/wallet-passes/wallet-pass.port';
import { WalletPassSectionChange } from '../../shops/domain/shop-events';
import { ShopCredentialsDoc } from '../../shops/projections/shop-read-models';
import { ShopCredentialChanges } from '../../shops/commands/shop-credential-changes';

/**
 * Sets the shop's wallet-pass credentials: each section (alpha certificates, beta service account)
 * replaced whole, removed with null, left as it is when absent. An audit event on the shop's stream
 * says which changed; the values are credentials, kept outside the log.
 */
export class SetWalletPassesCommand {
  constructor(
    readonly shopId: string,
    readonly alpha: AlphaPassSigner | null | undefined,
    readonly beta: BetaPassIssuer | null | undefined,
  ) {}
}

/** The settings as answered: identifiers and certificates, never a key. */
export interface WalletPassesView {
  alpha: { passTypeIdentifier: string; teamIdentifier: string; organizationName: string; signerKeySet: true } | null;
  beta: { issuerId: string; classSuffix: string; serviceAccountEmail: string; privateKeySet: true } | null;
}

export function walletPassesView(
  credentials: Pick<ShopCredentialsDoc, 'walletAlpha' | 'walletBeta'>,
): WalletPassesView {
  const { walletAlpha: a, walletBeta: b } = credentials;
  return {
    alpha: a
      ? {
          passTypeIdentifier: a.passTypeIdentifier,
          teamIdentifier: a.teamIdentifier,
          organizationName: a.organizationName,
          signerKeySet: true,
        }
      : null,
    beta: b
      ? {
          issuerId: b.issuerId,
          classSuffix: b.classSuffix,
          serviceAccountEmail: b.serviceAccountEmail,
          privateKeySet: true,
        }
      : null,
  };
}

const changeOf = (section: unknown): WalletPassSectionChange =>
  section === undefined ? 'unchanged' : section === null ? 'removed' : 'set';

/** The credentials with a section replaced (a value), removed (null) or kept (undefined). */
function withSection<K extends 'walletAlpha' | 'walletBeta'>(
  current: ShopCredentialsDoc,
  key: K,
  section: ShopCredentialsDoc[K] | null | undefined,
): ShopCredentialsDoc {
  if (section === undefined) return current;
  const next = { ...current };
  if (section === null) delete next[key];
  else next[key] = section;
  return next;
}

@CommandHandler(SetWalletPassesCommand)
export class SetWalletPassesHandler implements ICommandHandler<SetWalletPassesCommand, WalletPassesView> {
  constructor(private readonly credentials: ShopCredentialChanges) {}

  async execute({ shopId, alpha, beta }: SetWalletPassesCommand): Promise<WalletPassesView> {
    const changed = (current: ShopCredentialsDoc) =>
      withSection(withSection(current, 'walletAlpha', alpha), 'walletBeta', beta);
    const previous = await this.credentials.change(
      shopId,
      (meta) => ({ type: 'SetWalletPasses', meta, alpha: changeOf(alpha), beta: changeOf(beta) }),
      changed,
    );
    return walletPassesView(changed(previous));
  }
}
