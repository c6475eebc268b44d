import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SHOP_TIER_IDS, ShopTierIds } from '../../shared/shop-tier-ids';
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
  constructor(
    private readonly shops: ShopCommands,
    @Inject(SHOP_TIER_IDS) private readonly tiers: ShopTierIds,
  ) {}

  async execute({ shopId, setting }: SetShopSettingCommand): Promise<void> {
    if (setting.type === 'SetEarningLimit') {
      // Per-tier caps must name the shop's own tiers.
      const tierIds = await this.tiers.tierIdsOf(shopId);
      await this.shops.run(shopId, (meta) => ({ ...setting, meta, tierIds }));
      return;
    }
    await this.shops.run(shopId, (meta) => ({ ...setting, meta }));
  }
}
