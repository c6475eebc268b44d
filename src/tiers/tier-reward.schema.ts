import { ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  validateSync,
  ValidationError,
} from 'class-validator';
import { Satisfies } from '../shared/http/field-rules';
import { because } from '../shared/domain/domain-error';
import { isRecord } from '../shared/domain/guards';
import { parseMoney } from '../shared/domain/money';
import { isMoney, MAX_DAYS, MAX_EARN_POINT, MAX_MONEY, MAX_PRIORITY } from '../shared/domain/limits';
import { TIER_REWARD_EVENTS, TierRewardKindName } from '../programs/kinds/tier-rewards';
import { ORDER_REQUIREMENTS, OrderRequirement } from '../programs/kinds/spending-wire';

/**
 * The tier reward's schema (spec 2.9 Tier, "a tier reward"): one class that is the source of the
 * type the tier ladder receives (`TierRewardInput`), of the write edge's validation of every field
 * (`parseTierRewards`, each error naming `tierRewards[i].<field>`) and of the OpenAPI description
 * (a component of /docs/json). What depends on the reward's kind (which amount it needs, what only a
 * coupon has, the default title) and on the tier (the base tier, ids kept) is the ladder's to check.
 */

export const MAX_TIER_REWARDS = 20;
/** The `{type: 'coupon'}` alias's reward types and the kinds they stand for. */
export const ALIAS_COUPON_KINDS = {
  fixed_amount: 'amount_discount',
  amount_discount: 'amount_discount',
  percentage: 'percentage_discount',
  free_shipping: 'free_shipping',
} as const satisfies Record<string, TierRewardKindName>;
const ALIAS_REWARD_TYPES = Object.keys(ALIAS_COUPON_KINDS);
/** Input names of the earlier `{type: 'points' | 'coupon'}` form, kept as aliases. */
export const ALIAS_FIELDS = ['points', 'rewardType', 'rewardValue', 'expiresInDays'] as const;

const CODE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;
const isAmountText = (v: unknown) => 'cents' in parseMoney(v, 0, MAX_MONEY);
const isInstant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isTitleMap = (v: unknown) =>
  isRecord(v) &&
  Object.keys(v).length <= 100 &&
  Object.keys(v).every((k) => k.length >= 1 && k.length <= 20) &&
  Object.values(v).every((t) => typeof t === 'string' && t.length <= 200);
const FREE = 'must be 0: a tier reward is given on entering the tier, it costs no points';

