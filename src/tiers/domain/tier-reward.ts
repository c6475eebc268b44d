import { because, DomainError } from '../../shared/domain/domain-error';
import { isRecord } from '../../shared/domain/guards';
import { deterministicUuid } from '../../shared/domain/ids';
import { isIntegerIn, isMoney, MAX_DAYS, MAX_EARN_POINT, MAX_MONEY, MAX_PRIORITY } from '../../shared/domain/limits';
import { parseMoney } from '../../shared/domain/money';
import {
  TIER_REWARD_EVENTS,
  TierRewardKind,
  tierRewardKind,
  TierRewardKindName,
} from '../../programs/kinds/tier-rewards';
import type { TierRewardInput } from '../tier-reward.schema';
import type { OrderRequirement } from '../../programs/kinds/spending-wire';

/**
 * What entering a tier pays (spec 2.9 Tier, "a tier reward"): `event` says what (a kind of the
 * table `TIER_REWARD_KINDS`), `bonusPoints` or `earnAmount` how much. `custom` is a perk shown with
 * the tier (free returns, early access) that the service never pays. A reward pays only while
 * `status` is true and `expired` false.
 */
export { TIER_REWARD_EVENTS };
export type TierRewardEvent = TierRewardKindName;

/** The descriptor of a stored reward's kind (stored rewards were checked on write). */
const kindOf = (event: string): TierRewardKind => tierRewardKind(event) ?? tierRewardKind('custom')!;

