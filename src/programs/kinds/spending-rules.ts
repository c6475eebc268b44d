import { because } from '../../shared/domain/domain-error';
import { isOneOf, isRecord } from '../../shared/domain/guards';
import { parseMoney } from '../../shared/domain/money';
import { CombinedWith } from '../../shared/domain/discount-combination';
import { APPLIED_TO, GiftProduct, NamedCollection, REWARD_TYPES, RewardType, SpendingRules } from './spending-rule';
import { spendingKind } from './kinds';
import {
  isIntegerIn,
  isMoney,
  MAX_COUNT,
  MAX_DAYS,
  MAX_MONEY,
  MAX_POINTS,
  MAX_TOTAL_COUNT,
} from '../../shared/domain/limits';

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
const isId = (v: unknown): v is string => typeof v === 'string' && v.length >= 1 && v.length <= 100;
const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 1000 && v.every(isId);
const textOr = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
/** An image as a URL, or as the platform's `{src}`. */
const imageOf = (v: unknown): string => (isRecord(v) ? textOr(v.src, '') : textOr(v, ''));

/**
 * What redemption relies on in a product: an id, and at most 100 variants with ids (gifts stored
 * before these rules were written had no other constraint, so titles and images are read leniently).
 * `strict` (products first stored under the spec's names): ids of 1 to 100 characters.
 */
const isProduct = (g: unknown, strict: boolean): g is Record<string, unknown> & { id: string; variants: unknown[] } =>
  isRecord(g) &&
  typeof g.id === 'string' &&
  (!strict || isId(g.id)) &&
  Array.isArray(g.variants) &&
  g.variants.length <= 100 &&
  g.variants.every((v: unknown) => isRecord(v) && typeof v.id === 'string' && (!strict || isId(v.id)));
const isCollection = (c: unknown): c is NamedCollection => isRecord(c) && isId(c.id);

/** A list of ids stored under `key` (absent: none). */
const idList = (sp: Record<string, unknown>, key: string): string[] => {
  const v = sp[key] ?? [];
  if (!isIdList(v)) throw bad(key, 'must be a list of at most 1000 ids of 1 to 100 characters');
  return v;
};

/** Products named by a spending program (id, title, image, handle, variants `{id, title, price}`), bounded. */
const productList = (sp: Record<string, unknown>, key: string, strict: boolean): GiftProduct[] => {
  const v = sp[key] ?? [];
  if (!Array.isArray(v) || v.length > 100 || !v.every((g) => isProduct(g, strict)))
    throw bad(key, 'must be a list of at most 100 products with an id and variants [{id, title}] (100 at most)');
  return v.map((g: Record<string, unknown> & { id: string; variants: unknown[] }) => ({
    id: g.id,
    title: textOr(g.title, ''),
    image: imageOf(g.image),
    ...(typeof g.handle === 'string' ? { handle: g.handle } : {}),
    variants: g.variants.filter(isRecord).map((x) => ({
      id: String(x.id),
      title: textOr(x.title, ''),
      ...(typeof x.price === 'string' || typeof x.price === 'number' ? { price: String(x.price) } : {}),
    })),
  }));
};

/** The value a reward carries: required for money and percentages (a percentage at most 100). */
function rewardValueOf(sp: Record<string, unknown>, rewardType: RewardType): number | null {
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
  return rewardValue;
}

/** The order minimum as a decimal string ("50.00"), or null. */
function orderMinimumOf(sp: Record<string, unknown>): string | null {
  const orderReq = sp.orderReqAmount;
  if (orderReq === undefined || orderReq === null) return null;
  // The one money parser: whole cents (more precision is refused, not rounded), exponent notation read exactly.
  if (!('cents' in parseMoney(orderReq, 0, MAX_MONEY)))
    throw bad('orderReqAmount', `must be an amount such as "50.00" (at most ${MAX_MONEY.toLocaleString('en')})`);
  return typeof orderReq === 'number' ? orderReq.toFixed(2) : String(orderReq);
}

/** Which other discounts the coupon combines with (each absent one: no). */
function combinedWithOf(sp: Record<string, unknown>): CombinedWith {
  const combined = sp.combinedWith ?? NO_COMBINING;
  if (!isRecord(combined) || Object.values(combined).some((v) => typeof v !== 'boolean')) {
    throw bad('combinedWith', 'must be an object of booleans (orderDiscounts, productDiscounts, shippingDiscounts)');
  }
  const combines = (key: keyof CombinedWith): boolean => {
    const given = combined[key];
    return typeof given === 'boolean' ? given : NO_COMBINING[key];
  };
  return {
    orderDiscounts: combines('orderDiscounts'),
    productDiscounts: combines('productDiscounts'),
    shippingDiscounts: combines('shippingDiscounts'),
  };
}

