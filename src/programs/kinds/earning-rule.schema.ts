import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { IsMoney, Optional } from '../../shared/http/validation';
import { FieldRules, IdList, NestedList, RequiredText, Satisfies, WholeNumber } from '../../shared/http/field-rules';
import { MAX_COUNT, MAX_EARN_POINT, MAX_MONEY, MAX_PRIORITY, MIN_MONEY } from '../../shared/domain/limits';
import { isRecord } from '../../shared/domain/guards';
import type { Settled } from '../../shared/domain/records';
import {
  APPLIED_SOURCES,
  AppliedSource,
  EARN_BY,
  EarnBy,
  LIMIT_UNITS,
  LimitUnit,
  LINE_JOIN_TYPES,
  LineJoinType,
  ROUNDING_METHODS,
  RoundingMethod,
} from './earning-rule';
import { TYPE_MILESTONES, TypeMilestone } from './milestone-rule';
import { MilestoneStepSchema } from './milestone.schema';
import {
  AFTER_REWARD_REFUNDS,
  AfterRewardRefund,
  REFERRAL_COUPON_TYPES,
  ReferralCouponType,
  REFERRER_REWARDS,
  ReferrerRewardKind,
} from './referral-rule';
import { IMPACT_UNITS, ImpactUnit } from './impact-rule';

/**
 * The earning rule's schema: a program's settings (spec 2.9 Program) as one class that is the source
 * of their TypeScript type (`EarningRule`, derived below), of their validation at the write edge
 * (class-validator, each error naming its field) and of their OpenAPI description (a component of
 * /docs/json). Its value lists are written once, in `earning-rule.ts`. The decider receives the settled rule and
 * checks only relations (dates in order, tiers of the shop, what a kind requires).
 */

const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
const isTitleMap = (value: unknown): boolean =>
  isRecord(value) &&
  Object.keys(value).length <= 100 &&
  Object.values(value).every((t) => typeof t === 'string' && t.length <= 200);

/** A link of the merchant's (http(s)); null clears it. */
const HttpUrl = (description: string) =>
  FieldRules(
    ApiPropertyOptional({ nullable: true, description, format: 'uri' }),
    IsOptional(),
    Satisfies('isHttpUrl', isHttpUrl, '$property must be an http(s) URL'),
  );

/** A per-tier override of the earning rate. */
export class TierRateSchema {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) tierId: string;
  @ApiProperty({ maximum: MAX_EARN_POINT }) @IsInt() @Min(0) @Max(MAX_EARN_POINT) earnPoint: number;
  @ApiPropertyOptional({ nullable: true, minimum: MIN_MONEY, maximum: MAX_MONEY })
  @IsOptional()
  @IsMoney('earnPointsTiers[].rateMoney')
  rateMoney?: number | null;
}

/** A per-tier rate as the rule holds it (no rate: null). */
export type TierRate = Settled<TierRateSchema>;

/**
 * A form or survey program's settings (submit_form, fill_survey): what the storefront shows, whether
 * a photo is required, whether a submission pays at once (`autoApprove`) or waits for the merchant,
 * and an instant reward paid on submission either way.
 */
export class FormSettingsSchema {
  @ApiPropertyOptional({ description: 'Image shown above the form (http(s); empty: none)', default: '' })
  @Optional()
  @Satisfies('isHttpUrlOrEmpty', (v) => v === '' || isHttpUrl(v), '$property must be an http(s) URL')
  headerImage?: string;
  @ApiPropertyOptional({ description: 'Icon shown after a submission (http(s); empty: none)', default: '' })
  @Optional()
  @Satisfies('isHttpUrlOrEmpty', (v) => v === '' || isHttpUrl(v), '$property must be an http(s) URL')
  successIconUrl?: string;
  @ApiPropertyOptional({ description: 'A submission must attach 1 to 5 images (context.imageUrls)', default: false })
  @Optional()
  @IsBoolean()
  requireImage?: boolean;
  @ApiPropertyOptional({
    description: 'Pay earnPoint at once (status earned); else the submission waits for the merchant (pending)',
    default: false,
  })
  @Optional()
  @IsBoolean()
  autoApprove?: boolean;
  @ApiPropertyOptional({ description: 'Pay instantRewardPoints on submission, approved or not', default: false })
  @Optional()
  @IsBoolean()
  instantRewardEnabled?: boolean;
  @ApiPropertyOptional({ description: 'Points paid on submission when instantRewardEnabled', minimum: 0, default: 0 })
  @Optional()
  @WholeNumber(0, MAX_EARN_POINT)
  instantRewardPoints?: number;
}

