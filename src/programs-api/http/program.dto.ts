import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { applyDecorators, Type as DtoClass } from '@nestjs/common';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { IsMoney, Optional } from '../../shared/http/validation';
import { ToIdList, ToIdString } from '../../shared/http/query-transforms';
import {
  MAX_COUNT,
  MAX_DAYS,
  MAX_EARN_POINT,
  MAX_MONEY,
  MAX_POINTS,
  MAX_PRIORITY,
  MAX_QUANTITY,
  MAX_TOTAL_COUNT,
  MIN_MONEY,
} from '../../shared/domain/limits';
import { SOCIAL_EVENTS } from '../../programs/kinds/kinds';
import { APPLIED_TO } from '../../programs/kinds/spending-rule';
import { COMBINABLE, LIMIT_REDEEM_MODES, ORDER_REQUIREMENTS } from '../../programs/kinds/spending-wire';
import { FieldRules, NestedList, NonEmptyText, RequiredText, WholeNumber } from '../../shared/http/field-rules';

/** A list of at most `max` ids (numbers or `{id}` objects read as text), each 1 to 100 characters. */
const IdList = (field: string, max = 1000): PropertyDecorator =>
  applyDecorators(
    Optional(),
    ToIdList(),
    IsArray({ message: `${field} must be a list of ids` }),
    ArrayMaxSize(max),
    IsString({ each: true, message: `${field} must be a list of ids` }),
    IsNotEmpty({ each: true, message: `${field} must be a list of ids` }),
    MaxLength(100, { each: true }),
  );

/** One value passing `test`, with `message` otherwise. */
const Satisfies = (name: string, test: (value: unknown) => boolean, message: string) =>
  ValidateBy({ name, validator: { validate: test, defaultMessage: () => message } });

const isAmount = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_MONEY) ||
  (typeof v === 'string' && /^\d{1,7}(\.\d{1,2})?$/.test(v.trim()) && Number(v) <= MAX_MONEY);
const isLimitRedeem = (v: unknown) =>
  (typeof v === 'string' && (LIMIT_REDEEM_MODES as readonly string[]).includes(v)) ||
  (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_COUNT);
const isCombinedWith = (v: unknown) =>
  (Array.isArray(v) &&
    v.length <= COMBINABLE.length &&
    v.every((c) => (COMBINABLE as readonly unknown[]).includes(c))) ||
  (v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).length <= COMBINABLE.length &&
    Object.values(v).every((b) => typeof b === 'boolean'));

/** A whole number from `min` to `max`, or null (documented as nullable): `null` clears the setting. */
const NullableWholeNumber = (min: number, max: number, description: string) =>
  FieldRules(ApiPropertyOptional({ nullable: true, description }), IsOptional(), WholeNumber(min, max));

/** Up to `maxSize` objects (`what`: what they are, for the message), taken as sent. */
const ObjectList = (maxSize: number, what: string) =>
  FieldRules(
    Optional(),
    IsArray(),
    ArrayMaxSize(maxSize),
    IsObject({ each: true, message: `$property must be a list of ${what}` }),
  );

/** The cart of a points calculation (v2 and v1): 1 to 500 lines, each validated as `line`. */
export const CartProducts = (line: DtoClass, notAList: string) =>
  FieldRules(ApiProperty({ type: [line] }), IsArray({ message: notAList }), ArrayMaxSize(500), NestedList(line));

export class TierRateDto {
  @ApiProperty() @IsString() @MaxLength(100) tierId: string;
  @ApiProperty({ maximum: MAX_EARN_POINT }) @IsInt() @Min(0) @Max(MAX_EARN_POINT) earnPoint: number;
  @ApiPropertyOptional({ nullable: true, minimum: MIN_MONEY, maximum: MAX_MONEY })
  @IsOptional()
  @IsMoney('earnPointsTiers[].rateMoney')
  rateMoney?: number | null;
}