/** A free gift's products and how many the customer takes (one, or all); none for other rewards. */
function giftsOf(sp: Record<string, unknown>, rewardType: RewardType) {
  const giftProducts = productList(sp, 'giftProducts', false);
  const mode = sp.giftSelectionMode ?? 'one';
  if (rewardType === 'free_product' && mode !== 'one' && mode !== 'all')
    throw bad('giftSelectionMode', 'must be one or all');
  const giftSelectionMode =
    rewardType === 'free_product' ? (mode === 'all' ? ('all' as const) : ('one' as const)) : null;
  if (rewardType === 'free_product' && giftProducts.length === 0)
    throw bad('giftProducts', 'must name at least one product for free_product');
  return { giftSelectionMode, giftProducts: giftSelectionMode ? giftProducts : [] };
}

/** The channel, audience and page a reward is offered on: only the values the service serves. */
function offeredWhere(sp: Record<string, unknown>): void {
  if (sp.redeemIn !== undefined && sp.redeemIn !== 'available_in_online_store')
    throw bad('redeemIn', 'must be available_in_online_store (the only channel rewards are minted for)');
  if (sp.userAvailability !== undefined && sp.userAvailability !== 'userRedeemed')
    throw bad('userAvailability', 'must be userRedeemed (rewards are redeemed by the customer)');
  if (sp.showLoyaltyPage !== undefined && typeof sp.showLoyaltyPage !== 'boolean')
    throw bad('showLoyaltyPage', 'must be true or false');
}

/**
 * Reads and checks a spending object; every error names its field. The default reward type follows
 * the event (its kind's descriptor). Every number is bounded (docs/limits.md), so a redemption's
 * points, value and dates are always finite. Called at the write edge only (`decideSpending`); rewards
 * recorded in an older shape are converted on read by `legacySpending`, which parses nothing.
 */
