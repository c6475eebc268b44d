import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IntegerInRange, NestedList, Satisfies } from '../../shared/http/field-rules';
import { MAX_POINTS } from '../../shared/domain/limits';
import type { Settled } from '../../shared/domain/records';
import {
  EARNING_LIMIT_PERIODS,
  EarningLimitPeriod,
  areStorefrontOrigins,
  isPointValue,
  isYearlyDay,
  MAX_ASSESSMENT_MONTHS,
  MAX_EXCLUDED_NAMES,
  MAX_INACTIVITY_DAYS,
  MAX_STOREFRONT_ORIGINS,
  MAX_WINDOW_MONTHS,
  POINTS_EXPIRY_MODES,
  PointsExpiryMode,
} from './shop-settings';

/**
 * The schemas of the shop's settings (PUT /rest_api/v2/settings/...): each class is the source of
 * its policy's type (`Settled<...>`, in shop-events.ts), of the edge validation (each error naming
 * its field) and of the OpenAPI description. A PUT may leave fields out (they keep their stored
 * value); the shop's decider receives the settled policy and checks only relations (what a mode
 * requires, caps naming the shop's own tiers, once each).
 */

/** `mode` for humans: "off, inactivity or fixed_date". */
const orList = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/**
 * When points expire: `inactivity` (all points, after `inactivityDays` without earning or spending)
 * or `fixed_date` (all points, every year on `fixedDate` MM-DD in the shop's time zone).
 */
export class PointsExpirySchema {
  @ApiProperty({ enum: POINTS_EXPIRY_MODES })
  @IsIn(POINTS_EXPIRY_MODES, { message: `mode must be ${orList(POINTS_EXPIRY_MODES)}` })
  mode: PointsExpiryMode;
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_INACTIVITY_DAYS,
    description: 'inactivity (required): days without earning or spending',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_INACTIVITY_DAYS)
  inactivityDays?: number | null;
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: '12-31',
    description: 'fixed_date (required): MM-DD (not 02-29), every year in the shop time zone',
  })
  @IsOptional()
  @Satisfies('isYearlyDay', isYearlyDay, 'fixedDate must be a day as MM-DD (not 02-29)')
  fixedDate?: string | null;
}

export class TierEarningCapSchema {
  @ApiProperty({ description: "One of the shop's tiers" }) @IsString() @IsNotEmpty() tierId: string;
  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: MAX_POINTS, description: 'null: this tier is unlimited' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_POINTS)
  maxPoints?: number | null;
}

export type TierEarningCap = Settled<TierEarningCapSchema>;

/**
 * The shop's global earning limit: every customer of the shop may earn at most `maxPoints` from
 * programs (orders, sign-up, birthday, social) per calendar `period`; a tier may have
 * its own cap, or none (`maxPoints: null` = unlimited). Manual awards by the merchant are not capped.
 */
export class EarningLimitSchema {
  @ApiProperty() @IsBoolean() enabled: boolean;
  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_POINTS,
    description: 'points a customer may earn from programs per period (required to enable the limit)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_POINTS)
  maxPoints?: number;
  @ApiPropertyOptional({ enum: EARNING_LIMIT_PERIODS })
  @IsOptional()
  @IsIn(EARNING_LIMIT_PERIODS, { message: `period must be ${orList(EARNING_LIMIT_PERIODS)}` })
  period?: EarningLimitPeriod;
  @ApiPropertyOptional({ type: [TierEarningCapSchema], description: 'Per-tier caps, each tier once' })
  @IsOptional()
  @IsArray()
  @NestedList(TierEarningCapSchema)
  tiers?: TierEarningCap[];
}

/**
 * Tier retention: with `downgrade` on, a customer's tier is reviewed `assessmentMonths` after they
 * entered it (or last kept it); the points earned in the last `windowMonths` must still reach the
 * tier's target, else they move down to the tier those points reach. Off: tiers are kept for life.
 */
export class TierRetentionSchema {
  @ApiProperty({ description: 'Review tiers and move customers down when their recent points no longer reach it' })
  @IsBoolean()
  downgrade: boolean;
  @ApiPropertyOptional({
    description: 'Months after entering (or keeping) a tier before it is reviewed',
    default: 12,
    minimum: 1,
    maximum: MAX_ASSESSMENT_MONTHS,
  })
  @IsOptional()
  @IntegerInRange(1, MAX_ASSESSMENT_MONTHS)
  assessmentMonths?: number;
  @ApiPropertyOptional({
    description: 'Months of earned points that count at a review',
    default: 12,
    minimum: 1,
    maximum: MAX_WINDOW_MONTHS,
  })
  @IsOptional()
  @IntegerInRange(1, MAX_WINDOW_MONTHS)
  windowMonths?: number;
}

/** Excluded names: at most 100, each 1 to 255 characters, not blank. */
const NAMES_MESSAGE = `$property must be at most ${MAX_EXCLUDED_NAMES} non-empty names`;

/**
 * Who belongs to the loyalty program. `optInEnrollment` (Premium plan or above): new customers are
 * guests who earn nothing until they join. Customers with an excluded tag or segment get no headless
 * token (EXCLUDED); with `excludeB2B`, business accounts neither.
 */
