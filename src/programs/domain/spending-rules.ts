import { because, DomainError } from '../../shared/domain/domain-error';
import { isOneOf, isRecord } from '../../shared/domain/guards';
import { toCents } from '../../shared/domain/money';
import { CombinedWith } from '../../infrastructure/commerce-platform/commerce-platform.port';
import {
  isIntegerIn,
  isMoney,
  MAX_COUNT,
  MAX_DAYS,
  MAX_MONEY,
  MAX_POINTS,
  MAX_TOTAL_COUNT,
} from '../../shared/domain/limits';

/** A gift a free_product reward can give (spec 2.4 GiftProduct). */
export interface GiftProduct {
  id: string;
  title: string;
  image: string;
  variants: Array<{ id: string; title: string }>;
}

export const REWARD_TYPES = [
  'fixed_amount',
  'amount_discount',
  'percentage',
  'free_shipping',
  'free_product',
  'store_credit',
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
}

const NO_COMBINING: CombinedWith = { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false };

const bad = (field: string, message: string) =>
  because.badRequest(`spending.${field} ${message}`, { field: `spending.${field}` });
const fail = (field: string, message: string): never => {
  throw bad(field, message);
};
const optionalCount = (sp: Record<string, unknown>, key: string, min: number, max: number): number | null => {
  const v = sp[key];
  if (v === undefined || v === null) return null;
  if (!isIntegerIn(v, min, max)) throw bad(key, `must be an integer from ${min} to ${max.toLocaleString('en')}`);
  return v;
};

/** What redemption relies on in a gift: an id, and at most 100 variants with ids. */
const isGiftProduct = (g: unknown): g is GiftProduct =>
  isRecord(g) &&
  typeof g.id === 'string' &&
  Array.isArray(g.variants) &&
  g.variants.length <= 100 &&
  g.variants.every((v: unknown) => isRecord(v) && typeof v.id === 'string');

/**
 * Reads and checks a spending object; every error names its field. The default reward type follows
 * the event. Every number is bounded (README "Limits"), so a redemption's points, value and dates
 * are always finite.
 */
