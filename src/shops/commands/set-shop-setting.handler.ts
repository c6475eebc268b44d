import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShopCommand } from '../domain/shop.decider';
import { ShopCommands } from './shop-commands';

/** Each of `C`'s commands without what this handler adds (the meta, and the shop's tiers). */
type AsSent<C> = C extends unknown ? Omit<C, 'meta' | 'tierIds'> : never;

/** A shop setting, replaced whole: one of the shop's setting commands, as the settings API sends it. */
export type ShopSetting = AsSent<Extract<ShopCommand, { policy: unknown }>>;

/** Sets one of the shop's settings (PUT /rest_api/v2/settings/...), decided on the shop's stream. */
export class SetShopSettingCommand {
  constructor(
    readonly shopId: string,
    readonly setting: ShopSetting,
  ) {}
}

@CommandHandler(SetShopSettingCommand)
export class SetShopSettingHandler implements ICommandHandler<SetShopSettingCommand, void> {
  constructor(private readonly shops: ShopCommands) {}

  async execute({ shopId, setting }: SetShopSettingCommand): Promise<void> {
    if (setting.type === 'SetEarningLimit') {
      // Per-tier caps must name the shop's own tiers.
      await this.shops.runNamingTiers(shopId, (meta, tierIds) => ({ ...setting, meta, tierIds }));
      return;
    }
    await this.shops.run(shopId, (meta) => ({ ...setting, meta }));
  }
}
