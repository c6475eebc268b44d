import { Inject } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { ShopCommands } from './shop-commands';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { sha256Hex } from '../../shared/domain/ids';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../projections/shop-read-models';
import { ShopDirectory } from '../shop-directory';
import { secret } from '../shop-secrets';

/** Replaces a shop's API secret, which is also the signing key of its next webhook deliveries. */
export class RotateShopSecretCommand {
  constructor(readonly shopId: string) {}
}

@CommandHandler(RotateShopSecretCommand)
export class RotateShopSecretHandler implements ICommandHandler<
  RotateShopSecretCommand,
  { shopId: string; appKey: string; secretKey: string }
> {
  constructor(
    private readonly shops: ShopCommands,
    private readonly metas: CommandMetas,
    private readonly directory: ShopDirectory,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId }: RotateShopSecretCommand) {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    const meta = this.metas.for(shopId);
    const occurredAt = meta.occurredAt;
    // The audit event first: if it fails nothing changed; if the credential write then fails, the
    // operator rotates again (the old secret keeps working until then).
    await this.shops.run(shopId, (m) => ({ type: 'RotateSecret', meta: m, appKey: current.id }), meta);
    const secretKey = secret('sk');
    await credentials.put({ ...current, secretKeyHash: sha256Hex(secretKey), secretKey, rotatedAt: occurredAt });
    this.directory.forget(current.id);
    return { shopId, appKey: current.id, secretKey };
  }
}