export function spendingRules(sp: Record<string, unknown>, event: string): SpendingRules {
  if (!isRecord(sp)) throw because.badRequest('spending must be an object', { field: 'spending' });
  const pointsCost = sp.pointsCost;
  if (!isIntegerIn(pointsCost, 1, MAX_POINTS))
    throw bad('pointsCost', `must be an integer from 1 to ${MAX_POINTS.toLocaleString('en')}`);
  const redeemType = sp.redeemType ?? 'fixed';
  if (redeemType !== 'fixed' && redeemType !== 'dynamic') throw bad('redeemType', 'must be fixed or dynamic');
  const rewardType = sp.rewardType ?? defaultRewardType(event);
  if (!isOneOf(REWARD_TYPES, rewardType)) throw bad('rewardType', `must be one of ${REWARD_TYPES.join(', ')}`);
  const rawValue = sp.rewardValue ?? null;
  const rewardValue =
    rawValue === null
      ? null
      : isMoney(rawValue, 0)
        ? rawValue
        : fail('rewardValue', `must be an amount from 0 to ${MAX_MONEY.toLocaleString('en')} with at most 2 decimals`);
  if (
    (rewardType === 'fixed_amount' ||
      rewardType === 'amount_discount' ||
      rewardType === 'store_credit' ||
      rewardType === 'percentage') &&
    !(rewardValue !== null && rewardValue > 0)
  ) {
    throw bad('rewardValue', `is required for ${rewardType}`);
  }
  if (rewardType === 'percentage' && rewardValue !== null && rewardValue > 100)
    throw bad('rewardValue', 'must be at most 100 for a percentage');
  const minPoints = optionalCount(sp, 'minPoints', 0, MAX_POINTS);
  const maxPoints = optionalCount(sp, 'maxPoints', 0, MAX_POINTS);
  if (minPoints !== null && maxPoints !== null && minPoints > maxPoints)
    throw bad('maxPoints', 'must not be below minPoints');
  const orderReq = sp.orderReqAmount;
  if (orderReq !== undefined && orderReq !== null) {
    const cents =
      typeof orderReq === 'number' ? (isMoney(orderReq, 0) ? toCents(orderReq.toFixed(2)) : null) : toCents(orderReq);
    if (cents === null || cents > MAX_MONEY * 100)
      throw bad('orderReqAmount', `must be an amount such as "50.00" (at most ${MAX_MONEY.toLocaleString('en')})`);
  }
  const combined = sp.combinedWith ?? NO_COMBINING;
  if (!isRecord(combined) || Object.values(combined).some((v) => typeof v !== 'boolean')) {
    throw bad('combinedWith', 'must be an object of booleans (orderDiscounts, productDiscounts, shippingDiscounts)');
  }
  const combines = (key: keyof CombinedWith): boolean => {
    const given = combined[key];
    return typeof given === 'boolean' ? given : NO_COMBINING[key];
  };
  const giftProducts = sp.giftProducts ?? [];
  if (!Array.isArray(giftProducts) || giftProducts.length > 100 || !giftProducts.every(isGiftProduct)) {
    throw bad('giftProducts', 'must be a list of products with an id and variants [{id, title}]');
  }
  const mode = sp.giftSelectionMode ?? 'one';
  if (rewardType === 'free_product' && mode !== 'one' && mode !== 'all')
    throw bad('giftSelectionMode', 'must be one or all');
  const giftSelectionMode = rewardType === 'free_product' ? (mode === 'all' ? 'all' : 'one') : null;
  if (rewardType === 'free_product' && giftProducts.length === 0)
    throw bad('giftProducts', 'must name at least one product for free_product');
  const hasLimitCartValue = redeemType === 'dynamic' && sp.hasLimitCartValue === true;
  const limitCartValue = hasLimitCartValue ? optionalCount(sp, 'limitCartValue', 1, 100) : null;
  return {
    pointsCost,
    redeemType,
    rewardType,
    rewardValue,
    minPoints: redeemType === 'dynamic' ? minPoints : null,
    maxPoints: redeemType === 'dynamic' ? maxPoints : null,
    orderReqAmount:
      orderReq === undefined || orderReq === null
        ? null
        : typeof orderReq === 'number'
          ? orderReq.toFixed(2)
          : String(orderReq),
    expiresInDays: optionalCount(sp, 'expiresInDays', 1, MAX_DAYS),
    limitRedeem: optionalCount(sp, 'limitRedeem', 1, MAX_COUNT),
    totalLimitationRedeem: optionalCount(sp, 'totalLimitationRedeem', 1, MAX_TOTAL_COUNT),
    combinedWith: {
      orderDiscounts: combines('orderDiscounts'),
      productDiscounts: combines('productDiscounts'),
      shippingDiscounts: combines('shippingDiscounts'),
    },
    giftSelectionMode,
    giftProducts: giftSelectionMode ? giftProducts : [],
    hasLimitCartValue,
    limitCartValue,
  };
}

function defaultRewardType(event: string): RewardType {
  switch (event) {
    case 'percentage_discount':
      return 'percentage';
    case 'free_shipping':
      return 'free_shipping';
    case 'free_gift':
      return 'free_product';
    case 'store_credit':
      return 'store_credit';
    default:
      return 'fixed_amount';
  }
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
    throw new DomainError(
      'GIFT_SELECTION_REQUIRED',
      'This reward offers several gifts: send the chosen variantId',
      400,
      { field: 'variantId' },
    );
  }
  if (!offered.includes(variantId))
    throw new DomainError('GIFT_UNAVAILABLE', `Variant ${variantId} is not one of this reward's gifts`, 400, {
      field: 'variantId',
    });
  return [variantId];
}