export function spendingRules(sp: Record<string, unknown>, event: string): SpendingRules {
  if (!isRecord(sp)) throw because.badRequest('spending must be an object', { field: 'spending' });
  const pointsCost = sp.pointsCost;
  if (!isIntegerIn(pointsCost, 1, MAX_POINTS))
    throw bad('pointsCost', `must be an integer from 1 to ${MAX_POINTS.toLocaleString('en')}`);
  const redeemType = sp.redeemType ?? 'fixed';
  if (redeemType !== 'fixed' && redeemType !== 'dynamic') throw bad('redeemType', 'must be fixed or dynamic');
  const rewardType = sp.rewardType ?? spendingKind(event)?.rewardType ?? 'fixed_amount';
  if (!isOneOf(REWARD_TYPES, rewardType)) throw bad('rewardType', `must be one of ${REWARD_TYPES.join(', ')}`);
  const rewardValue = rewardValueOf(sp, rewardType);
  const minPoints = optionalCount(sp, 'minPoints', 0, MAX_POINTS);
  const maxPoints = optionalCount(sp, 'maxPoints', 0, MAX_POINTS);
  if (minPoints !== null && maxPoints !== null && minPoints > maxPoints)
    throw bad('maxPoints', 'must not be below minPoints');
  const orderReqAmount = orderMinimumOf(sp);
  const combinedWith = combinedWithOf(sp);
  const gifts = giftsOf(sp, rewardType);
  const hasLimitCartValue = redeemType === 'dynamic' && sp.hasLimitCartValue === true;
  const limitCartValue = hasLimitCartValue ? optionalCount(sp, 'limitCartValue', 1, 100) : null;
  const scope = appliedScope(sp, rewardType, gifts.giftProducts);
  offeredWhere(sp);
  return {
    pointsCost,
    redeemType,
    rewardType,
    rewardValue,
    minPoints: redeemType === 'dynamic' ? minPoints : null,
    maxPoints: redeemType === 'dynamic' ? maxPoints : null,
    orderReqAmount,
    expiresInDays: optionalCount(sp, 'expiresInDays', 1, MAX_DAYS),
    limitRedeem: optionalCount(sp, 'limitRedeem', 1, MAX_COUNT),
    totalLimitationRedeem: optionalCount(sp, 'totalLimitationRedeem', 1, MAX_TOTAL_COUNT),
    combinedWith,
    giftSelectionMode: gifts.giftSelectionMode,
    giftProducts: gifts.giftProducts,
    hasLimitCartValue,
    limitCartValue,
    ...scope,
    redeemIn: 'available_in_online_store',
    userAvailability: 'userRedeemed',
    showLoyaltyPage: sp.showLoyaltyPage !== false,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The ids of a coupon scoped to products or collections: those listed, or else those of the ones
 * described (one at least); every one described must be listed.
 */
function scopeIds(
  appliedTo: string,
  what: 'product' | 'collection',
  [idsField, ids]: [string, string[]],
  [describedField, described]: [string, { id: string }[]],
): string[] {
  const scope = ids.length ? ids : described.map((d) => d.id);
  if (scope.length === 0) throw bad(idsField, `must name at least one ${what} when appliedTo is ${appliedTo}`);
  if (described.some((d) => !scope.includes(d.id)))
    throw bad(describedField, `must describe only ${what}s listed in ${idsField}`);
  return scope;
}

/**
 * What the coupon applies to. A free gift applies to its gifts' products (sf_product, the gifts being
 * the products); free shipping and store credit to the whole order; a discount to the order, to
 * `specificProductIds` or to `appliedCollectionIds` (each non-empty when chosen). The products and
 * collections described must be among the ids, so what is shown is what the coupon does.
 */
function appliedScope(
  sp: Record<string, unknown>,
  rewardType: RewardType,
  gifts: GiftProduct[],
): Pick<
  SpendingRules,
  'appliedTo' | 'specificProductIds' | 'specificProducts' | 'appliedCollectionIds' | 'specificCollections'
> {
  const given = sp.appliedTo ?? (rewardType === 'free_product' ? 'sf_product' : 'all');
  if (!isOneOf(APPLIED_TO, given)) throw bad('appliedTo', `must be one of ${APPLIED_TO.join(', ')}`);
  const productIds = idList(sp, 'specificProductIds');
  const products = productList(sp, 'specificProducts', true);
  const collectionIds = idList(sp, 'appliedCollectionIds');
  const collections = sp.specificCollections ?? [];
  if (!Array.isArray(collections) || collections.length > 1000 || !collections.every(isCollection))
    throw bad('specificCollections', 'must be a list of at most 1000 collections {id, title}');
  const none = { specificProductIds: [], specificProducts: [], appliedCollectionIds: [], specificCollections: [] };
  // Products or collections named for a scope the coupon does not have would be shown and never apply.
  if (given !== 'sf_product' && (productIds.length || products.length))
    throw bad(productIds.length ? 'specificProductIds' : 'specificProducts', 'needs appliedTo sf_product');
  if (given !== 'sf_collection' && (collectionIds.length || collections.length))
    throw bad(collectionIds.length ? 'appliedCollectionIds' : 'specificCollections', 'needs appliedTo sf_collection');
  if (rewardType === 'free_product') {
    if (given !== 'sf_product')
      throw bad('appliedTo', 'must be sf_product for a free gift (the gifts are the products)');
    const giftIds = gifts.map((g) => g.id);
    if (products.length || (productIds.length && !sameSet(productIds, giftIds)))
      throw bad('specificProductIds', "of a free gift are its gifts' products (set giftProducts)");
    return { ...none, appliedTo: 'sf_product', specificProductIds: giftIds, specificProducts: gifts };
  }
  if (given !== 'all' && (rewardType === 'free_shipping' || rewardType === 'store_credit'))
    throw bad('appliedTo', `must be all for ${rewardType}`);
  if (given === 'sf_product') {
    const ids = scopeIds(given, 'product', ['specificProductIds', productIds], ['specificProducts', products]);
    return { ...none, appliedTo: given, specificProductIds: ids, specificProducts: products };
  }
  if (given === 'sf_collection') {
    const ids = scopeIds(
      given,
      'collection',
      ['appliedCollectionIds', collectionIds],
      ['specificCollections', collections],
    );
    return {
      ...none,
      appliedTo: given,
      appliedCollectionIds: ids,
      specificCollections: collections.map((c) => ({ id: c.id, title: textOr(c.title, '') })),
    };
  }
  return { ...none, appliedTo: 'all' };
}

/**
 * Whether the storefront's loyalty page offers a program: every earning program; a spending one
 * unless the merchant hid it (`showLoyaltyPage: false`, then only the merchant's server redeems it).
 */
export function shownOnLoyaltyPage(program: {
  kind: string;
  event: string;
  settings: { spending: Record<string, unknown> };
}) {
  return program.kind !== 'spending' || program.settings.spending?.showLoyaltyPage !== false;
}
