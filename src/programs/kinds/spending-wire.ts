import { because, DomainError } from '../../shared/domain/domain-error';
import { isOneOf, isRecord } from '../../shared/domain/guards';
import { amountText, parseMoney } from '../../shared/domain/money';
import { spendingRules } from './spending-rules';
import { GiftProduct, SpendingRules, StoredSpending } from './spending-rule';
import { spendingKind } from './kinds';

/**
 * A spending program's reward under the spec's names (2.9), both ways. The stored `spending` object
 * keeps the names it has always had (pointsCost, rewardValue, minPoints...): they stay accepted on
 * write as documented aliases, and stored events never need rewriting. Writes may use either name
 * of a field, at the top level of the program or inside `spending`; reads give the spec's names,
 * and today's beside them.
 */

/** The spec's spending fields a write accepts at the top level of a program (docs/management-api.md, Spending). */
export const SPENDING_WIRE_FIELDS = [
  'spendPoint',
  'earnAmount',
  'redeemType',
  'minSpendPoint',
  'maxSpendPoint',
  'expiredTime',
  'appliedTo',
  'appliedCollectionIds',
  'redeemIn',
  'orderReq',
  'orderReqAmount',
  'userAvailability',
  'showLoyaltyPage',
  'limitRedeem',
  'limitRedeemPerCustomer',
  'totalLimitationRedeem',
  'combinedWith',
  'specificProducts',
  'specificProductIds',
  'specificCollections',
  'variantIds',
  'freeProductIds',
  'conditions',
] as const;

/** The spec's name of a field and the stored name it stands for. */
const RENAMED: Readonly<Record<string, string>> = {
  spendPoint: 'pointsCost',
  earnAmount: 'rewardValue',
  minSpendPoint: 'minPoints',
  maxSpendPoint: 'maxPoints',
  expiredTime: 'expiresInDays',
  limitRedeemPerCustomer: 'limitRedeem',
};

export const COMBINABLE = ['orderDiscounts', 'productDiscounts', 'shippingDiscounts'] as const;
export const LIMIT_REDEEM_MODES = ['redeemWithoutLimit', 'redeemWithLimit'] as const;
export const ORDER_REQUIREMENTS = ['none', 'min_amount'] as const;
export type OrderRequirement = (typeof ORDER_REQUIREMENTS)[number];

