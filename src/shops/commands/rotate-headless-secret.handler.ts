import { Inject } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { ShopCommands } from './shop-commands';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../projections/shop-read-models';
import { secret } from '../shop-secrets';

/** Replaces a shop's headless secret: merchants sign token requests with it, and its tokens' key derives from it. */
export class RotateHeadlessSecretCommand {
  constructor(readonly shopId: string) {}
}

/** Published in-process after a rotation, so caches of the old secret are dropped at once. */
export class HeadlessSecretRotated {
  constructor(readonly shopId: string) {}
}

@CommandHandler(RotateHeadlessSecretCommand)
export class RotateHeadlessSecretHandler implements ICommandHandler<
  RotateHeadlessSecretCommand,
  { shopId: string; headlessSecret: string }
> {
  constructor(
    private readonly shops: ShopCommands,
    private readonly metas: CommandMetas,
    private readonly events: EventBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId }: RotateHeadlessSecretCommand) {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    const meta = this.metas.for(shopId);
    const occurredAt = meta.occurredAt;
    // The audit event first (see RotateShopSecretHandler).
    await this.shops.run(shopId, (m) => ({ type: 'RotateHeadlessSecret', meta: m }), meta);
    const headlessSecret = secret('hs');
    await credentials.put({ ...current, headlessSecret, headlessRotatedAt: occurredAt });
    this.events.publish(new HeadlessSecretRotated(shopId));
    return { shopId, headlessSecret };
  }
}
