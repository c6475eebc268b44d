import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import { IsMoney, Optional } from '../../shared/http/validation';
import { ToIdString } from '../../shared/http/query-transforms';
import {
  MAX_COUNT,
  MAX_EARN_POINT,
  MAX_MONEY,
  MAX_PRIORITY,
  MAX_QUANTITY,
  MIN_MONEY,
} from '../../shared/domain/limits';
import { SOCIAL_EVENTS } from '../domain/program-events';

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
  @ApiProperty({ example: 'place_order' }) @IsString({ message: 'event is required' }) @MaxLength(50) event: string;
  @ApiProperty({ example: 'Points for every order' })
  @IsString({ message: 'title is required' })
  @MaxLength(200)
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
  @IsInt({ message: 'earnPoint must be an integer' })
  @Min(0)
  @Max(MAX_EARN_POINT)
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
  @IsObject({ each: true, message: '$property must be a list of objects' })
  @ValidateNested({ each: true })
  @Type(() => TierRateDto)
  earnPointsTiers?: TierRateDto[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: only these product ids count' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  includeProducts?: string[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: these product ids never count' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  excludeProducts?: string[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: products of these collections count' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  includeCollections?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: products of these collections never count',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  excludeCollections?: string[];
  @ApiPropertyOptional({ description: 'place_order: days the points are held before they can be spent (0-365)' })
  @Optional()
  @IsInt({ message: 'pendingDays must be an integer' })
  @Min(0)
  @Max(365)
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
  @ApiPropertyOptional({ description: 'Spending programs: reward fields, stored as given' })
  @Optional()
  @IsObject()
  spending?: Record<string, unknown>;
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
  @ApiProperty({ type: [CartProductDto] })
  @IsArray({ message: 'products must be an array' })
  @ArrayMaxSize(500)
  @IsObject({ each: true, message: '$property must be a list of objects' })
  @ValidateNested({ each: true })
  @Type(() => CartProductDto)
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
  @IsString({ message: 'event is required' })
  @IsNotEmpty({ message: 'event is required' })
  @MaxLength(50)
  event: string;
  @ApiProperty({ description: 'The earning program id' })
  @IsString({ message: 'earningId is required' })
  @MaxLength(100)
  earningId: string;
}