/** A tier reward as stored and read (every field of the spec's shape, ids and timestamps set by the service). */
export interface TierReward {
  id: string;
  status: boolean;
  title: string;
  /** A tier reward is given, never bought: always `fixed`, and the three spend fields are 0. */
  redeemType: 'fixed';
  minSpendPoint: number;
  maxSpendPoint: number;
  spendPoint: number;
  /** Coupons apply to the whole order. */
  appliedTo: 'all';
  /** `min_amount`: the coupon needs an order subtotal of at least `orderReqAmount`. */
  orderReq: OrderRequirement;
  /** Money as text, "0.00" when there is no minimum. */
  orderReqAmount: string;
  /** Days a granted coupon works (null: no limit). */
  expiredAfter: number | null;
  /** The end of the offer: no coupon is granted for an entry after it, and none works after it (null: open). */
  expiredTime: string | null;
  /** A label of the merchant's (spec: e.g. `tier_privileges`); `GET /tiers/benefits/{type}` filters on it. */
  type: string;
  /** Prefix of the granted coupon codes (null: `LOY`). */
  codeName: string | null;
  /** amount_discount: the amount off; percentage_discount: the percent off; otherwise 0. */
  earnAmount: number;
  event: TierRewardEvent;
  /** bonus_point: the points paid; otherwise 0. */
  bonusPoints: number;
  priority: number;
  showLoyaltyPage: boolean;
  translateTitle: Record<string, string>;
  expired: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The spec's field names: the only ones a tier reward is read with, and (with the aliases) written with. */
export const TIER_REWARD_FIELDS = [
  'id',
  'status',
  'title',
  'redeemType',
  'minSpendPoint',
  'maxSpendPoint',
  'spendPoint',
  'appliedTo',
  'orderReq',
  'orderReqAmount',
  'expiredAfter',
  'expiredTime',
  'type',
  'codeName',
  'earnAmount',
  'event',
  'bonusPoints',
  'priority',
  'showLoyaltyPage',
  'translateTitle',
  'expired',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof TierReward>;

export const isCouponEvent = (event: string): boolean => tierRewardKind(event)?.pays === 'coupon';
/** A reward pays while it is on and not expired (a merchant switch, independent of expiredTime). */
export const isPaying = (r: TierReward): boolean => r.status && !r.expired && kindOf(r.event).pays !== 'never';

/** The bonus points a tier pays on entry, and which rewards they come from. */
export function bonusOf(rewards: readonly TierReward[]): { points: number; rewardIds: string[] } {
  const paying = rewards.filter((r) => isPaying(r) && kindOf(r.event).pays === 'points');
  return { points: paying.reduce((sum, r) => sum + r.bonusPoints, 0), rewardIds: paying.map((r) => r.id) };
}

/** The coupon rewards an entry at `enteredAt` is owed: paying, offer not ended, highest priority first. */
export function couponRewardsOf(rewards: readonly TierReward[], enteredAt: string): TierReward[] {
  return rewards
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => isPaying(r) && isCouponEvent(r.event) && (!r.expiredTime || r.expiredTime > enteredAt))
    .sort((a, b) => b.r.priority - a.r.priority || a.index - b.index)
    .map(({ r }) => r);
}

/** What the commerce platform mints for a coupon reward granted at `now`. */
export function couponTerms(r: TierReward, now: string) {
  const afterDays = r.expiredAfter
    ? new Date(new Date(now).getTime() + r.expiredAfter * 86_400_000).toISOString()
    : null;
  const ends = [afterDays, r.expiredTime].filter((d): d is string => d !== null).sort();
  return {
    rewardType: kindOf(r.event).couponType!,
    rewardValue: kindOf(r.event).amount === 'none' ? null : r.earnAmount,
    orderReqAmount: r.orderReq === 'min_amount' ? r.orderReqAmount : null,
    expiresAt: ends[0] ?? null,
    title: r.title,
    codePrefix: r.codeName,
  };
}

/**
 * The rewards a merchant sent for a tier, parsed at the write edge by their schema
 * (`parseTierRewards`: every field's own rule, the alias read), into stored rewards. What is checked
 * here is what the schema cannot see: what the reward's kind needs and has no use for, and the tier
 * (`baseTier`: entered on enrolment, it pays nothing; ids are this tier's rewards'). Anything the
 * service could not pay as written is refused naming the field (`tierRewards[1].earnAmount`). A reward
 * sent back with the `id` it was read with keeps its id and `createdAt` (and `updatedAt`, when nothing
 * changed); ids, `createdAt` and `updatedAt` are otherwise set here.
 */
export function readTierRewards(
  input: readonly TierRewardInput[],
  previous: readonly TierReward[],
  meta: { newId: () => string; occurredAt: string },
  options: { baseTier: boolean },
): TierReward[] {
  const seen = new Set<string>();
  return input.map((raw, i) => {
    const path = `tierRewards[${i}]`;
    const content = rewardContent(raw, path);
    if (options.baseTier && kindOf(content.event).pays !== 'never') {
      throw because.badRequest(
        `${path}.event: the base tier is entered on enrolment and pays no entry reward (a sign_up program does); only custom perks`,
        { field: `${path}.event` },
      );
    }
    if (raw.id !== undefined) {
      const kept = previous.find((p) => p.id === raw.id);
      if (!kept || seen.has(kept.id)) {
        throw because.badRequest(`${path}.id is not a reward of this tier (ids are set by the service)`, {
          field: `${path}.id`,
        });
      }
      seen.add(kept.id);
      const { id: _id, createdAt: _c, updatedAt: _u, ...before } = kept;
      const same = JSON.stringify(before) === JSON.stringify(content);
      return { id: kept.id, ...content, createdAt: kept.createdAt, updatedAt: same ? kept.updatedAt : meta.occurredAt };
    }
    return { id: meta.newId(), ...content, createdAt: meta.occurredAt, updatedAt: meta.occurredAt };
  });
}

type RewardContent = Omit<TierReward, 'id' | 'createdAt' | 'updatedAt'>;

type Bad = (field: string, message: string) => DomainError;

/** One reward's relations, checked (`path` names it in errors): its fields were parsed by the schema. */
function rewardContent(r: TierRewardInput, path: string): RewardContent {
  const bad: Bad = (field, message) => because.badRequest(`${path}.${field} ${message}`, { field: `${path}.${field}` });
  const kind = kindOf(r.event ?? 'custom');
  const { bonusPoints, earnAmount } = amountsOf(r, kind, bad);
  const terms = couponFieldsOf(r, kind, bad);
  const title = r.title ?? kind.defaultTitle(bonusPoints, earnAmount);
  if (title === null) throw bad('title', 'is required for a custom perk');
  return {
    status: r.status ?? true,
    title,
    redeemType: 'fixed',
    minSpendPoint: 0,
    maxSpendPoint: 0,
    spendPoint: 0,
    appliedTo: 'all',
    orderReq: terms.orderReq,
    orderReqAmount: terms.orderReqAmount,
    expiredAfter: terms.expiredAfter,
    expiredTime: terms.expiredTime,
    type: r.type ?? 'tier_privileges',
    codeName: terms.codeName,
    earnAmount,
    event: kind.name,
    bonusPoints,
    priority: r.priority ?? 0,
    showLoyaltyPage: r.showLoyaltyPage ?? true,
    translateTitle: { ...(r.translateTitle ?? {}) },
    expired: r.expired ?? false,
  };
}

/** How much the reward pays, in the field its kind measures it with (the other is absent or 0). */
function amountsOf(r: TierRewardInput, kind: TierRewardKind, bad: Bad): { bonusPoints: number; earnAmount: number } {
  const event = kind.name;
  if (kind.amount === 'points' && !r.bonusPoints)
    throw bad('bonusPoints', `must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')} for bonus_point`);
  if (kind.amount !== 'points' && r.bonusPoints)
    throw bad('bonusPoints', `is paid only by event bonus_point (this reward's event is ${event})`);
  if (kind.amount === 'none' || kind.amount === 'points') {
    if (r.earnAmount) throw bad('earnAmount', `has no use for event ${event}`);
  } else if (!r.earnAmount) {
    throw bad('earnAmount', `must be the ${kind.amount === 'percent' ? 'percent' : 'amount'} off`);
  } else if (kind.amount === 'percent' && r.earnAmount > 100) {
    throw bad('earnAmount', 'must be the percent off: 0.01 to 100');
  }
  return { bonusPoints: r.bonusPoints ?? 0, earnAmount: r.earnAmount ?? 0 };
}

/** The order minimum of a coupon reward: `orderReq` and `orderReqAmount`, which must agree. */
function orderMinimumOf(r: TierRewardInput, kind: TierRewardKind, bad: Bad) {
  const minimum = r.orderReqAmount === undefined ? { cents: 0 } : parseMoney(r.orderReqAmount, 0, MAX_MONEY);
  const orderReqCents = 'cents' in minimum ? minimum.cents : 0;
  const orderReq = r.orderReq ?? (orderReqCents > 0 ? 'min_amount' : 'none');
  if (orderReq === 'min_amount' && orderReqCents === 0)
    throw bad('orderReqAmount', 'is required (above 0) with orderReq min_amount');
  if (orderReq === 'none' && orderReqCents > 0) throw bad('orderReqAmount', 'needs orderReq min_amount');
  if (orderReq === 'min_amount' && kind.pays !== 'coupon')
    throw bad('orderReq', `applies to coupons only (this reward's event is ${kind.name})`);
  return { orderReq, orderReqAmount: (orderReqCents / 100).toFixed(2) };
}

/** The terms of the coupon a reward mints: its order minimum, validity and code prefix (coupons only). */
function couponFieldsOf(r: TierRewardInput, kind: TierRewardKind, bad: Bad) {
  const minimum = orderMinimumOf(r, kind, bad);
  for (const key of ['expiredAfter', 'expiredTime', 'codeName'] as const)
    if (r[key] !== undefined && kind.pays !== 'coupon')
      throw bad(key, `applies to coupons only (this reward's event is ${kind.name})`);
  return {
    ...minimum,
    expiredAfter: r.expiredAfter ?? null,
    expiredTime: r.expiredTime === undefined ? null : new Date(r.expiredTime).toISOString(),
    codeName: r.codeName ?? null,
  };
}

function isStoredReward(value: unknown): value is TierReward {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.event === 'string' &&
    typeof value.createdAt === 'string' &&
    TIER_REWARD_FIELDS.every((key) => key in value)
  );
}