/** One input read under stored names: what it sets, the name the client used for each, what must hold after merging. */
interface ReadInput {
  stored: Record<string, unknown>;
  /** stored name -> the field as the client wrote it (`spendPoint`, `spending.pointsCost`). */
  names: Record<string, string>;
  /** `limitRedeem: redeemWithLimit` without a count: the merged reward must have one. */
  needsLimit: string | null;
  /** `orderReq: min_amount`: the merged reward must have a minimum. */
  needsMinimum: string | null;
  /** Fields a free gift derives from its gifts, sent back: they must agree with the gifts. */
  echoes: Partial<Record<'variantIds' | 'freeProductIds' | 'specificProductIds', { field: string; ids: unknown }>>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const badField = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

/** What a field's reader writes to: the input read so far, how to set a stored field, how to name a field. */
interface Reading {
  out: ReadInput;
  set: (target: string, value: unknown, key: string) => void;
  named: (key: string) => string;
}

/** `limitRedeem`: a count per customer (today's name), or the spec's mode with `limitRedeemPerCustomer`. */
function readLimitRedeem(input: Record<string, unknown>, value: unknown, { out, set, named }: Reading): void {
  const count = input.limitRedeemPerCustomer;
  if (typeof value !== 'string') {
    set('limitRedeem', value, 'limitRedeem'); // the count per customer (today's name)
  } else if (value === 'redeemWithoutLimit') {
    if (count !== undefined && count !== null)
      throw badField(named('limitRedeemPerCustomer'), 'must be null when limitRedeem is redeemWithoutLimit');
    set('limitRedeem', null, 'limitRedeem');
  } else if (value === 'redeemWithLimit') {
    if (count === undefined || count === null) out.needsLimit = named('limitRedeemPerCustomer');
    else set('limitRedeem', count, 'limitRedeemPerCustomer');
  } else {
    throw badField(named('limitRedeem'), `must be ${LIMIT_REDEEM_MODES.join(' or ')} (or a count per customer)`);
  }
}

/** Exactly zero as the one money parser reads it (0, "0.00"); 0.001 is not zero. */
const isZeroAmount = (value: unknown) => {
  const parsed = parseMoney(value, 0, Number.MAX_SAFE_INTEGER);
  return 'cents' in parsed && parsed.cents === 0;
};

/** `orderReq`: `min_amount` needs a minimum after merging; `none` clears it (a minimum sent must be "0.00"). */
function readOrderReq(input: Record<string, unknown>, value: unknown, { out, set, named }: Reading): void {
  if (!isOneOf(ORDER_REQUIREMENTS, value))
    throw badField(named('orderReq'), `must be ${ORDER_REQUIREMENTS.join(' or ')}`);
  if (value === 'min_amount') out.needsMinimum = named('orderReqAmount');
  else if (input.orderReqAmount !== undefined && input.orderReqAmount !== null && !isZeroAmount(input.orderReqAmount))
    throw badField(named('orderReqAmount'), 'must be "0.00" or null when orderReq is none');
  else set('orderReqAmount', null, 'orderReq');
}

/** Reads one input (the top-level fields, or the `spending` object) into stored names; `prefix` names its fields. */
function readInput(input: Record<string, unknown>, event: string, prefix: string): ReadInput {
  const gift = spendingKind(event)?.productsAreGifts ?? false;
  const out: ReadInput = { stored: {}, names: {}, needsLimit: null, needsMinimum: null, echoes: {} };
  const named = (key: string) => `${prefix}${key}`;
  const set = (target: string, value: unknown, key: string) => {
    if (target in out.stored && !same(out.stored[target], value))
      throw badField(named(key), `says otherwise than ${out.names[target]} (one field under two names)`);
    out.stored[target] = value;
    out.names[target] = named(key);
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const field = named(key);
    if (key in RENAMED) {
      if (key === 'limitRedeemPerCustomer' && typeof input.limitRedeem === 'string') continue; // read with the mode
      set(RENAMED[key], value, key);
      continue;
    }
    switch (key) {
      case 'combinedWith':
        if (Array.isArray(value)) {
          if (value.length > COMBINABLE.length || !value.every((v) => isOneOf(COMBINABLE, v)))
            throw badField(field, `must list some of ${COMBINABLE.join(', ')}`);
          set(key, Object.fromEntries(COMBINABLE.map((c) => [c, value.includes(c)])), key);
        } else set(key, value, key);
        break;
      case 'limitRedeem':
        readLimitRedeem(input, value, { out, set, named });
        break;
      case 'orderReq':
        readOrderReq(input, value, { out, set, named });
        break;
      case 'orderReqAmount':
        // "0.00" (what a read gives for none) is no minimum; an amount below a cent is not zero, it is refused later.
        set(key, isZeroAmount(value) ? null : value, key);
        break;
      case 'specificProducts':
        set(gift ? 'giftProducts' : key, value, key);
        break;
      case 'giftProducts':
        set(key, value, key);
        break;
      case 'variantIds':
      case 'freeProductIds':
        if (gift) out.echoes[key] = { field, ids: value };
        else if (!Array.isArray(value) || value.length > 0) throw badField(field, 'is only for a free gift (send [])');
        break;
      case 'specificProductIds':
        if (gift) out.echoes[key] = { field, ids: value };
        else set(key, value, key);
        break;
      case 'conditions':
        // Customer conditions are not something the service can check: a reward is open to every customer.
        if (value !== null && (!Array.isArray(value) || value.length > 0))
          throw badField(field, 'are not supported: a reward is open to every customer (send [])');
        break;
      default:
        set(key, value, key);
    }
  }
  return out;
}

/** Rethrows an error of `spendingRules` under the name the client used for the field. */
function underClientNames<T>(names: Record<string, string>, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const field = error instanceof DomainError ? error.details?.field : undefined;
    if (!(error instanceof DomainError) || typeof field !== 'string' || !field.startsWith('spending.')) throw error;
    const asSent = names[field.slice('spending.'.length)];
    if (!asSent || asSent === field) throw error;
    throw new DomainError(error.code, error.message.replace(field, asSent), error.status, {
      ...error.details,
      field: asSent,
    });
  }
}