/** A form program's settings as the rule holds them (every one settled). */
export type FormSettings = Settled<FormSettingsSchema>;

export const DEFAULT_FORM: FormSettings = {
  headerImage: '',
  successIconUrl: '',
  requireImage: false,
  autoApprove: false,
  instantRewardEnabled: false,
  instantRewardPoints: 0,
};

/** A program's form settings with the defaults filled in (none set: the defaults). */
export const formOf = (form: Partial<FormSettings> | null | undefined): FormSettings => ({ ...DEFAULT_FORM, ...form });

/**
 * A product review program's settings (write_review): where the storefront sends the shopper after
 * the review, its header image, and the extra points a photo earns.
 */
export class ReviewSettingsSchema {
  @ApiPropertyOptional({
    nullable: true,
    description: 'Where to go after the review: an absolute http(s) URL or a root-relative path (others read as null)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  redirectUrl?: string | null;
  @ApiPropertyOptional({ description: 'Image shown above the review form (http(s); empty: none)', default: '' })
  @Optional()
  @Satisfies('isHttpUrlOrEmpty', (v) => v === '' || isHttpUrl(v), '$property must be an http(s) URL')
  headerImage?: string;
  @ApiPropertyOptional({ description: 'Points added when the review has a photo (context.imageUrls)', default: 0 })
  @Optional()
  @WholeNumber(0, MAX_EARN_POINT)
  extraPoints?: number;
}

/**
 * A review's redirect as the storefront may follow it: an absolute http(s) URL or a root-relative
 * path; anything else (another scheme, a protocol-relative `//host`) reads as null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/')) return value.startsWith('//') || value.startsWith('/\\') ? null : value;
  return isHttpUrl(value) ? value : null;
}

/** A milestone day of a streak program: reaching `day` consecutive check-ins pays `points`. */
export class StreakMilestoneSchema {
  @ApiProperty({ minimum: 1, maximum: 365 }) @WholeNumber(1, 365) day: number;
  @ApiProperty({ minimum: 1, maximum: MAX_EARN_POINT }) @WholeNumber(1, MAX_EARN_POINT) points: number;
}

export type StreakMilestone = Settled<StreakMilestoneSchema>;

/** One reward a customer may pick for their birthday: points, shown with a label (and an image). */
export class BirthdayRewardOptionSchema {
  @ApiProperty({ description: 'Stable id the storefront sends back (context.birthdayRewards)', maxLength: 50 })
  @RequiredText(50)
  @Matches(/\S/, { message: 'id must not be blank' })
  id: string;
  @ApiProperty({ maxLength: 200 }) @RequiredText(200) label: string;
  @HttpUrl('Image shown with the option (http(s)); null: none')
  imageUrl?: string | null;
  @ApiProperty({ minimum: 1, maximum: MAX_EARN_POINT }) @WholeNumber(1, MAX_EARN_POINT) points: number;
  @ApiPropertyOptional({ type: [String], description: 'Tiers offered this option (empty or absent: every tier)' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  tierIds?: string[];
}

export const REWARD_SELECTIONS = ['single', 'multiple'] as const;

/** The birthday picker: the options by tier and whether one (`single`) or several may be chosen. */
export class BirthdayRewardsSchema {
  @ApiPropertyOptional({ enum: REWARD_SELECTIONS, default: 'single' })
  @Optional()
  @IsIn(REWARD_SELECTIONS)
  rewardSelection?: (typeof REWARD_SELECTIONS)[number];
  @ApiProperty({ type: [BirthdayRewardOptionSchema] })
  @IsArray()
  @ArrayMaxSize(50)
  @NestedList(BirthdayRewardOptionSchema)
  options: BirthdayRewardOptionSchema[];
}

export type BirthdayRewards = BirthdayRewardsSchema;

/** A coupon a referral gives (the friend's welcome coupon, or the referrer's reward). */
export class ReferralCouponSchema {
  @ApiProperty({ enum: REFERRAL_COUPON_TYPES, description: 'Money off, a percent off, or free shipping' })
  @IsIn(REFERRAL_COUPON_TYPES)
  type: ReferralCouponType;
  @ApiPropertyOptional({
    nullable: true,
    description: 'Money off (amount_discount) or a percent 1-100 (percentage_discount); none for free_shipping',
  })
  @IsOptional()
  @IsMoney('value')
  value?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'Least order subtotal for the code to apply (null: none)' })
  @IsOptional()
  @IsMoney('orderReqAmount')
  orderReqAmount?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'Days the code stays valid once issued (null: no expiry)' })
  @IsOptional()
  @WholeNumber(1, 3650)
  expiresInDays?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'Prefix of the code (default REF)' })
  @IsOptional()
  @Matches(/^[A-Z0-9]{1,12}$/, { message: 'codePrefix must be 1 to 12 capital letters or digits' })
  codePrefix?: string | null;
}

