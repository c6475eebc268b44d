import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { AuditKeys } from '../../audit/credentials/audit-keys';
import { ConsoleSession, ConsoleSessions } from './console-sessions';

/** What the sign-in form sends: the shop's two keys (its staff) or an audit key (an auditor). */
export type ConsoleCredentials = { appKey: string; secretKey: string } | { auditKey: string };

export interface SignedIn {
  token: string;
  session: ConsoleSession;
}

export class SignInCommand {
  constructor(readonly credentials: ConsoleCredentials) {}
}

/** The keys are checked exactly as the APIs check them; a wrong one is 401 (and counted by the auth throttle). */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignedIn> {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly auditKeys: AuditKeys,
    private readonly sessions: ConsoleSessions,
  ) {}

  async execute({ credentials }: SignInCommand): Promise<SignedIn> {
    const session = await this.sessionFor(credentials);
    if (!session) throw because.unauthorized('Those keys are not valid');
    return { token: await this.sessions.start(session), session };
  }

  private async sessionFor(credentials: ConsoleCredentials): Promise<ConsoleSession | null> {
    if ('auditKey' in credentials) {
      const key = await this.auditKeys.authenticate(credentials.auditKey);
      const shop = key ? await this.shops.byId(key.shopId) : null;
      return key && shop ? { shopId: shop.id, role: 'audit', auditKeyId: key.id } : null;
    }
    const shop = await this.shops.authenticate(credentials.appKey, credentials.secretKey);
    return shop ? { shopId: shop.id, role: 'merchant', auditKeyId: null } : null;
  }
}
