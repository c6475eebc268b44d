import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type as DtoClass } from '@nestjs/common';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsMoney, Optional } from '../../shared/http/validation';
import { ToIdString } from '../../shared/http/query-transforms';
import { MAX_COUNT, MAX_DAYS, MAX_MONEY, MAX_POINTS, MAX_QUANTITY, MAX_TOTAL_COUNT } from '../../shared/domain/limits';
import { SOCIAL_EVENTS } from '../../programs/kinds/kinds';
import { APPLIED_TO } from '../../programs/kinds/spending-rule';
import { COMBINABLE, LIMIT_REDEEM_MODES, ORDER_REQUIREMENTS } from '../../programs/kinds/spending-wire';
import {
  FieldRules,
  IdList,
  NestedList,
  NonEmptyText,
  RequiredText,
  Satisfies,
  WholeNumber,
} from '../../shared/http/field-rules';
import { EarningRuleSchema } from '../../programs/kinds/earning-rule.schema';
import { APPLIED_SOURCES, AppliedSource } from '../../programs/kinds/earning-rule';

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

/**
 * A program as written: its kind and event, the earning rule (`EarningRuleSchema`, the settings'
 * one schema) and, for a spending program, its reward (the `spending` object, or the spec's names at
 * the top level; decided by the spending rule's write edge, `decideSpending`).
 */
export class CreateProgramDto extends EarningRuleSchema {
  @ApiProperty({ enum: ['earning', 'spending'] })
  @IsIn(['earning', 'spending'], { message: 'type must be earning or spending' })
  type: 'earning' | 'spending';
  @ApiProperty({ example: 'place_order' }) @RequiredText(50) event: string;
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
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '632910392' })
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
  @ApiPropertyOptional({ enum: APPLIED_SOURCES })
  @IsOptional()
  @IsIn(APPLIED_SOURCES)
  sourceName?: AppliedSource;
}

export class SocialInteractionDto {
  @ApiProperty({ example: '7001234567' })
  @IsString({ message: 'platformCustomerId is required' })
  @Matches(/^[1-9]\d{0,19}$/, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId: string;
  @ApiProperty({ example: 'follow_photo', enum: SOCIAL_EVENTS, description: "The program's social event" })
  @NonEmptyText(50)
  event: string;
  @ApiProperty({ description: 'The earning program id' })
  @RequiredText(100)
  earningId: string;
}
