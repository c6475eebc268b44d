import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { sha256Hex } from '../../shared/domain/ids';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { shopDecider } from '../domain/shop.decider';
import { shopStreamId } from '../domain/shop-events';
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
    private readonly runner: DecisionRunner,
    private readonly directory: ShopDirectory,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ shopId }: RotateShopSecretCommand) {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    const occurredAt = this.clock.now().toISOString();
    // The audit event first: if it fails nothing changed; if the credential write then fails, the
    // operator rotates again (the old secret keeps working until then).
    await this.runner.run(shopDecider, shopStreamId(shopId), () => ({
      type: 'RotateSecret' as const,
      shopId,
      eventId: this.ids.next(),
      occurredAt,
      appKey: current.id,
    }));
    const secretKey = secret('sk');
    await credentials.put({ ...current, secretKeyHash: sha256Hex(secretKey), secretKey, rotatedAt: occurredAt });
    this.directory.forget(current.id);
    return { shopId, appKey: current.id, secretKey };
  }
}
