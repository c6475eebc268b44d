import { because, DomainError } from '../../shared/domain/domain-error';
import { isInteger, isOneOf, isRecord } from '../../shared/domain/guards';
import { deterministicUuid } from '../../shared/domain/ids';
import { isIntegerIn, isMoney, MAX_DAYS, MAX_EARN_POINT, MAX_MONEY, MAX_PRIORITY } from '../../shared/domain/limits';
import { parseMoney } from '../../shared/domain/money';
import {
  TIER_REWARD_EVENTS,
  TierRewardKind,
  tierRewardKind,
  TierRewardKindName,
} from '../../programs/kinds/tier-rewards';

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
  orderReq: 'none' | 'min_amount';
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

/** Input names of the earlier `{type: 'points' | 'coupon'}` form, kept as aliases. */
const ALIAS_FIELDS = ['points', 'rewardType', 'rewardValue', 'expiresInDays'];
const ALIAS_COUPON_KINDS: Readonly<Record<string, TierRewardEvent>> = {
  fixed_amount: 'amount_discount',
  amount_discount: 'amount_discount',
  percentage: 'percentage_discount',
  free_shipping: 'free_shipping',
};
const CODE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;
const MAX_REWARDS = 20;

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
 * Reads the rewards a merchant sent for a tier, in the spec's shape or the `{type: points|coupon}`
 * alias, into stored rewards. Anything the service could not pay as written is refused naming the
 * field (`tierRewards[1].earnAmount`), never stored to be silently ignored. A reward sent back with the
 * `id` it was read with keeps its id and `createdAt` (and `updatedAt`, when nothing changed); ids,
 * `createdAt` and `updatedAt` are otherwise set here. `baseTier`: entered on enrolment, it pays nothing.
 */
