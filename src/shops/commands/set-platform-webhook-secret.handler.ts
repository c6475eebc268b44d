import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../projections/shop-read-models';
import { ShopCommands } from './shop-commands';

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
  constructor(
    private readonly shops: ShopCommands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId, secret }: SetPlatformWebhookSecretCommand) {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    // The audit event first (see RotateShopSecretHandler): the log says when it changed, never what to.
    await this.shops.run(shopId, (meta) => ({ type: 'SetPlatformWebhookSecret', meta, cleared: secret === null }));
    const { platformWebhookSecret: _previous, ...rest } = current;
    await credentials.put(secret === null ? rest : { ...rest, platformWebhookSecret: secret });
    return { shopId, platformWebhookSecret: secret === null ? ('global' as const) : ('own' as const) };
  }
}