/**
 * The reward a write leaves, in stored names: `replace` (the `spending` object, which replaces the
 * reward, as it always has) or else `base` (the stored reward), with the top-level `fields` changing
 * only themselves. Every rule of `spendingRules` holds; errors name fields as the client wrote them.
 */
export function decideSpending(
  event: string,
  base: Record<string, unknown>,
  replace: Record<string, unknown> | undefined,
  fields: Record<string, unknown> | undefined,
): StoredSpending {
  if (replace !== undefined && !isRecord(replace))
    throw because.badRequest('spending must be an object', { field: 'spending' });
  const inner = replace ? readInput(replace, event, 'spending.') : null;
  const top = fields ? readInput(fields, event, '') : null;
  if (inner && top)
    for (const [key, value] of Object.entries(top.stored))
      if (key in inner.stored && !same(inner.stored[key], value))
        throw badField(top.names[key], `says otherwise than ${inner.names[key]} (one field under two names)`);
  const merged = { ...(inner ? inner.stored : base), ...(top?.stored ?? {}) };
  // A client writing the spec's names hears about every field under them, also one it did not send.
  const specNames = top ? Object.fromEntries(Object.entries(RENAMED).map(([spec, stored]) => [stored, spec])) : {};
  const topLevel = top ? Object.fromEntries(SPENDING_WIRE_FIELDS.map((f) => [f, f])) : {};
  const names = {
    ...topLevel,
    ...specNames,
    ...(top && spendingKind(event)?.productsAreGifts ? { giftProducts: 'specificProducts' } : {}),
    ...(inner?.names ?? {}),
    ...(top?.names ?? {}),
  };
  const rules = underClientNames(names, () => spendingRules(merged, event));
  for (const input of [inner, top]) {
    if (!input) continue;
    if (input.needsLimit && rules.limitRedeem === null)
      throw badField(input.needsLimit, 'is required when limitRedeem is redeemWithLimit');
    if (input.needsMinimum && rules.orderReqAmount === null)
      throw badField(input.needsMinimum, 'must be above 0 when orderReq is min_amount');
    const derived = wireScope(rules);
    for (const key of ['variantIds', 'freeProductIds', 'specificProductIds'] as const) {
      const echo = input.echoes[key];
      if (!echo) continue;
      const expected = derived[key];
      const ids = echo.ids;
      if (!Array.isArray(ids) || ids.length !== expected.length || !ids.every((id) => expected.includes(String(id))))
        throw badField(
          echo.field,
          `of a free gift are its gifts' (${expected.join(', ') || 'none'}): change giftProducts or specificProducts`,
        );
    }
  }
  return storedSpending(rules);
}

/**
 * The stored form of a reward: every field `spendingRules` reads, nothing else, so that reading it
 * again gives the same rules (a free gift's products live in giftProducts only).
 */
