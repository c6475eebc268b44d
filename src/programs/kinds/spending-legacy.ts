import { isOneOf, isRecord } from '../../shared/domain/guards';
import { parseMoney } from '../../shared/domain/money';
import {
  isIntegerIn,
  isMoney,
  MAX_COUNT,
  MAX_DAYS,
  MAX_MONEY,
  MAX_POINTS,
  MAX_TOTAL_COUNT,
} from '../../shared/domain/limits';
import { CombinedWith } from '../../shared/domain/discount-combination';
import {
  APPLIED_TO,
  GiftProduct,
  NamedCollection,
  ProgramSpending,
  REWARD_TYPES,
  StoredSpending,
} from './spending-rule';
import { spendingKind } from './kinds';

/**
 * Rewards recorded before the typed rule: an event's `spending` held the object as the merchant sent
 * it, in stored names (pointsCost, rewardValue...), checked then by the write edge. This conversion
 * reads it into the stored shape once, on read (`upcastProgramEvent`); it checks no field (the write
 * edge did, and its parser, `spendingRules`, stays the write edge's alone). It only fills in the
 * defaults and the derived fields, and a reward that cannot be redeemed as recorded (no cost, an
 * unknown type, a value out of bounds, an empty scope) reads as none, as every read refused it before.
 */

class Unreadable extends Error {}

const NO_COMBINING: CombinedWith = { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false };
const VALUED = ['fixed_amount', 'amount_discount', 'store_credit', 'percentage'];

const must = <T>(ok: boolean, value: T): T => {
  if (!ok) throw new Unreadable();
  return value;
};
const count = (v: unknown, min: number, max: number): number | null =>
  v === undefined || v === null ? null : must(isIntegerIn(v, min, max), Number(v));
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A recorded list (absent: empty). */
const list = (v: unknown): unknown[] => {
  const given = v ?? [];
  if (!Array.isArray(given)) throw new Unreadable();
  return given;
};
const ids = (v: unknown): string[] => list(v).map(String);
const collections = (v: unknown): NamedCollection[] =>
  list(v).map((c) => ({ id: String(isRecord(c) ? c.id : ''), title: isRecord(c) ? text(c.title) : '' }));

/** A product as recorded (an id and variants with ids; titles and images read leniently). */
function products(v: unknown): GiftProduct[] {
  return list(v).map((g) => {
    if (!isRecord(g) || typeof g.id !== 'string' || !Array.isArray(g.variants)) throw new Unreadable();
    return {
      id: g.id,
      title: text(g.title),
      image: isRecord(g.image) ? text(g.image.src) : text(g.image),
      ...(typeof g.handle === 'string' ? { handle: g.handle } : {}),
      variants: g.variants.filter(isRecord).map((x) => ({
        id: String(x.id),
        title: text(x.title),
        ...(typeof x.price === 'string' || typeof x.price === 'number' ? { price: String(x.price) } : {}),
      })),
    };
  });
}

/** What the coupon applies to, as recorded (a free gift: its gifts' products, kept in giftProducts). */
function scopeOf(sp: Record<string, unknown>, rewardType: string) {
  const none = { specificProductIds: [], specificProducts: [], appliedCollectionIds: [], specificCollections: [] };
  if (rewardType === 'free_product') return { ...none, appliedTo: 'sf_product' as const };
  const appliedTo = sp.appliedTo ?? 'all';
  if (!isOneOf(APPLIED_TO, appliedTo)) throw new Unreadable();
  if (appliedTo === 'sf_product') {
    const described = products(sp.specificProducts);
    const listed = ids(sp.specificProductIds);
    const scope = listed.length ? listed : described.map((p) => p.id);
    return { ...none, appliedTo, specificProductIds: must(scope.length > 0, scope), specificProducts: described };
  }
  if (appliedTo === 'sf_collection') {
    const described = collections(sp.specificCollections);
    const listed = ids(sp.appliedCollectionIds);
    const scope = listed.length ? listed : described.map((c) => c.id);
    return { ...none, appliedTo, appliedCollectionIds: must(scope.length > 0, scope), specificCollections: described };
  }
  return { ...none, appliedTo };
}

function convert(sp: Record<string, unknown>, event: string): StoredSpending {
  const pointsCost = must(isIntegerIn(sp.pointsCost, 1, MAX_POINTS), Number(sp.pointsCost));
  const redeemType =
    sp.redeemType === 'dynamic' ? 'dynamic' : must(sp.redeemType === undefined || sp.redeemType === 'fixed', 'fixed');
  const rewardType = sp.rewardType ?? spendingKind(event)?.rewardType ?? 'fixed_amount';
  if (!isOneOf(REWARD_TYPES, rewardType)) throw new Unreadable();
  const rawValue = sp.rewardValue ?? null;
  const rewardValue = rawValue === null ? null : must(isMoney(rawValue, 0), Number(rawValue));
  if (VALUED.includes(rewardType) && !(rewardValue !== null && rewardValue > 0)) throw new Unreadable();
  if (rewardType === 'percentage' && rewardValue !== null && rewardValue > 100) throw new Unreadable();
  const dynamic = redeemType === 'dynamic';
  const minimum = sp.orderReqAmount ?? null;
  if (minimum !== null && !('cents' in parseMoney(minimum, 0, MAX_MONEY))) throw new Unreadable();
  const combined = isRecord(sp.combinedWith) ? sp.combinedWith : {};
  const gift = rewardType === 'free_product';
  const giftProducts = gift ? must(products(sp.giftProducts).length > 0, products(sp.giftProducts)) : [];
  const hasLimitCartValue = dynamic && sp.hasLimitCartValue === true;
  return {
    pointsCost,
    redeemType,
    rewardType,
    rewardValue,
    minPoints: dynamic ? count(sp.minPoints, 0, MAX_POINTS) : null,
    maxPoints: dynamic ? count(sp.maxPoints, 0, MAX_POINTS) : null,
    orderReqAmount: typeof minimum === 'number' ? minimum.toFixed(2) : minimum === null ? null : String(minimum),
    expiresInDays: count(sp.expiresInDays, 1, MAX_DAYS),
    limitRedeem: count(sp.limitRedeem, 1, MAX_COUNT),
    totalLimitationRedeem: count(sp.totalLimitationRedeem, 1, MAX_TOTAL_COUNT),
    combinedWith: {
      orderDiscounts: combined.orderDiscounts === true || NO_COMBINING.orderDiscounts,
      productDiscounts: combined.productDiscounts === true || NO_COMBINING.productDiscounts,
      shippingDiscounts: combined.shippingDiscounts === true || NO_COMBINING.shippingDiscounts,
    },
    giftSelectionMode: gift ? (sp.giftSelectionMode === 'all' ? 'all' : 'one') : null,
    giftProducts,
    hasLimitCartValue,
    limitCartValue: hasLimitCartValue ? count(sp.limitCartValue, 1, 100) : null,
    ...scopeOf(sp, rewardType),
    showLoyaltyPage: sp.showLoyaltyPage !== false,
  };
}

/** A program's `spending` as an event of the older shape recorded it, in the stored shape (empty: no reward). */
export function legacySpending(recorded: unknown, event: string): ProgramSpending {
  if (!spendingKind(event) || !isRecord(recorded)) return {};
  try {
    return convert(recorded, event);
  } catch (error) {
    if (error instanceof Unreadable) return {};
    throw error;
  }
}
