/**
 * The ids of a shop's tiers, for configuration that names tiers (per-tier program rates, per-tier
 * earning caps) and must name the shop's own. A port, so that capabilities below tiers in the import
 * graph can ask without importing them; the tiers capability provides it.
 */
export const SHOP_TIER_IDS = Symbol('SHOP_TIER_IDS');

export interface ShopTierIds {
  tierIdsOf(shopId: string): Promise<string[]>;
}