export class CreateProgramDto {
  @ApiProperty({ enum: ['earning', 'spending'] })
  @IsIn(['earning', 'spending'], { message: 'type must be earning or spending' })
  type: 'earning' | 'spending';
  @ApiProperty({ example: 'place_order' }) @RequiredText(50) event: string;
  @ApiProperty({ example: 'Points for every order' })
  @RequiredText(200)
  title: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ default: true }) @Optional() @IsBoolean() status?: boolean;
  @ApiPropertyOptional({ default: false }) @Optional() @IsBoolean() isDraft?: boolean;
  @ApiPropertyOptional({ default: false }) @Optional() @IsBoolean() expired?: boolean;
  @ApiPropertyOptional({ default: 0, minimum: -MAX_PRIORITY, maximum: MAX_PRIORITY })
  @Optional()
  @IsInt()
  @Min(-MAX_PRIORITY)
  @Max(MAX_PRIORITY)
  priority?: number;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, description: 'null: no start date' })
  @IsOptional()
  @IsISO8601()
  startDate?: string | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, description: 'null: no end date' })
  @IsOptional()
  @IsISO8601()
  endDate?: string | null;
  @ApiPropertyOptional({ description: 'Points per rateMoney (earnBy price) or per event' })
  @Optional()
  @WholeNumber(0, MAX_EARN_POINT)
  earnPoint?: number;
  @ApiPropertyOptional({ enum: ['price', 'flat'] }) @Optional() @IsIn(['price', 'flat']) earnBy?: 'price' | 'flat';
  @ApiPropertyOptional({
    description: 'Currency amount that earns earnPoint (earnBy price)',
    minimum: MIN_MONEY,
    maximum: MAX_MONEY,
  })
  @Optional()
  @IsMoney('rateMoney')
  rateMoney?: number;
  @ApiPropertyOptional({ enum: ['round', 'floor', 'ceil'] })
  @Optional()
  @IsIn(['round', 'floor', 'ceil'])
  roundingMethod?: 'round' | 'floor' | 'ceil';
  @ApiPropertyOptional({ type: [String], example: ['web', 'pos'] })
  @Optional()
  @IsArray()
  @IsIn(['web', 'pos'], { each: true })
  appliedSource?: Array<'web' | 'pos'>;
  @ApiPropertyOptional() @Optional() @IsBoolean() skipEarnPointGuest?: boolean;
  @ApiPropertyOptional({ description: 'Take the points back when the order is cancelled or refunded' })
  @Optional()
  @IsBoolean()
  autoRemovePoints?: boolean;
  @ApiPropertyOptional({ type: [TierRateDto] })
  @Optional()
  @IsArray()
  @ArrayMaxSize(100)
  @NestedList(TierRateDto)
  earnPointsTiers?: TierRateDto[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: only these product ids count (ids, or {id} objects)',
  })
  @IdList('includeProducts')
  includeProducts?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: these product ids never count (ids, or {id} objects)',
  })
  @IdList('excludeProducts')
  excludeProducts?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: products of these collections count (ids, or {id} objects)',
  })
  @IdList('includeCollections')
  includeCollections?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: products of these collections never count (ids, or {id} objects)',
  })
  @IdList('excludeCollections')
  excludeCollections?: string[];
  @ApiPropertyOptional({ description: 'place_order: days the points are held before they can be spent (0-365)' })
  @Optional()
  @WholeNumber(0, 365)
  pendingDays?: number;
  @ApiPropertyOptional({ description: 'Limit payments per customer (with limitUnit, limitInterval)' })
  @Optional()
  @IsBoolean()
  hasLimit?: boolean;
  @ApiPropertyOptional({ enum: ['day', 'week', 'month', 'year', 'lifetime'] })
  @Optional()
  @IsIn(['day', 'week', 'month', 'year', 'lifetime'])
  limitUnit?: 'day' | 'week' | 'month' | 'year' | 'lifetime';
  @ApiPropertyOptional({ description: 'Payments allowed per limitUnit' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_COUNT)
  limitInterval?: number;
  @ApiPropertyOptional() @Optional() @IsObject() translateTitle?: Record<string, string>;
  @ApiPropertyOptional({
    description: 'Earning: the page to follow, review or visit, or what a share shares (http(s))',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  urlLocation?: string;
  @ApiPropertyOptional({ description: "Earning: the shop's handle for follow intents (follow_micro)" })
  @IsOptional()
  @IsString()
  @Matches(/^@?[A-Za-z0-9_.]{1,50}$/, { message: 'urlAccount must be a handle (letters, digits, _ and .)' })
  urlAccount?: string;
  @ApiPropertyOptional({ enum: ['follow_oa', 'join_link'], description: 'join_chat only' })
  @IsOptional()
  @IsIn(['follow_oa', 'join_link'])
  lineJoinType?: 'follow_oa' | 'join_link';
  @ApiPropertyOptional({ description: "The merchant's own icon (http(s))" })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  iconUrl?: string;
  @ApiPropertyOptional({
    description:
      "Spending programs: the reward under today's names (pointsCost, rewardValue...; alias of the top-level spec fields); replaces the reward",
  })
  @Optional()
  @IsObject()
  spending?: Record<string, unknown>;

  // Spending programs: the reward under the spec's names (2.9); on an update each changes only itself.
  @ApiPropertyOptional({
    description: 'Points per redemption (fixed) or per step (dynamic); alias spending.pointsCost',
  })
  @Optional()
  @WholeNumber(1, MAX_POINTS)
  spendPoint?: number;
  @ApiPropertyOptional({
    nullable: true,
    description: 'Discount per spendPoint (currency, or percent); alias spending.rewardValue',
  })
  @IsOptional()
  @IsMoney('earnAmount', { min: 0 })
  earnAmount?: number | null;
  @ApiPropertyOptional({ enum: ['fixed', 'dynamic'] }) @Optional() @IsIn(['fixed', 'dynamic']) redeemType?: string;
  @NullableWholeNumber(0, MAX_POINTS, 'Dynamic: least points per redemption; alias minPoints')
  minSpendPoint?: number | null;
  @NullableWholeNumber(0, MAX_POINTS, 'Dynamic: most points per redemption; alias maxPoints')
  maxSpendPoint?: number | null;
  @NullableWholeNumber(1, MAX_DAYS, 'Days a coupon stays valid (null: no expiry); alias expiresInDays')
  expiredTime?: number | null;
  @ApiPropertyOptional({ enum: APPLIED_TO }) @Optional() @IsIn(APPLIED_TO) appliedTo?: string;
  @ApiPropertyOptional({ type: [String], description: 'appliedTo sf_collection: the collections' })
  @IdList('appliedCollectionIds')
  appliedCollectionIds?: string[];
  @ApiPropertyOptional({ enum: ['available_in_online_store'] })
  @Optional()
  @IsString()
  @MaxLength(50)
  redeemIn?: string;
  @ApiPropertyOptional({ enum: ORDER_REQUIREMENTS }) @Optional() @IsIn(ORDER_REQUIREMENTS) orderReq?: string;
  @ApiPropertyOptional({ nullable: true, description: 'Least order subtotal for the coupon, e.g. "50.00"' })
  @IsOptional()
  @Satisfies('isAmount', isAmount, `orderReqAmount must be an amount such as "50.00" (at most ${MAX_MONEY})`)
  orderReqAmount?: string | number | null;
  @ApiPropertyOptional({ enum: ['userRedeemed'] }) @Optional() @IsString() @MaxLength(50) userAvailability?: string;
  @ApiPropertyOptional({ description: "Shown on the storefront's loyalty page (default true)" })
  @Optional()
  @IsBoolean()
  showLoyaltyPage?: boolean;
  @ApiPropertyOptional({
    description: 'redeemWithoutLimit or redeemWithLimit (with limitRedeemPerCustomer); a number is that count',
  })
  @IsOptional()
  @Satisfies(
    'isLimitRedeem',
    isLimitRedeem,
    `limitRedeem must be ${LIMIT_REDEEM_MODES.join(' or ')}, or a count from 1 to ${MAX_COUNT}`,
  )
  limitRedeem?: string | number | null;
  @NullableWholeNumber(1, MAX_COUNT, 'Redemptions per customer (limitRedeem redeemWithLimit)')
  limitRedeemPerCustomer?: number | null;
  @NullableWholeNumber(1, MAX_TOTAL_COUNT, 'Redemptions of the program across the shop')
  totalLimitationRedeem?: number | null;
  @ApiPropertyOptional({ type: [String], enum: COMBINABLE, description: 'Discounts the coupon combines with' })
  @Optional()
  @Satisfies(
    'isCombinedWith',
    isCombinedWith,
    `combinedWith must list some of ${COMBINABLE.join(', ')} (or be an object of those booleans)`,
  )
  combinedWith?: string[] | Record<string, boolean>;
  @ApiPropertyOptional({ description: 'sf_product: the products (free gift: the gifts), spec 2.9 shape' })
  @ObjectList(100, 'products')
  specificProducts?: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ type: [String] }) @IdList('specificProductIds') specificProductIds?: string[];
  @ApiPropertyOptional({ description: 'sf_collection: the collections {id, title}' })
  @ObjectList(1000, 'collections')
  specificCollections?: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ type: [String], description: "Free gift: its gifts' variants (read back as sent)" })
  @IdList('variantIds')
  variantIds?: string[];
  @ApiPropertyOptional({ type: [String], description: "Free gift: its gifts' products (read back as sent)" })
  @IdList('freeProductIds')
  freeProductIds?: string[];
  @ApiPropertyOptional({ description: 'Customer conditions: not supported, [] only' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  conditions?: unknown[];
}

export class UpdateProgramDto extends PartialType(OmitType(CreateProgramDto, ['type', 'event'] as const), {
  skipNullProperties: false,
}) {}

export class CartProductDto {
  @ApiProperty({ example: '632910392' })
  @IsDefined({ message: 'products[].id is required' })
  @ToIdString()
  @Matches(/^[^\s]{1,100}$/, { message: 'products[].id must be a product id' })
  id: string | number;
  @ApiProperty({ example: 2, maximum: MAX_QUANTITY })
  @IsInt({ message: 'products[].quantity must be an integer' })
  @Min(0)
  @Max(MAX_QUANTITY)
  quantity: number;
  @ApiProperty({ example: 19.99, description: 'Unit price in the shop currency', maximum: MAX_MONEY })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'products[].price must be a number' })
  @Min(0)
  @Max(MAX_MONEY)
  price: number;
}

export class CalculatePointsDto {
  @CartProducts(CartProductDto, 'products must be an array')
  products: CartProductDto[];

  @ApiPropertyOptional({ description: 'Platform customer id: the tier rate applies' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  platformCustomerId?: string;
  @ApiPropertyOptional({ enum: ['web', 'pos'] }) @IsOptional() @IsIn(['web', 'pos']) sourceName?: 'web' | 'pos';
}

export class SocialInteractionDto {
  @ApiProperty({ example: '7001234567' })
  @IsString({ message: 'platformCustomerId is required' })
  @Matches(/^[1-9]\d{0,15}$/, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId: string;
  @ApiProperty({ example: 'follow_photo', enum: SOCIAL_EVENTS, description: "The program's social event" })
  @NonEmptyText(50)
  event: string;
  @ApiProperty({ description: 'The earning program id' })
  @RequiredText(100)
  earningId: string;
}