/** The type each field of a spec-shaped reward has (records before ids were set hold them as sent). */
const FIELD_TYPES: Readonly<Record<string, string>> = {
  event: 'string',
  status: 'boolean',
  title: 'string',
  type: 'string',
  earnAmount: 'number',
  bonusPoints: 'number',
  priority: 'number',
  showLoyaltyPage: 'boolean',
  expired: 'boolean',
  orderReq: 'string',
  orderReqAmount: 'string|number',
  expiredAfter: 'number',
  expiredTime: 'string',
  codeName: 'string',
  translateTitle: 'object',
};

/**
 * A reward as an event before ids were set recorded it (what the merchant sent, checked then by the
 * write edge): `{type: 'points', points}` bonus points, `{type: 'coupon', rewardType, rewardValue,
 * expiresInDays?, title?}` a coupon, a spec-shaped reward (with an `event`), or any other type a
 * benefit shown and never paid (a `custom` perk under that label). Converted once on read, without
 * the schema; null when a field is not of its type (then it stays a perk).
 */
function legacyReward(r: Record<string, unknown>): TierRewardInput | null {
  const title = typeof r.title === 'string' ? r.title : undefined;
  const days = isIntegerIn(r.expiresInDays, 1, MAX_DAYS) ? { expiredAfter: r.expiresInDays } : {};
  const coupon = typeof r.rewardType === 'string' ? LEGACY_COUPON_KINDS[r.rewardType] : undefined;
  if (r.event === undefined || r.event === null) {
    if (r.type === 'points' && isIntegerIn(r.points, 1, MAX_EARN_POINT))
      return { type: 'tier_privileges', event: 'bonus_point', bonusPoints: r.points, title };
    if (r.type === 'coupon' && coupon === 'free_shipping')
      return { type: 'tier_privileges', event: coupon, title, ...days };
    if (r.type === 'coupon' && coupon && isMoney(r.rewardValue))
      return { type: 'tier_privileges', event: coupon, earnAmount: r.rewardValue, title, ...days };
    return null;
  }
  const given = Object.entries(r).filter(([key, v]) => key in FIELD_TYPES && v !== null && v !== undefined);
  if (given.some(([key, v]) => !FIELD_TYPES[key].split('|').includes(typeof v))) return null;
  const input: Record<string, unknown> = Object.fromEntries(given);
  // What a payment's arithmetic relies on stays bounded, as the write edge of the day had it.
  const bounded =
    (input.bonusPoints === undefined || isIntegerIn(input.bonusPoints, 0, MAX_EARN_POINT)) &&
    (input.earnAmount === undefined || isMoney(input.earnAmount, 0)) &&
    (input.priority === undefined || isIntegerIn(input.priority, -MAX_PRIORITY, MAX_PRIORITY)) &&
    (input.expiredAfter === undefined || isIntegerIn(input.expiredAfter, 1, MAX_DAYS)) &&
    (input.expiredTime === undefined || !Number.isNaN(Date.parse(String(input.expiredTime)))) &&
    (input.orderReqAmount === undefined || 'cents' in parseMoney(input.orderReqAmount, 0, MAX_MONEY)) &&
    (input.orderReq === undefined || input.orderReq === 'none' || input.orderReq === 'min_amount') &&
    [input.title, input.type].every(
      (t) => t === undefined || (typeof t === 'string' && !!t.trim() && t.length <= 200),
    ) &&
    (input.translateTitle === undefined ||
      (isRecord(input.translateTitle) && Object.values(input.translateTitle).every((t) => typeof t === 'string')));
  return bounded && tierRewardKind(String(r.event)) ? input : null;
}