export class MembershipSchema {
  @ApiProperty({ description: 'New customers are guests until they join (Premium plan or above)' })
  @IsBoolean()
  optInEnrollment: boolean;
  @ApiPropertyOptional({ type: [String], description: 'Customers with one of these tags get no headless token' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EXCLUDED_NAMES)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Matches(/\S/, { each: true, message: NAMES_MESSAGE })
  excludedTags?: string[];
  @ApiPropertyOptional({ type: [String], description: 'Customers in one of these segments get no headless token' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EXCLUDED_NAMES)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Matches(/\S/, { each: true, message: NAMES_MESSAGE })
  excludedSegments?: string[];
  @ApiPropertyOptional({ description: 'Business (B2B) accounts are not part of the program' })
  @IsOptional()
  @IsBoolean()
  excludeB2B?: boolean;
}

/** What storefronts show: manual adjustments in the activity list, and whether birthdays ask for a year. */
export class StorefrontSchema {
  @ApiPropertyOptional({ description: 'Leave manual adjustments out of the storefront activity list' })
  @IsOptional()
  @IsBoolean()
  hideAdjustPoint?: boolean;
  @ApiPropertyOptional({ description: 'Birthdays are asked with a year (dateOfBirth YYYY-MM-DD)' })
  @IsOptional()
  @IsBoolean()
  isNewFormatDOB?: boolean;
  @ApiPropertyOptional({
    type: [String],
    example: ['https://www.example-shop.com'],
    description:
      "Origins whose pages may call the headless API from a browser (CORS), besides the shop's own domain: https://host[:port] (http only for localhost), at most 20",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_STOREFRONT_ORIGINS)
  @Satisfies(
    'areStorefrontOrigins',
    areStorefrontOrigins,
    'allowedOrigins must be origins such as https://shop.example.com (https, host and optional port, no path)',
  )
  allowedOrigins?: string[];
}

/**
 * Accounting: the value of one point in the shop's currency, which gives the points liability's
 * figures in money beside the points (null: points only).
 */
export class AccountingSchema {
  @ApiProperty({
    nullable: true,
    type: String,
    example: '0.01',
    description: "A point's value in the shop's currency: a positive decimal (up to 6 decimals), or null for none",
  })
  @Satisfies(
    'isPointValue',
    isPointValue,
    'pointValue must be a positive decimal such as 0.01 (up to 6 decimals) or null',
  )
  pointValue: string | number | null;
}

/** A page id of the messaging network: its digits (or letters, `_`, `-`, `.`), up to 100. */
export const FEED_PAGE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * The messaging ("feed") page the shop has connected: link notifications of that page make
 * `feedConnected` true for the customers they name. `appSecret` is the secret of the shop's app on
 * the messaging network, which signs those notifications (`X-Hub-Signature-256`); it is kept with the
 * shop's credentials, never answered. `pageId: null` disconnects the page (links stay, not connected).
 */
export class FeedConnectionSchema {
  @ApiProperty({ type: String, nullable: true, example: '104729384756', description: 'The connected page; null: none' })
  @Satisfies(
    'isFeedPageId',
    (v: unknown) => v === null || (typeof v === 'string' && FEED_PAGE_ID.test(v)),
    'pageId must be a page id (1 to 100 letters, digits, _ - .) or null',
  )
  pageId: string | null;
  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    maxLength: 200,
    description: "The app secret that signs the page's notifications (absent: unchanged; never answered)",
  })
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{16,200}$/, { message: 'appSecret must be 16 to 200 printable ASCII characters' })
  appSecret?: string;
}

/**
 * The chat network's channel (its login channel, whose official account customers follow): its id
 * is the OAuth `client_id` of the chat login; its secret, the OAuth `client_secret` that also signs
 * the channel's follow notifications (`X-Line-Signature`), is kept with the shop's credentials, never
 * answered. `channelId: null` disconnects the chat network (the login answers CHAT_NOT_CONNECTED).
 */
export class ChatConnectionSchema {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1657000000',
    description: 'The connected channel; null: none',
  })
  @Satisfies(
    'isChatChannelId',
    (v: unknown) => v === null || (typeof v === 'string' && FEED_PAGE_ID.test(v)),
    'channelId must be a channel id (1 to 100 letters, digits, _ - .) or null',
  )
  channelId: string | null;
  @ApiPropertyOptional({
    writeOnly: true,
    minLength: 16,
    maxLength: 200,
    description:
      "The channel secret: the login's client secret, signs the follow notifications (absent: unchanged; never answered)",
  })
  @IsOptional()
  @IsString()
  @Matches(/^[\x21-\x7e]{16,200}$/, { message: 'channelSecret must be 16 to 200 printable ASCII characters' })
  channelSecret?: string;
}

/** The policies as the shop holds them: every field settled (a PUT's absent fields keep their stored value). */
export type PointsExpiryPolicy = Settled<PointsExpirySchema>;
export type EarningLimitPolicy = Settled<EarningLimitSchema>;
export type TierRetentionPolicy = Settled<TierRetentionSchema>;
export type MembershipPolicy = Settled<MembershipSchema>;
export type StorefrontPolicy = Settled<StorefrontSchema>;
/** The connected page (the app secret is a credential, not a policy). */
export interface FeedConnectionPolicy {
  pageId: string | null;
}
/** The connected chat channel (its secret is a credential, not a policy). */
export interface ChatConnectionPolicy {
  channelId: string | null;
}
/** Stored as written text (`writtenPointValue`). */
export interface AccountingPolicy {
  pointValue: string | null;
}
