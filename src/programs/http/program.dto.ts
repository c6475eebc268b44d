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
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class TierRateDto {
  @ApiProperty() @IsString() tierId: string;
  @ApiProperty() @IsInt() @Min(0) earnPoint: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() rateMoney?: number | null;
}

export class CreateProgramDto {
  @ApiProperty({ enum: ['earning', 'spending'] })
  @IsIn(['earning', 'spending'], { message: 'type must be earning or spending' })
  type: 'earning' | 'spending';
  @ApiProperty({ example: 'place_order' }) @IsString({ message: 'event is required' }) event: string;
  @ApiProperty({ example: 'Points for every order' })
  @IsString({ message: 'title is required' })
  @MaxLength(200)
  title: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() status?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() isDraft?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() expired?: boolean;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() priority?: number;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() startDate?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() endDate?: string;
  @ApiPropertyOptional({ description: 'Points per rateMoney (earnBy price) or per event' })
  @IsOptional()
  @IsInt({ message: 'earnPoint must be an integer' })
  earnPoint?: number;
  @ApiPropertyOptional({ enum: ['price', 'flat'] }) @IsOptional() @IsIn(['price', 'flat']) earnBy?: 'price' | 'flat';
  @ApiPropertyOptional({ description: 'Currency amount that earns earnPoint (earnBy price)' })
  @IsOptional()
  @IsNumber()
  rateMoney?: number;
  @ApiPropertyOptional({ enum: ['round', 'floor', 'ceil'] })
  @IsOptional()
  @IsIn(['round', 'floor', 'ceil'])
  roundingMethod?: 'round' | 'floor' | 'ceil';
  @ApiPropertyOptional({ type: [String], example: ['web', 'pos'] })
  @IsOptional()
  @IsArray()
  @IsIn(['web', 'pos'], { each: true })
  appliedSource?: Array<'web' | 'pos'>;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() skipEarnPointGuest?: boolean;
  @ApiPropertyOptional({ description: 'Take the points back when the order is cancelled or refunded' })
  @IsOptional()
  @IsBoolean()
  autoRemovePoints?: boolean;
  @ApiPropertyOptional({ type: [TierRateDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TierRateDto)
  earnPointsTiers?: TierRateDto[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: only these product ids count' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  includeProducts?: string[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: these product ids never count' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  excludeProducts?: string[];
  @ApiPropertyOptional({ type: [String], description: 'place_order by price: products of these collections count' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  includeCollections?: string[];
  @ApiPropertyOptional({
    type: [String],
    description: 'place_order by price: products of these collections never count',
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  excludeCollections?: string[];
  @ApiPropertyOptional({ description: 'place_order: days the points are held before they can be spent (0-365)' })
  @IsOptional()
  @IsInt({ message: 'pendingDays must be an integer' })
  pendingDays?: number;
  @ApiPropertyOptional({ description: 'Limit payments per customer (with limitUnit, limitInterval)' })
  @IsOptional()
  @IsBoolean()
  hasLimit?: boolean;
  @ApiPropertyOptional({ enum: ['day', 'week', 'month', 'year', 'lifetime'] })
  @IsOptional()
  @IsIn(['day', 'week', 'month', 'year', 'lifetime'])
  limitUnit?: 'day' | 'week' | 'month' | 'year' | 'lifetime';
  @ApiPropertyOptional({ description: 'Payments allowed per limitUnit' })
  @IsOptional()
  @IsInt()
  @Min(1)
  limitInterval?: number;
  @ApiPropertyOptional() @IsOptional() @IsObject() translateTitle?: Record<string, string>;
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
  @IsOptional()
  @IsObject()
  spending?: Record<string, unknown>;
}

export class UpdateProgramDto extends PartialType(OmitType(CreateProgramDto, ['type', 'event'] as const)) {}

export class CartProductDto {
  @ApiProperty({ example: '632910392' }) @IsDefined({ message: 'products[].id is required' }) id: string | number;
  @ApiProperty({ example: 2 }) @IsInt({ message: 'products[].quantity must be an integer' }) @Min(0) quantity: number;
  @ApiProperty({ example: 19.99, description: 'Unit price in the shop currency' })
  @IsNumber({}, { message: 'products[].price must be a number' })
  @Min(0)
  price: number;
}

export class CalculatePointsDto {
  @ApiProperty({ type: [CartProductDto] })
  @IsArray({ message: 'products must be an array' })
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => CartProductDto)
  products: CartProductDto[];

  @ApiPropertyOptional({ description: 'Platform customer id: the tier rate applies' })
  @IsOptional()
  @IsString()
  platformCustomerId?: string;
  @ApiPropertyOptional({ enum: ['web', 'pos'] }) @IsOptional() @IsIn(['web', 'pos']) sourceName?: 'web' | 'pos';
}

export class SocialInteractionDto {
  @ApiProperty({ example: '7001234567' })
  @IsString({ message: 'platformCustomerId is required' })
  @Matches(/^[1-9]\d{0,15}$/, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId: string;
  @ApiProperty({ example: 'follow_photo' }) @IsString({ message: 'event is required' }) event: string;
  @ApiProperty({ description: 'The earning program id' })
  @IsString({ message: 'earningId is required' })
  earningId: string;
}