/**
 * A referral program's settings: what the referrer earns (the program's earnPoint, or a coupon), the
 * friend's welcome coupon, the friend's qualifying first order (least subtotal, then waiting days)
 * and what a refund of that order does once the referrer was paid. Rewards per referrer per period
 * are the program's limit (hasLimit, limitUnit, limitInterval).
 */
export class ReferralSettingsSchema {
  @ApiPropertyOptional({ enum: REFERRER_REWARDS, default: 'points', description: "points: the program's earnPoint" })
  @Optional()
  @IsIn(REFERRER_REWARDS)
  referrerReward?: ReferrerRewardKind;
  @ApiPropertyOptional({ type: ReferralCouponSchema, nullable: true, description: 'referrerReward coupon: the coupon' })
  @IsOptional()
  @IsObject({ message: 'referrerCoupon must be an object' })
  @ValidateNested()
  @Type(() => ReferralCouponSchema)
  referrerCoupon?: ReferralCouponSchema | null;
  @ApiPropertyOptional({
    type: ReferralCouponSchema,
    description: "The friend's welcome coupon, given when the friend is attributed (default: 10 off)",
  })
  @Optional()
  @IsObject({ message: 'friendCoupon must be an object' })
  @ValidateNested()
  @Type(() => ReferralCouponSchema)
  friendCoupon?: ReferralCouponSchema;
  @ApiPropertyOptional({ description: "Least subtotal of the friend's order for it to qualify", default: 0 })
  @Optional()
  @IsMoney('minimumSubtotal', { min: 0 })
  minimumSubtotal?: number;
  @ApiPropertyOptional({ description: 'Days after the qualifying order before the referrer is paid', default: 0 })
  @Optional()
  @WholeNumber(0, 365)
  waitingDays?: number;
  @ApiPropertyOptional({
    enum: AFTER_REWARD_REFUNDS,
    default: 'reverse',
    description:
      'A refund or cancellation of the qualifying order once the referrer was paid: reverse the reward, or keep it',
  })
  @Optional()
  @IsIn(AFTER_REWARD_REFUNDS)
  refundAfterReward?: AfterRewardRefund;
}

/** An environmental-impact reward's settings: the provider, the unit, the units per redemption (its price is pointsCost). */
export class ImpactSettingsSchema {
  @ApiProperty({ description: 'The impact provider, as the storefront shows it', example: 'Evergreen', maxLength: 100 })
  @Matches(/\S/, { message: 'provider must be a text of 1 to 100 characters' })
  @RequiredText(100)
  provider: string;
  @ApiProperty({ enum: IMPACT_UNITS, description: 'What a redemption contributes: trees planted or plastic bottles' })
  @IsIn(IMPACT_UNITS, { message: `unit must be one of ${IMPACT_UNITS.join(', ')}` })
  unit: ImpactUnit;
  @ApiProperty({ description: 'Units contributed per redemption', minimum: 1, maximum: 10_000 })
  @WholeNumber(1, 10_000)
  quantity: number;
}