/** The `{type: 'coupon'}` form's reward types and the kinds they stand for. */
const LEGACY_COUPON_KINDS: Readonly<Record<string, TierRewardEvent>> = {
  fixed_amount: 'amount_discount',
  amount_discount: 'amount_discount',
  percentage: 'percentage_discount',
  free_shipping: 'free_shipping',
};

/**
 * Rewards as events recorded them. Events before the spec's shape hold what the merchant sent: read
 * by `legacyReward` (ids derived from the event, so every replay agrees); one that could not be paid
 * as written was only ever shown, and stays a `custom` perk.
 */
export function storedTierRewards(recorded: unknown, eventId: string, occurredAt: string): TierReward[] {
  if (!Array.isArray(recorded)) return [];
  return recorded.map((raw, index) => {
    if (isStoredReward(raw)) return raw;
    const id = deterministicUuid(eventId, `tier-reward-${index}`);
    // The stamp listed and the content spread last (it has none of the stamp's keys): on V8 a spread
    // followed by new keys builds a hidden class per object.
    const fields = isRecord(raw) ? raw : {};
    const label = typeof fields.type === 'string' && fields.type.trim() ? fields.type.slice(0, 100) : 'tier_privileges';
    const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title.slice(0, 200) : label;
    const perk: TierRewardInput = { type: label, event: 'custom', title };
    const legacy = legacyReward(fields);
    try {
      return { id, createdAt: occurredAt, updatedAt: occurredAt, ...rewardContent(legacy ?? perk, 'tierRewards') };
    } catch {
      return { id, createdAt: occurredAt, updatedAt: occurredAt, ...rewardContent(perk, 'tierRewards') };
    }
  });
}