export function storedSpending(r: SpendingRules): StoredSpending {
  const gift = r.rewardType === 'free_product';
  return {
    pointsCost: r.pointsCost,
    redeemType: r.redeemType,
    rewardType: r.rewardType,
    rewardValue: r.rewardValue,
    minPoints: r.minPoints,
    maxPoints: r.maxPoints,
    orderReqAmount: r.orderReqAmount,
    expiresInDays: r.expiresInDays,
    limitRedeem: r.limitRedeem,
    totalLimitationRedeem: r.totalLimitationRedeem,
    combinedWith: r.combinedWith,
    giftSelectionMode: r.giftSelectionMode,
    giftProducts: r.giftProducts,
    hasLimitCartValue: r.hasLimitCartValue,
    limitCartValue: r.limitCartValue,
    appliedTo: r.appliedTo,
    specificProductIds: gift ? [] : r.specificProductIds,
    specificProducts: gift ? [] : r.specificProducts,
    appliedCollectionIds: r.appliedCollectionIds,
    specificCollections: r.specificCollections,
    showLoyaltyPage: r.showLoyaltyPage,
  };
}

/** What a free gift's fields derive from its gifts (empty for other rewards). */
function wireScope(r: SpendingRules) {
  const gift = r.rewardType === 'free_product';
  return {
    specificProductIds: r.specificProductIds,
    freeProductIds: gift ? r.giftProducts.map((g) => g.id) : [],
    variantIds: gift ? r.giftProducts.flatMap((g) => g.variants.map((v) => v.id)) : [],
  };
}

const noneOf = <T>(): T[] => [];

/** Spec 2.9 specificProducts item. `inventory_quantity` is the platform's live stock, not the service's: null. */
const specProduct = (p: GiftProduct) => ({
  id: p.id,
  title: p.title,
  handle: p.handle ?? '',
  image: { src: p.image },
  variants: p.variants.map((v) => ({ id: v.id, price: v.price ?? null, title: v.title, inventory_quantity: null })),
});

/**
 * A spending program's reward fields as the record gives them: the spec's names (2.9) first, then
 * today's names (documented aliases, docs/management-api.md, Spending). `giftStatus` is decided by the caller (it
 * needs the redemption count).
 */
export function presentSpending(r: SpendingRules) {
  const scope = wireScope(r);
  return {
    spendPoint: r.pointsCost,
    earnAmount: r.rewardValue,
    redeemType: r.redeemType,
    minSpendPoint: r.minPoints,
    maxSpendPoint: r.maxPoints,
    expiredTime: r.expiresInDays,
    appliedTo: r.appliedTo,
    appliedCollectionIds: r.appliedCollectionIds,
    redeemIn: r.redeemIn,
    orderReq: r.orderReqAmount === null ? 'none' : 'min_amount',
    orderReqAmount: amountText(r.orderReqAmount),
    userAvailability: r.userAvailability,
    showLoyaltyPage: r.showLoyaltyPage,
    limitRedeem: r.limitRedeem === null ? 'redeemWithoutLimit' : 'redeemWithLimit',
    limitRedeemPerCustomer: r.limitRedeem,
    totalLimitationRedeem: r.totalLimitationRedeem,
    combinedWith: COMBINABLE.filter((c) => r.combinedWith[c]),
    specificProducts: r.specificProducts.map(specProduct),
    specificProductIds: scope.specificProductIds,
    freeProductIds: scope.freeProductIds,
    variantIds: scope.variantIds,
    specificCollections: r.specificCollections,
    // Not used by spending rewards (their products are appliedTo's), and no customer conditions: always empty.
    includeProducts: noneOf<{ id: string; title: string; image: { src: string } }>(),
    excludeProducts: noneOf<{ id: string; title: string; image: { src: string } }>(),
    conditions: noneOf<{ type: string; field: string; typeMatch: string }>(),
    // Today's names, kept for clients written against them.
    pointsCost: r.pointsCost,
    rewardType: r.rewardType,
    rewardValue: r.rewardValue,
    minPoints: r.minPoints,
    maxPoints: r.maxPoints,
    expiresInDays: r.expiresInDays,
    hasLimitCartValue: r.hasLimitCartValue,
    limitCartValue: r.limitCartValue,
    giftSelectionMode: r.giftSelectionMode,
    giftProducts: r.giftProducts,
  };
}
