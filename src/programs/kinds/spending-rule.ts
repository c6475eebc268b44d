import { CombinedWith } from '../../shared/domain/discount-combination';

/**
 * The spending rule's schema: the typed reward of a spending program, as the write edge
 * (`spendingRules`, through `decideSpending`) leaves it and every reader takes it.
 */

/**
 * A product as a spending program names it: a gift a free_product reward can give (spec 2.4
 * GiftProduct), or a product an `sf_product` discount applies to. `handle` and a variant's `price`
 * are the merchant's, kept for display (spec 2.9 specificProducts).
 */
export interface GiftProduct {
  id: string;
  title: string;
  image: string;
  handle?: string;
  variants: Array<{ id: string; title: string; price?: string }>;
}

/** A collection an `sf_collection` discount applies to. */
export interface NamedCollection {
  id: string;
  title: string;
}

/** What a coupon applies to (spec 2.9 appliedTo): the whole order, some products, or some collections. */
export const APPLIED_TO = ['all', 'sf_product', 'sf_collection'] as const;
export type AppliedTo = (typeof APPLIED_TO)[number];

export const REWARD_TYPES = [
  'fixed_amount',
  'amount_discount',
  'percentage',
  'free_shipping',
  'free_product',
  'store_credit',
  'impact',
] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** A spending program's reward fields (the `spending` object of a program), as redemption reads them. */
export interface SpendingRules {
  pointsCost: number;
  redeemType: 'fixed' | 'dynamic';
  rewardType: RewardType;
  /** Currency per pointsCost (fixed_amount, store_credit), percent (percentage); unused for free shipping and gifts. */
  rewardValue: number | null;
  minPoints: number | null;
  maxPoints: number | null;
  /** Minimum order subtotal for the coupon to apply, as a decimal string ("50.00"); null: none. */
  orderReqAmount: string | null;
  /** Days an issued coupon stays valid (null: no expiry). */
  expiresInDays: number | null;
  /** Redemptions per customer (refunded ones do not count); null: unlimited. */
  limitRedeem: number | null;
  /** Redemptions of this program across all customers; null: unlimited. */
  totalLimitationRedeem: number | null;
  combinedWith: CombinedWith;
  giftSelectionMode: 'one' | 'all' | null;
  giftProducts: GiftProduct[];
  /** Cart ceiling for dynamic rewards (display only, spec 2.4). */
  hasLimitCartValue: boolean;
  limitCartValue: number | null;
  /** `all` (the order), `sf_product` (specificProductIds; a free gift's products) or `sf_collection` (appliedCollectionIds). */
  appliedTo: AppliedTo;
  /** sf_product: the products the coupon applies to. */
  specificProductIds: string[];
  /** sf_product: those products as the merchant described them (display; may be fewer than the ids). */
  specificProducts: GiftProduct[];
  /** sf_collection: the collections the coupon applies to. */
  appliedCollectionIds: string[];
  specificCollections: NamedCollection[];
  /** Where the reward is offered: the online store (the only channel the service mints for). */
  redeemIn: 'available_in_online_store';
  /** Who redeems it: the customer (through the storefront or the merchant's server). */
  userAvailability: 'userRedeemed';
  /** Shown on the storefront's loyalty page (headless lists and redeem); v2 lists and redeems it either way. */
  showLoyaltyPage: boolean;
}

/**
 * The reward as events store it and read models hold it (`storedSpending`): the rule without its two
 * constants, a free gift's products kept in giftProducts only.
 */
export type StoredSpending = Omit<SpendingRules, 'redeemIn' | 'userAvailability'>;
/** An earning program sells nothing: its `spending` is empty. */
export type NoSpending = Record<string, never>;
/** A program's `spending`: the typed reward of a spending program, empty for an earning one. */
export type ProgramSpending = StoredSpending | NoSpending;

/** The fields of a stored reward, in the order they are stored. */
export const STORED_SPENDING_FIELDS = [
  'pointsCost',
  'redeemType',
  'rewardType',
  'rewardValue',
  'minPoints',
  'maxPoints',
  'orderReqAmount',
  'expiresInDays',
  'limitRedeem',
  'totalLimitationRedeem',
  'combinedWith',
  'giftSelectionMode',
  'giftProducts',
  'hasLimitCartValue',
  'limitCartValue',
  'appliedTo',
  'specificProductIds',
  'specificProducts',
  'appliedCollectionIds',
  'specificCollections',
  'showLoyaltyPage',
] as const satisfies ReadonlyArray<keyof StoredSpending>;

/** A reward recorded in the stored shape (every field `storedSpending` writes): no need to read it again. */
export function isStoredSpending(value: unknown): value is StoredSpending {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    STORED_SPENDING_FIELDS.every((key) => key in value)
  );
}

/** Whether a program's `spending` is a reward (a spending program's) rather than empty. */
export const hasReward = (spending: ProgramSpending): spending is StoredSpending => 'pointsCost' in spending;

/**
 * The reward of a spending program as readers use it: the stored rule, typed, with its constants and
 * a free gift's scope (its gifts' products). No parsing: the write edge checked it, and events of an
 * older shape are converted once on read (`legacySpending`).
 */
export function rewardOf(spending: ProgramSpending): SpendingRules {
  if (!hasReward(spending)) throw new Error('An earning program has no reward');
  const gift = spending.rewardType === 'free_product';
  return {
    ...spending,
    ...(gift
      ? { specificProductIds: spending.giftProducts.map((g) => g.id), specificProducts: spending.giftProducts }
      : {}),
    redeemIn: 'available_in_online_store',
    userAvailability: 'userRedeemed',
  };
}