export class EarningRuleSchema {
  @ApiProperty({ example: 'Points for every order', maxLength: 200 })
  @Matches(/\S/, { message: 'title must be a text of 1 to 200 characters' })
  @RequiredText(200)
  title: string;
  @ApiPropertyOptional({ maxLength: 2000 }) @Optional() @IsString() @MaxLength(2000) description?: string;
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
  @ApiPropertyOptional({ format: 'date-time', nullable: true, description: 'null: no end date (not before startDate)' })
  @IsOptional()
  @IsISO8601()
  endDate?: string | null;
  @ApiPropertyOptional({
    description: 'Points per rateMoney (earnBy price) or per event; at least 1 for an earning program',
    minimum: 0,
    maximum: MAX_EARN_POINT,
  })
  @Optional()
  @WholeNumber(0, MAX_EARN_POINT)
  earnPoint?: number;
  @ApiPropertyOptional({ enum: EARN_BY }) @Optional() @IsIn(EARN_BY) earnBy?: EarnBy;
  /** null: no rate (a kind not paid by order, or earning `flat`). */
  @ApiPropertyOptional({
    description: 'Currency amount that earns earnPoint (earnBy price; required for an order program by price)',
    minimum: MIN_MONEY,
    maximum: MAX_MONEY,
  })
  @Optional()
  @IsMoney('rateMoney')
  rateMoney?: number | null;
  @ApiPropertyOptional({ enum: ROUNDING_METHODS })
  @Optional()
  @IsIn(ROUNDING_METHODS)
  roundingMethod?: RoundingMethod;
  @ApiPropertyOptional({ type: [String], enum: APPLIED_SOURCES, example: ['web', 'pos'] })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'appliedSource must list web and/or pos' })
  @IsIn(APPLIED_SOURCES, { each: true })
  appliedSource?: AppliedSource[];
  @ApiPropertyOptional() @Optional() @IsBoolean() skipEarnPointGuest?: boolean;
  @ApiPropertyOptional({ description: 'Take the points back when the order is cancelled or refunded' })
  @Optional()
  @IsBoolean()
  autoRemovePoints?: boolean;
  @ApiPropertyOptional({ type: [TierRateSchema], description: "Per-tier rates; each names one of the shop's tiers" })
  @Optional()
  @IsArray()
  @ArrayMaxSize(100)
  @NestedList(TierRateSchema)
  earnPointsTiers?: TierRate[];
  /** place_order by price: only these products count (empty: all). */
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
  /** place_order by price: products of these collections count too (empty with no products listed: all). */
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
  /** place_order: days the points are held (not spendable) before release; a refund inside the delay cancels them. */
  @ApiPropertyOptional({ description: 'place_order: days the points are held before they can be spent (0-365)' })
  @Optional()
  @WholeNumber(0, 365)
  pendingDays?: number;
  /** Per-program limit: at most limitInterval payments per limitUnit (social and other event programs). */
  @ApiPropertyOptional({ description: 'Limit payments per customer (with limitUnit, limitInterval)' })
  @Optional()
  @IsBoolean()
  hasLimit?: boolean;
  @ApiPropertyOptional({ enum: LIMIT_UNITS }) @Optional() @IsIn(LIMIT_UNITS) limitUnit?: LimitUnit;
  @ApiPropertyOptional({ description: 'Payments allowed per limitUnit', minimum: 1, maximum: MAX_COUNT })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_COUNT)
  limitInterval?: number;
  @ApiPropertyOptional({ description: 'Titles by language code (at most 100, each up to 200 characters)' })
  @Optional()
  @IsObject()
  @Satisfies('isTitleMap', isTitleMap, 'translateTitle must map language codes to titles of at most 200 characters')
  translateTitle?: Record<string, string>;
  /** Storefront link of an earning program: the page to follow, review or visit, or what a share shares. */
  @HttpUrl('Earning: the page to follow, review or visit, or what a share shares (http(s))')
  urlLocation?: string | null;
  /** The shop's handle on the network, for follow intents (follow_micro). */
  @ApiPropertyOptional({ nullable: true, description: "Earning: the shop's handle for follow intents (follow_micro)" })
  @IsOptional()
  @IsString()
  @Matches(/^@?[A-Za-z0-9_.]{1,50}$/, { message: 'urlAccount must be a handle (letters, digits, _ and .)' })
  urlAccount?: string | null;
  @ApiPropertyOptional({ enum: LINE_JOIN_TYPES, nullable: true, description: 'join_chat only' })
  @IsOptional()
  @IsIn(LINE_JOIN_TYPES)
  lineJoinType?: LineJoinType | null;
  @HttpUrl("The merchant's own icon (http(s))")
  iconUrl?: string | null;
  /** submit_form and fill_survey: the form's settings; written whole (unset fields take their defaults). */
  @ApiPropertyOptional({
    type: FormSettingsSchema,
    nullable: true,
    description: 'submit_form and fill_survey only: the form settings (unset fields take their defaults)',
  })
  @IsOptional()
  @IsObject({ message: 'form must be an object' })
  @ValidateNested()
  @Type(() => FormSettingsSchema)
  form?: FormSettingsSchema | null;
  /** write_review: the review's settings. */
  @ApiPropertyOptional({ type: ReviewSettingsSchema, nullable: true, description: 'write_review only' })
  @IsOptional()
  @IsObject({ message: 'review must be an object' })
  @ValidateNested()
  @Type(() => ReviewSettingsSchema)
  review?: ReviewSettingsSchema | null;
  /** streak_interact_website: the milestone days and what each pays (other days pay nothing). */
  @ApiPropertyOptional({
    type: [StreakMilestoneSchema],
    description: 'streak_interact_website only (required there): milestone days (distinct, 1-365) and their points',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(60)
  @NestedList(StreakMilestoneSchema)
  streakMilestones?: StreakMilestone[];
  /** birthday: the rewards the customer picks from (with options, the birthday run leaves the program to the picker). */
  @ApiPropertyOptional({
    type: BirthdayRewardsSchema,
    nullable: true,
    description:
      'birthday only: a picker of rewards by tier; with options the customer claims them (POST /customer/earn)',
  })
  @IsOptional()
  @IsObject({ message: 'birthdayRewards must be an object' })
  @ValidateNested()
  @Type(() => BirthdayRewardsSchema)
  birthdayRewards?: BirthdayRewardsSchema | null;

  /** milestone, milestone_inactivity, milestone_mixed: what the ladder counts. */
  @ApiPropertyOptional({
    enum: TYPE_MILESTONES,
    description: 'Milestone programs only (required there): inactivity and mixed for their own kinds',
  })
  @Optional()
  @IsIn(TYPE_MILESTONES)
  typeMilestone?: TypeMilestone;

  /** The ladder's steps, in order (values increasing; on mixed programs per step type). */
  @ApiPropertyOptional({
    type: [MilestoneStepSchema],
    description: 'Milestone programs only (required there): the steps, values increasing',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(30)
  @NestedList(MilestoneStepSchema)
  milestones?: MilestoneStepSchema[];
  /** referral: the rewards, the qualifying order and the refund policy (unset fields take their defaults). */
  @ApiPropertyOptional({
    type: ReferralSettingsSchema,
    nullable: true,
    description: 'referral only: both rewards, the qualifying first order and the refund policy',
  })
  @IsOptional()
  @IsObject({ message: 'referral must be an object' })
  @ValidateNested()
  @Type(() => ReferralSettingsSchema)
  referral?: ReferralSettingsSchema | null;
  /** environmental_impact: the provider, the unit and the units per redemption. */
  @ApiPropertyOptional({
    type: ImpactSettingsSchema,
    nullable: true,
    description: 'environmental_impact only (required there): the provider, the unit and the units per redemption',
  })
  @IsOptional()
  @IsObject({ message: 'impact must be an object' })
  @ValidateNested()
  @Type(() => ImpactSettingsSchema)
  impact?: ImpactSettingsSchema | null;
}

/** The settings a program may leave unset (stored as absent): its links. */
type Links =
  | 'urlLocation'
  | 'urlAccount'
  | 'lineJoinType'
  | 'iconUrl'
  | 'form'
  | 'streakMilestones'
  | 'birthdayRewards'
  | 'review'
  | 'typeMilestone'
  | 'milestones'
  | 'referral'
  | 'impact';

/** The earning rule as the domain holds it: every setting settled (defaults filled in), links optional. */
export type EarningRule = Settled<Omit<EarningRuleSchema, Links>> & Pick<EarningRuleSchema, Links>;
