import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShopCredentialChanges } from './shop-credential-changes';

/**
 * Sets (or, with `null`, removes) the secret the commerce platform signs this shop's webhooks with.
 * With one set, only it authenticates the shop's webhooks: the global PLATFORM_WEBHOOK_SECRET stays
 * the fallback for shops without their own (one-shop setups).
 */
export class SetPlatformWebhookSecretCommand {
  constructor(
    readonly shopId: string,
    readonly secret: string | null,
  ) {}
}

@CommandHandler(SetPlatformWebhookSecretCommand)
export class SetPlatformWebhookSecretHandler implements ICommandHandler<
  SetPlatformWebhookSecretCommand,
  { shopId: string; platformWebhookSecret: 'own' | 'global' }
> {
  constructor(private readonly credentials: ShopCredentialChanges) {}

  async execute({ shopId, secret }: SetPlatformWebhookSecretCommand) {
    await this.credentials.change(
      shopId,
      (meta) => ({ type: 'SetPlatformWebhookSecret', meta, cleared: secret === null }),
      ({ platformWebhookSecret: _previous, ...rest }) =>
        secret === null ? rest : { ...rest, platformWebhookSecret: secret },
    );
    return { shopId, platformWebhookSecret: secret === null ? ('global' as const) : ('own' as const) };
  }
}
