import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { shopDecider } from '../domain/shop.decider';
import { shopStreamId } from '../domain/shop-events';
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
    private readonly runner: DecisionRunner,
    private readonly events: EventBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ shopId }: RotateHeadlessSecretCommand) {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    const occurredAt = this.clock.now().toISOString();
    // The audit event first (see RotateShopSecretHandler).
    await this.runner.run(shopDecider, shopStreamId(shopId), () => ({
      type: 'RotateHeadlessSecret' as const,
      shopId,
      eventId: this.ids.next(),
      occurredAt,
    }));
    const headlessSecret = secret('hs');
    await credentials.put({ ...current, headlessSecret, headlessRotatedAt: occurredAt });
    this.events.publish(new HeadlessSecretRotated(shopId));
    return { shopId, headlessSecret };
  }
}
