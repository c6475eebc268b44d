import { because } from '../../shared/domain/domain-error';
import type { SpendingRules } from './spending-rule';

/** The arithmetic of a redemption, as the spending kinds share it (their descriptors' `redemption`). */
export interface Redemption {
  points(rules: SpendingRules, quantity: number): number;
  value(rules: SpendingRules, quantity: number): number | null;
  cheapest(rules: SpendingRules): number;
  giftVariants(rules: SpendingRules, variantId: string | null): string[];
  entitledScope(rules: SpendingRules): { entitledProductIds: string[]; entitledCollectionIds: string[] };
  expiresAt(rules: SpendingRules, now: string): string | null;
  quantityOf(rules: SpendingRules, sent: { points?: number }): number;
}

/**
 * Points a redemption costs: a fixed reward costs pointsCost per unit; a dynamic one is bought in
 * steps of pointsCost and must stay within minPoints..maxPoints.
 */
export function redemptionPoints(rules: SpendingRules, quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
    throw because.badRequest('quantity must be an integer from 1 to 1000', { field: 'quantity' });
  const points = rules.pointsCost * quantity;
  if (rules.redeemType === 'dynamic') {
    if (rules.minPoints && points < rules.minPoints)
      throw because.badRequest(`at least ${rules.minPoints} points must be redeemed`, { field: 'quantity' });
    if (rules.maxPoints && points > rules.maxPoints)
      throw because.badRequest(`at most ${rules.maxPoints} points can be redeemed`, { field: 'quantity' });
  }
  return points;
}

/** The value the coupon carries: quantity x the reward (a percentage is not multiplied: 2 x 10% is still 10%). */
export function redemptionValue(rules: SpendingRules, quantity: number): number | null {
  if (rules.rewardValue === null) return null;
  return rules.rewardType === 'percentage' ? rules.rewardValue : Math.round(rules.rewardValue * quantity * 100) / 100;
}

/** The cheapest redemption: minPoints of a dynamic reward when set, else the price (or step). */
export const cheapest = (rules: SpendingRules): number =>
  rules.redeemType === 'dynamic' && rules.minPoints ? rules.minPoints : rules.pointsCost;

/**
 * The gift variants a free_product redemption entitles. Mode `all`: every listed variant. Mode `one`:
 * the variant the customer chose, which must be on the list; with a single variant on offer it is
 * chosen for them.
 */
export function giftVariants(rules: SpendingRules, variantId: string | null): string[] {
  if (rules.rewardType !== 'free_product') return [];
  const offered = rules.giftProducts.flatMap((p) => p.variants.map((v) => v.id));
  if (rules.giftSelectionMode === 'all') return offered;
  if (!variantId) {
    if (offered.length === 1) return offered;
    throw because.giftSelectionRequired();
  }
  if (!offered.includes(variantId)) throw because.giftUnavailable(variantId);
  return [variantId];
}

/** The products or collections a redemption's coupon is limited to (a free gift is limited by its variants instead). */
export function entitledScope(rules: SpendingRules): { entitledProductIds: string[]; entitledCollectionIds: string[] } {
  const gift = rules.rewardType === 'free_product';
  return {
    entitledProductIds: !gift && rules.appliedTo === 'sf_product' ? rules.specificProductIds : [],
    entitledCollectionIds: !gift && rules.appliedTo === 'sf_collection' ? rules.appliedCollectionIds : [],
  };
}

/** When a coupon issued at `now` stops working (null: never). */
export const expiresAt = (rules: SpendingRules, now: string): string | null =>
  rules.expiresInDays ? new Date(Date.parse(now) + rules.expiresInDays * 86_400_000).toISOString() : null;

/**
 * The quantity a shopper's request stands for (headless redeem): a fixed reward is bought once; a
 * dynamic one in steps of pointsCost, `points` naming the total.
 */
export function quantityOf(rules: SpendingRules, sent: { points?: number }): number {
  if (rules.redeemType !== 'dynamic') return 1;
  if (sent.points === undefined)
    throw because.badRequest('points is required for a dynamic reward', { field: 'points' });
  if (sent.points % rules.pointsCost !== 0)
    throw because.badRequest(`points must be a multiple of ${rules.pointsCost}`, { field: 'points' });
  return sent.points / rules.pointsCost;
}

/** The spending family's arithmetic (every spending kind uses it; a kind with other rules brings its own). */
export const REDEMPTION: Redemption = {
  points: redemptionPoints,
  value: redemptionValue,
  cheapest,
  giftVariants,
  entitledScope,
  expiresAt,
  quantityOf,
};
