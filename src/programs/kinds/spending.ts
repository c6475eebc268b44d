import type { RewardType } from './spending-rule';
import { SpendingKind, SpendingKindName } from './kind';
import { REDEMPTION } from './redemption';

/** A spending kind: a reward sold for points, with the family's redemption arithmetic. */
const spending = <K extends SpendingKindName>(
  name: K,
  rewardType: RewardType,
  productsAreGifts = false,
): SpendingKind<K> => ({
  family: 'spending',
  name,
  pays: 'repeatable',
  titleKey: `program.title.${name}`,
  rewardType,
  productsAreGifts,
  redemption: REDEMPTION,
});

export const SPENDING_KINDS = {
  amount_discount: spending('amount_discount', 'fixed_amount'),
  percentage_discount: spending('percentage_discount', 'percentage'),
  free_shipping: spending('free_shipping', 'free_shipping'),
  free_gift: spending('free_gift', 'free_product', true),
  store_credit: spending('store_credit', 'store_credit'),
  environmental_impact: { ...spending('environmental_impact', 'impact'), impact: true },
} as const;