export class TierRewardSchema {
  @ApiPropertyOptional({ description: 'Set by the service; sent back, it keeps the reward (and its createdAt)' })
  @IsOptional()
  @IsString()
  id?: string;
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  status?: boolean;
  @ApiPropertyOptional({ maxLength: 200, description: "Default: the kind's (required for custom)" })
  @IsOptional()
  @IsString({ message: '$property must be a text of 1 to 200 characters' })
  @Matches(/\S/, { message: '$property must be a text of 1 to 200 characters' })
  @MaxLength(200, { message: '$property must be a text of 1 to 200 characters' })
  title?: string;
  @ApiPropertyOptional({ enum: ['fixed'] })
  @IsOptional()
  @IsIn(['fixed'], { message: '$property must be fixed: a tier reward is given, not bought' })
  redeemType?: 'fixed';
  @ApiPropertyOptional({ enum: [0] }) @IsOptional() @IsIn([0], { message: `$property ${FREE}` }) minSpendPoint?: 0;
  @ApiPropertyOptional({ enum: [0] }) @IsOptional() @IsIn([0], { message: `$property ${FREE}` }) maxSpendPoint?: 0;
  @ApiPropertyOptional({ enum: [0] }) @IsOptional() @IsIn([0], { message: `$property ${FREE}` }) spendPoint?: 0;
  @ApiPropertyOptional({ enum: ['all'] })
  @IsOptional()
  @IsIn(['all'], { message: '$property must be all: a tier coupon applies to the whole order' })
  appliedTo?: 'all';
  @ApiPropertyOptional({ enum: ORDER_REQUIREMENTS, description: 'Coupons: min_amount needs orderReqAmount' })
  @IsOptional()
  @IsIn(ORDER_REQUIREMENTS, { message: `$property must be ${ORDER_REQUIREMENTS.join(' or ')}` })
  orderReq?: OrderRequirement;
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    example: '50.00',
    description: 'Coupons: least order subtotal ("0.00": none)',
  })
  @IsOptional()
  @Satisfies('isAmount', isAmountText, `$property must be an amount such as "50.00" (at most 1,000,000)`)
  orderReqAmount?: string | number;
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_DAYS, description: 'Coupons: days a granted coupon works' })
  @IsOptional()
  @IsInt({ message: `$property must be an integer from 1 to ${MAX_DAYS} (days)` })
  @Min(1, { message: `$property must be an integer from 1 to ${MAX_DAYS} (days)` })
  @Max(MAX_DAYS, { message: `$property must be an integer from 1 to ${MAX_DAYS} (days)` })
  expiredAfter?: number;
  @ApiPropertyOptional({ format: 'date-time', description: 'Coupons: the end of the offer' })
  @IsOptional()
  @Satisfies('isInstant', isInstant, '$property must be an ISO 8601 date-time')
  expiredTime?: string;
  @ApiPropertyOptional({
    default: 'tier_privileges',
    description: 'A label of the merchant (GET /tiers/benefits/{type})',
  })
  @IsOptional()
  @IsString({ message: '$property must be a text of 1 to 100 characters' })
  @Matches(/\S/, { message: '$property must be a text of 1 to 100 characters' })
  @MaxLength(100, { message: '$property must be a text of 1 to 100 characters' })
  type?: string;
  @ApiPropertyOptional({ description: 'Coupons: the prefix of the coupon codes (1 to 20 letters, digits, _ or -)' })
  @IsOptional()
  @Matches(CODE_NAME, { message: '$property must be 1 to 20 letters, digits, _ or - (the prefix of the coupon codes)' })
  codeName?: string;
  @ApiPropertyOptional({ description: 'amount_discount: the amount off; percentage_discount: the percent off' })
  @IsOptional()
  @Satisfies(
    'isAmount',
    (v) => isMoney(v, 0),
    '$property must be an amount from 0.01 to 1,000,000 with at most 2 decimals',
  )
  earnAmount?: number;
  @ApiPropertyOptional({
    enum: TIER_REWARD_EVENTS,
    description: 'What entering the tier pays (custom: a perk shown and never paid); required unless the alias form',
  })
  @IsOptional()
  @IsIn(TIER_REWARD_EVENTS, {
    message: `$property cannot be paid as a tier reward: one of ${TIER_REWARD_EVENTS.join(', ')} (custom: a perk shown and never paid)`,
  })
  event?: TierRewardKindName;
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_EARN_POINT, description: 'bonus_point: the points paid' })
  @IsOptional()
  @IsInt({ message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  @Min(0, { message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  @Max(MAX_EARN_POINT, { message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  bonusPoints?: number;
  @ApiPropertyOptional({ default: 0, minimum: -MAX_PRIORITY, maximum: MAX_PRIORITY })
  @IsOptional()
  @IsInt({ message: `$property must be an integer from -${MAX_PRIORITY} to ${MAX_PRIORITY}` })
  @Min(-MAX_PRIORITY, { message: `$property must be an integer from -${MAX_PRIORITY} to ${MAX_PRIORITY}` })
  @Max(MAX_PRIORITY, { message: `$property must be an integer from -${MAX_PRIORITY} to ${MAX_PRIORITY}` })
  priority?: number;
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  showLoyaltyPage?: boolean;
  @ApiPropertyOptional({ description: 'Titles by language code (at most 100, each up to 200 characters)' })
  @IsOptional()
  @IsObject({ message: '$property must map up to 100 language codes to titles of at most 200 characters' })
  @Satisfies(
    'isTitleMap',
    isTitleMap,
    '$property must map up to 100 language codes to titles of at most 200 characters',
  )
  translateTitle?: Record<string, string>;
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: '$property must be true or false' })
  expired?: boolean;
  @ApiPropertyOptional({ readOnly: true })
  @IsOptional()
  @IsString({ message: '$property is set by the service' })
  createdAt?: string;
  @ApiPropertyOptional({ readOnly: true })
  @IsOptional()
  @IsString({ message: '$property is set by the service' })
  updatedAt?: string;

  // The earlier form, kept as an alias: {type: points, points} and {type: coupon, rewardType, rewardValue, expiresInDays?}.
  @ApiPropertyOptional({ deprecated: true, description: '{type: points}: the bonus points (alias of bonusPoints)' })
  @IsOptional()
  @IsInt({ message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  @Min(1, { message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  @Max(MAX_EARN_POINT, { message: `$property must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}` })
  points?: number;
  @ApiPropertyOptional({ deprecated: true, enum: ALIAS_REWARD_TYPES, description: '{type: coupon}: the coupon' })
  @IsOptional()
  @IsIn(ALIAS_REWARD_TYPES, { message: `$property must be one of ${ALIAS_REWARD_TYPES.join(', ')}` })
  rewardType?: keyof typeof ALIAS_COUPON_KINDS;
  @ApiPropertyOptional({
    deprecated: true,
    description: '{type: coupon}: the amount or percent off (alias of earnAmount)',
  })
  @IsOptional()
  @Satisfies('isAmount', (v) => isMoney(v), '$property must be a positive amount (a percent up to 100)')
  rewardValue?: number;
  @ApiPropertyOptional({ deprecated: true, description: '{type: coupon}: days a coupon works (alias of expiredAfter)' })
  @IsOptional()
  @IsInt({ message: `$property must be an integer from 1 to ${MAX_DAYS}` })
  @Min(1, { message: `$property must be an integer from 1 to ${MAX_DAYS}` })
  @Max(MAX_DAYS, { message: `$property must be an integer from 1 to ${MAX_DAYS}` })
  expiresInDays?: number;
}

/** A tier reward as the ladder receives it: the spec's names only (the alias read), every field checked. */
export type TierRewardInput = Omit<TierRewardSchema, (typeof ALIAS_FIELDS)[number]>;

/** The first problem of one reward, as `<field> <message>` under `path`. */
function firstProblem(errors: ValidationError[], path: string) {
  const [error] = errors;
  const field = `${path}.${error.property}`;
  const constraints = error.constraints ?? {};
  if ('whitelistValidation' in constraints)
    return because.badRequest(`${field} is not a field of a tier reward`, { field });
  const message = Object.values(constraints)[0] ?? `${error.property} is invalid`;
  return because.badRequest(`${path}.${message}`, { field });
}

/**
 * The `{type: 'points', points}` and `{type: 'coupon', rewardType, rewardValue, expiresInDays?, title?}`
 * form, written in the spec's names (type `tier_privileges`). Without those two types it is the spec's
 * shape, where the alias names are refused (they would be ignored).
 */
function fromAlias(raw: TierRewardSchema, path: string): TierRewardInput {
  const bad = (key: string, message: string) =>
    because.badRequest(`${path}.${key} ${message}`, { field: `${path}.${key}` });
  const aliasType = raw.event === undefined && (raw.type === 'points' || raw.type === 'coupon');
  const { points, rewardType, rewardValue, expiresInDays, ...rest } = raw;
  if (!aliasType) {
    for (const key of ALIAS_FIELDS)
      if (raw[key] !== undefined)
        throw bad(
          key,
          'belongs to the {type: points|coupon} form; with event use bonusPoints, earnAmount, expiredAfter',
        );
    return rest;
  }
  const once = (key: keyof TierRewardInput, alias: string) => {
    if (raw[key] !== undefined && raw[alias as keyof TierRewardSchema] !== undefined)
      throw bad(alias, `and ${key} name the same thing: send one`);
  };
  if (raw.type === 'points') {
    once('bonusPoints', 'points');
    if (points === undefined)
      throw bad('points', `must be an integer from 1 to ${MAX_EARN_POINT.toLocaleString('en')}`);
    for (const key of ['rewardType', 'rewardValue', 'expiresInDays'] as const)
      if (raw[key] !== undefined) throw bad(key, 'belongs to {type: coupon}');
    return { ...rest, type: 'tier_privileges', event: 'bonus_point', bonusPoints: points };
  }
  once('earnAmount', 'rewardValue');
  once('expiredAfter', 'expiresInDays');
  if (points !== undefined) throw bad('points', 'belongs to {type: points}');
  if (rewardType === undefined) throw bad('rewardType', `must be one of ${ALIAS_REWARD_TYPES.join(', ')}`);
  const event = ALIAS_COUPON_KINDS[rewardType];
  if (
    event !== 'free_shipping' &&
    !(rewardValue !== undefined && (event !== 'percentage_discount' || rewardValue <= 100))
  )
    throw bad('rewardValue', 'must be a positive amount (a percent up to 100)');
  return {
    ...rest,
    type: 'tier_privileges',
    event,
    ...(event === 'free_shipping' ? {} : { earnAmount: rewardValue }),
    ...(expiresInDays !== undefined ? { expiredAfter: expiresInDays } : {}),
  };
}

/** One reward: its fields checked by the schema (null: absent), then the alias read. */
function parseReward(raw: unknown, path: string): TierRewardInput {
  if (!isRecord(raw)) throw because.badRequest(`${path} must be an object`, { field: path });
  const given = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
  const reward = plainToInstance(TierRewardSchema, given);
  const errors = validateSync(reward, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length) throw firstProblem(errors, path);
  const input = fromAlias(reward, path);
  if (input.event === undefined)
    throw because.badRequest(
      `${path}.event is required: one of ${TIER_REWARD_EVENTS.join(', ')} (custom: a perk shown and never paid)`,
      { field: `${path}.event` },
    );
  return { ...input };
}

/**
 * The write edge of tier rewards: the list a merchant sent (`tierRewards`), each reward parsed by the
 * schema in the spec's shape or the alias. Errors name the field as `tierRewards[1].earnAmount`.
 */
export function parseTierRewards(input: unknown): TierRewardInput[] {
  if (!Array.isArray(input) || input.length > MAX_TIER_REWARDS)
    throw because.badRequest(`tierRewards must be a list of at most ${MAX_TIER_REWARDS} rewards`, {
      field: 'tierRewards',
    });
  return input.map((raw, i) => parseReward(raw, `tierRewards[${i}]`));
}
