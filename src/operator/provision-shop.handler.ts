import { Inject } from '@nestjs/common';
import { CommandMetas } from '../event-sourcing/command-metas';
import { ShopCommands } from '../shops/commands/shop-commands';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { deterministicUuid, sha256Hex } from '../shared/domain/ids';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../shops/projections/shop-read-models';
import { secret } from '../shops/shop-secrets';
import { ShopProvisioned } from '../shops/domain/shop-events';
import { DefineBaseTierCommand } from '../tiers/commands/define-tier.handler';

export class ProvisionShopCommand {
  constructor(
    readonly domain: string,
    readonly plan = 'ultimate',
    readonly currency = 'USD',
    readonly timezone = 'UTC',
  ) {}
}

/** What the operator gets back: the shop as provisioned and, once, its secrets (they are not shown again). */
export interface ProvisionedShop extends Omit<ShopProvisioned, 'type' | 'eventId' | 'occurredAt'> {
  secretKey: string;
  headlessSecret: string;
}

@CommandHandler(ProvisionShopCommand)
export class ProvisionShopHandler implements ICommandHandler<ProvisionShopCommand, ProvisionedShop> {
  constructor(
    private readonly shops: ShopCommands,
    private readonly metas: CommandMetas,
    private readonly commandBus: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute(command: ProvisionShopCommand): Promise<ProvisionedShop> {
    const domain = command.domain.trim().toLowerCase();
    // One shop per domain: the id is derived from it, so a second provisioning hits an existing stream.
    const shopId = deterministicUuid('shop', domain);
    const appKey = `ak_${randomBytes(16).toString('hex')}`;
    const secretKey = secret('sk');
    const headlessSecret = secret('hs');
    const meta = this.metas.for(shopId);
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    // Credentials first: if the append then fails they are removed; if the process dies in between they
    // point at no shop and the auth guard refuses them.
    await credentials.put({
      id: appKey,
      shopId,
      secretKeyHash: sha256Hex(secretKey),
      secretKey,
      headlessSecret,
      createdAt: meta.occurredAt,
    });
    try {
      await this.shops.run(
        shopId,
        (m) => ({
          type: 'ProvisionShop',
          meta: m,
          domain,
          plan: command.plan,
          currency: command.currency.toUpperCase(),
          timezone: command.timezone,
          appKey,
        }),
        meta,
      );
    } catch (error) {
      await credentials.delete(appKey);
      throw error;
    }
    await this.commandBus.execute(new DefineBaseTierCommand(shopId));
    return {
      shopId,
      domain,
      plan: command.plan,
      currency: command.currency.toUpperCase(),
      timezone: command.timezone,
      appKey,
      secretKey,
      headlessSecret,
    };
  }
}
