import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  EarningLimitPolicy,
  MembershipPolicy,
  PointsExpiryPolicy,
  StorefrontPolicy,
  TierRetentionPolicy,
} from '../domain/shop-events';
import { ShopCommands } from './shop-commands';

/** A shop setting, replaced whole. */
export type ShopSetting =
  | { type: 'SetPointsExpiry'; policy: PointsExpiryPolicy }
  | { type: 'SetEarningLimit'; policy: EarningLimitPolicy }
  | { type: 'SetTierRetention'; policy: TierRetentionPolicy }
  | { type: 'SetMembership'; policy: MembershipPolicy }
  | { type: 'SetStorefront'; policy: StorefrontPolicy };

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
    await this.shops.run(shopId, (meta) => ({ ...setting, meta }));
  }
}