export function readTierRewards(
  input: unknown,
  previous: readonly TierReward[],
  meta: { newId: () => string; occurredAt: string },
  options: { baseTier: boolean },
): TierReward[] {
  if (!Array.isArray(input) || input.length > MAX_REWARDS)
    throw because.badRequest(`tierRewards must be a list of at most ${MAX_REWARDS} rewards`, { field: 'tierRewards' });
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
    const id = isRecord(raw) ? raw.id : undefined;
    if (id !== undefined && id !== null) {
      const kept = previous.find((p) => p.id === id);
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
type Fields = Record<string, unknown>;
const given = (r: Fields, key: string) => r[key] !== undefined && r[key] !== null;

/** One reward's fields, checked (`path` names it in errors). */
function rewardContent(raw: unknown, path: string): RewardContent {
  const bad: Bad = (field, message) => because.badRequest(`${path}.${field} ${message}`, { field: `${path}.${field}` });
  if (!isRecord(raw)) throw because.badRequest(`${path} must be an object`, { field: path });
  for (const key of Object.keys(raw)) {
    if (!isOneOf<string>(TIER_REWARD_FIELDS, key) && !ALIAS_FIELDS.includes(key))
      throw bad(key, `is not a field of a tier reward (${TIER_REWARD_FIELDS.join(', ')})`);
  }
  for (const key of ['createdAt', 'updatedAt'] as const) {
    // Set by the service; a record read and sent back carries them, and they are ignored.
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string')
      throw bad(key, 'is set by the service');
  }
  const r = fromAlias(raw, bad);
  const kind = rewardKind(r, bad);
  const event = kind.name;
  const flag = (key: string, fallback: boolean): boolean => {
    const value = r[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'boolean') throw bad(key, 'must be true or false');
    return value;
  };
  const { bonusPoints, earnAmount } = amountsOf(r, kind, bad);
  for (const key of ['spendPoint', 'minSpendPoint', 'maxSpendPoint'])
    unused(r, bad, key, 'must be 0: a tier reward is given on entering the tier, it costs no points');
  if (given(r, 'redeemType') && r.redeemType !== 'fixed')
    throw bad('redeemType', 'must be fixed: a tier reward is given, not bought');
  if (given(r, 'appliedTo') && r.appliedTo !== 'all')
    throw bad('appliedTo', 'must be all: a tier coupon applies to the whole order');
  const terms = couponFieldsOf(r, kind, bad);
  const labels = labelsOf(r, bad, kind.defaultTitle(bonusPoints, earnAmount));
  return {
    status: flag('status', true),
    title: labels.title,
    redeemType: 'fixed',
    minSpendPoint: 0,
    maxSpendPoint: 0,
    spendPoint: 0,
    appliedTo: 'all',
    orderReq: terms.orderReq,
    orderReqAmount: terms.orderReqAmount,
    expiredAfter: terms.expiredAfter,
    expiredTime: terms.expiredTime,
    type: labels.type,
    codeName: terms.codeName,
    earnAmount,
    event,
    bonusPoints,
    priority: labels.priority,
    showLoyaltyPage: flag('showLoyaltyPage', true),
    translateTitle: labels.translateTitle,
    expired: flag('expired', false),
  };
}

/** A field this kind of reward has no use for: absent, null or 0 (never a value that would be ignored). */
function unused(r: Fields, bad: Bad, key: string, why: string): void {
  if (given(r, key) && r[key] !== 0) throw bad(key, why);
}

/** The reward's kind, required and payable as a tier reward. */
function rewardKind(r: Fields, bad: Bad): TierRewardKind {
  if (!given(r, 'event')) {
    throw bad('event', `is required: one of ${TIER_REWARD_EVENTS.join(', ')} (custom: a perk shown and never paid)`);
  }
  const kind = typeof r.event === 'string' ? tierRewardKind(r.event) : undefined;
  if (!kind) {
    throw bad(
      'event',
      `cannot be paid as a tier reward: one of ${TIER_REWARD_EVENTS.join(', ')} (custom: a perk shown and never paid)`,
    );
  }
  return kind;
}

/** How much the reward pays, in the field its kind measures it with (the other is 0). */
function amountsOf(r: Fields, kind: TierRewardKind, bad: Bad): { bonusPoints: number; earnAmount: number } {
  const event = kind.name;
  let bonusPoints = 0;
  if (kind.amount === 'points') {
    if (!isIntegerIn(r.bonusPoints, 1, MAX_EARN_POINT))
      throw bad('bonusPoints', `must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')} for bonus_point`);
    bonusPoints = r.bonusPoints;
  } else unused(r, bad, 'bonusPoints', `is paid only by event bonus_point (this reward's event is ${event})`);
  let earnAmount = 0;
  if (kind.amount === 'money') {
    if (!isMoney(r.earnAmount))
      throw bad('earnAmount', 'must be the amount off: 0.01 to 1,000,000 with at most 2 decimals');
    earnAmount = r.earnAmount;
  } else if (kind.amount === 'percent') {
    if (!isMoney(r.earnAmount) || r.earnAmount > 100) throw bad('earnAmount', 'must be the percent off: 0.01 to 100');
    earnAmount = r.earnAmount;
  } else unused(r, bad, 'earnAmount', `has no use for event ${event}`);
  return { bonusPoints, earnAmount };
}

/** The order minimum of a coupon reward: `orderReq` and `orderReqAmount`, which must agree. */
function orderMinimumOf(r: Fields, kind: TierRewardKind, bad: Bad) {
  let orderReqCents = 0;
  if (given(r, 'orderReqAmount')) {
    const parsed = parseMoney(r.orderReqAmount, 0, MAX_MONEY);
    if (!('cents' in parsed))
      throw bad('orderReqAmount', `must be an amount such as "50.00" (at most ${MAX_MONEY.toLocaleString('en')})`);
    orderReqCents = parsed.cents;
  }
  if (given(r, 'orderReq') && !isOneOf(['none', 'min_amount'], r.orderReq))
    throw bad('orderReq', 'must be none or min_amount');
  const orderReq: 'none' | 'min_amount' = given(r, 'orderReq')
    ? r.orderReq === 'min_amount'
      ? 'min_amount'
      : 'none'
    : orderReqCents > 0
      ? 'min_amount'
      : 'none';
  if (orderReq === 'min_amount' && orderReqCents === 0)
    throw bad('orderReqAmount', 'is required (above 0) with orderReq min_amount');
  if (orderReq === 'none' && orderReqCents > 0) throw bad('orderReqAmount', 'needs orderReq min_amount');
  if (orderReq === 'min_amount' && kind.pays !== 'coupon')
    throw bad('orderReq', `applies to coupons only (this reward's event is ${kind.name})`);
  return { orderReq, orderReqAmount: (orderReqCents / 100).toFixed(2) };
}

/** The terms of the coupon a reward mints: its order minimum, validity and code prefix (coupons only). */
function couponFieldsOf(r: Fields, kind: TierRewardKind, bad: Bad) {
  const minimum = orderMinimumOf(r, kind, bad);
  const couponOnly = (key: string) => {
    if (kind.pays !== 'coupon') throw bad(key, `applies to coupons only (this reward's event is ${kind.name})`);
  };
  let expiredAfter: number | null = null;
  if (given(r, 'expiredAfter')) {
    if (!isIntegerIn(r.expiredAfter, 1, MAX_DAYS))
      throw bad('expiredAfter', `must be an integer from 1 to ${MAX_DAYS} (days)`);
    couponOnly('expiredAfter');
    expiredAfter = r.expiredAfter;
  }
  let expiredTime: string | null = null;
  if (given(r, 'expiredTime')) {
    if (typeof r.expiredTime !== 'string' || Number.isNaN(Date.parse(r.expiredTime)))
      throw bad('expiredTime', 'must be an ISO 8601 date-time');
    couponOnly('expiredTime');
    expiredTime = new Date(r.expiredTime).toISOString();
  }
  let codeName: string | null = null;
  if (given(r, 'codeName')) {
    if (typeof r.codeName !== 'string' || !CODE_NAME.test(r.codeName))
      throw bad('codeName', 'must be 1 to 20 letters, digits, _ or - (the prefix of the coupon codes)');
    couponOnly('codeName');
    codeName = r.codeName;
  }
  return { ...minimum, expiredAfter, expiredTime, codeName };
}

/** The reward's label, priority and titles (`fallbackTitle`: its kind's default title, null when required). */
function labelsOf(r: Fields, bad: Bad, fallbackTitle: string | null) {
  const type = given(r, 'type') ? r.type : 'tier_privileges';
  if (typeof type !== 'string' || !type.trim() || type.length > 100)
    throw bad('type', 'must be a text of 1 to 100 characters');
  const priority = given(r, 'priority') ? r.priority : 0;
  if (!isIntegerIn(priority, -MAX_PRIORITY, MAX_PRIORITY))
    throw bad('priority', `must be an integer from -${MAX_PRIORITY} to ${MAX_PRIORITY}`);
  const translateTitle = given(r, 'translateTitle') ? r.translateTitle : {};
  if (
    !isRecord(translateTitle) ||
    Object.keys(translateTitle).length > 100 ||
    Object.keys(translateTitle).some((k) => !k || k.length > 20) ||
    Object.values(translateTitle).some((t) => typeof t !== 'string' || t.length > 200)
  ) {
    throw bad('translateTitle', 'must map up to 100 language codes to titles of at most 200 characters');
  }
  const title = given(r, 'title') ? r.title : fallbackTitle;
  if (title === null) throw bad('title', 'is required for a custom perk');
  if (typeof title !== 'string' || !title.trim() || title.length > 200)
    throw bad('title', 'must be a text of 1 to 200 characters');
  return {
    type,
    priority,
    title,
    translateTitle: Object.fromEntries(Object.entries(translateTitle).map(([k, v]) => [k, String(v)])),
  };
}

/**
 * The `{type: 'points', points}` and `{type: 'coupon', rewardType, rewardValue, expiresInDays?, title?}`
 * form, written in the spec's names (type `tier_privileges`). Without those two types it is the spec's
 * shape, where the alias names are refused (they would be ignored).
 */
function fromAlias(
  raw: Record<string, unknown>,
  bad: (field: string, message: string) => DomainError,
): Record<string, unknown> {
  const aliasType = (raw.event === undefined || raw.event === null) && (raw.type === 'points' || raw.type === 'coupon');
  if (!aliasType) {
    for (const key of ALIAS_FIELDS)
      if (raw[key] !== undefined)
        throw bad(
          key,
          'belongs to the {type: points|coupon} form; with event use bonusPoints, earnAmount, expiredAfter',
        );
    return raw;
  }
  const spec = (key: string, alias: string) => {
    if (raw[key] !== undefined && raw[alias] !== undefined)
      throw bad(alias, `and ${key} name the same thing: send one`);
  };
  const { points, rewardType, rewardValue, expiresInDays, ...rest } = raw;
  if (raw.type === 'points') {
    spec('bonusPoints', 'points');
    if (!isInteger(points) || points < 1 || points > MAX_EARN_POINT)
      throw bad('points', `must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}`);
    for (const key of ['rewardType', 'rewardValue', 'expiresInDays'])
      if (raw[key] !== undefined) throw bad(key, 'belongs to {type: coupon}');
    return { ...rest, type: 'tier_privileges', event: 'bonus_point', bonusPoints: points };
  }
  spec('earnAmount', 'rewardValue');
  spec('expiredAfter', 'expiresInDays');
  if (points !== undefined) throw bad('points', 'belongs to {type: points}');
  const event = typeof rewardType === 'string' ? ALIAS_COUPON_KINDS[rewardType] : undefined;
  if (!event) throw bad('rewardType', `must be one of ${Object.keys(ALIAS_COUPON_KINDS).join(', ')}`);
  if (event !== 'free_shipping' && !(isMoney(rewardValue) && (event !== 'percentage_discount' || rewardValue <= 100)))
    throw bad('rewardValue', 'must be a positive amount (a percent up to 100)');
  if (expiresInDays !== undefined && expiresInDays !== null && !isIntegerIn(expiresInDays, 1, MAX_DAYS))
    throw bad('expiresInDays', `must be an integer from 1 to ${MAX_DAYS}`);
  return {
    ...rest,
    type: 'tier_privileges',
    event,
    ...(event === 'free_shipping' ? {} : { earnAmount: rewardValue }),
    ...(expiresInDays !== undefined ? { expiredAfter: expiresInDays } : {}),
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

/**
 * Rewards as events recorded them. Events before the spec's shape hold what the merchant sent: read
 * as it would be read now (ids derived from the event, so every replay agrees); one that could not be
 * paid as written was only ever shown, and stays a `custom` perk.
 */
export function storedTierRewards(recorded: unknown, eventId: string, occurredAt: string): TierReward[] {
  if (!Array.isArray(recorded)) return [];
  return recorded.map((raw, index) => {
    if (isStoredReward(raw)) return raw;
    const id = deterministicUuid(eventId, `tier-reward-${index}`);
    // The stamp listed and the content spread last (it has none of the stamp's keys): on V8 a spread
    // followed by new keys builds a hidden class per object.
    try {
      const { id: _id, ...fields } = isRecord(raw) ? raw : {};
      return { id, createdAt: occurredAt, updatedAt: occurredAt, ...rewardContent(fields, 'tierRewards') };
    } catch {
      const fields = isRecord(raw) ? raw : {};
      const label = typeof fields.type === 'string' && fields.type ? fields.type.slice(0, 100) : 'tier_privileges';
      const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title.slice(0, 200) : label;
      return {
        id,
        createdAt: occurredAt,
        updatedAt: occurredAt,
        ...rewardContent({ type: label, title, event: 'custom' }, 'tierRewards'),
      };
    }
  });
}
