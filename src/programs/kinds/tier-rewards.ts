/**
 * The kinds of a tier reward (spec 2.9 Tier, "a tier reward"), a descriptor each: what entering the
 * tier pays (points, a coupon, or nothing: a `custom` perk shown with the tier), how much is measured
 * in (`amount`), the coupon it mints and its default title.
 */
export type TierRewardKindName = 'bonus_point' | 'amount_discount' | 'percentage_discount' | 'free_shipping' | 'custom';

export interface TierRewardKind {
  name: TierRewardKindName;
  pays: 'points' | 'coupon' | 'never';
  /** The field that says how much: bonusPoints (points), earnAmount (money or a percent), or none. */
  amount: 'points' | 'money' | 'percent' | 'none';
  /** The commerce platform's reward type of the coupon it mints (null: no coupon). */
  couponType: 'fixed_amount' | 'percentage' | 'free_shipping' | null;
  /** The title when the merchant gives none (null: a title is required). */
  defaultTitle: (bonusPoints: number, earnAmount: number) => string | null;
}

export const TIER_REWARD_KINDS: { [K in TierRewardKindName]: TierRewardKind & { name: K } } = {
  bonus_point: {
    name: 'bonus_point',
    pays: 'points',
    amount: 'points',
    couponType: null,
    defaultTitle: (bonusPoints) => `${bonusPoints} bonus points`,
  },
  amount_discount: {
    name: 'amount_discount',
    pays: 'coupon',
    amount: 'money',
    couponType: 'fixed_amount',
    defaultTitle: (_, earnAmount) => `${earnAmount.toFixed(2)} off`,
  },
  percentage_discount: {
    name: 'percentage_discount',
    pays: 'coupon',
    amount: 'percent',
    couponType: 'percentage',
    defaultTitle: (_, earnAmount) => `${earnAmount}% off`,
  },
  free_shipping: {
    name: 'free_shipping',
    pays: 'coupon',
    amount: 'none',
    couponType: 'free_shipping',
    defaultTitle: () => 'Free shipping',
  },
  custom: { name: 'custom', pays: 'never', amount: 'none', couponType: null, defaultTitle: () => null },
};

export const TIER_REWARD_EVENTS = Object.keys(TIER_REWARD_KINDS) as TierRewardKindName[];

/** The descriptor of a tier reward kind (undefined: no such kind). */
export function tierRewardKind(name: string): TierRewardKind | undefined {
  return Object.prototype.hasOwnProperty.call(TIER_REWARD_KINDS, name)
    ? TIER_REWARD_KINDS[name as TierRewardKindName]
    : undefined;
}
