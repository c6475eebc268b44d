import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsMoney, Optional } from '../../shared/http/validation';
import { MAX_EARN_POINT } from '../../shared/domain/limits';
import { NonEmptyText } from '../../shared/http/field-rules';
import { MAX_TIER_REWARDS, TierRewardSchema } from '../tier-reward.schema';

const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
const colorMessage = (field: string) => ({ message: `${field} must be a hex colour such as #1F2937` });

export class CreateTierDto {
  @ApiProperty({ example: 'Gold' })
  @NonEmptyText(100, '$property must be a string')
  name: string;
  @ApiProperty({ example: 1500, description: 'Tier point at which customers enter this tier' })
  @IsInt({ message: 'targetPoint must be an integer' })
  @Min(0)
  @Max(1_000_000_000)
  targetPoint: number;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) icon?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) iconCustom?: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() isExclusiveTier?: boolean;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('textColor')) textColor?: string;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('boxBgColor')) boxBgColor?: string;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('boxTextColor')) boxTextColor?: string;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('progressBarColor')) progressBarColor?: string;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('bgCardColor')) bgCardColor?: string;
  @ApiPropertyOptional() @Optional() @Matches(COLOR, colorMessage('iconColor')) iconColor?: string;
  @ApiPropertyOptional({ example: 'color' }) @Optional() @IsString() @MaxLength(2000) bgType?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) bgImage?: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) @Optional() @IsNumber() @Min(0) @Max(100) cardOpacity?: number;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(2000) imageBlock?: string;
  @ApiPropertyOptional() @Optional() @IsBoolean() placedOrderReward?: boolean;
  @ApiPropertyOptional() @Optional() @IsMoney('rateMoney') rateMoney?: number;
  @ApiPropertyOptional() @Optional() @IsInt() @Min(0) @Max(MAX_EARN_POINT) earnPoint?: number;
  @ApiPropertyOptional() @Optional() @IsBoolean() hideDefaultTier?: boolean;
  @ApiPropertyOptional({ description: 'An inactive tier is shown but never entered automatically' })
  @Optional()
  @IsBoolean()
  inactive?: boolean;
  @ApiPropertyOptional({
    type: [TierRewardSchema],
    maxItems: MAX_TIER_REWARDS,
    description:
      'Tier rewards (spec 2.9 Tier shape; docs/management-api.md, "Tiers: rewards and retention"): event bonus_point (bonusPoints), ' +
      'amount_discount / percentage_discount (earnAmount), free_shipping, or custom (shown, never paid); paid once ' +
      'per customer on the first rewarded entry. Alias: {type: points, points} and {type: coupon, rewardType, ' +
      'rewardValue, expiresInDays?, title?}. Each parsed by its schema (400 naming the field, tierRewards[1].earnAmount).',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(MAX_TIER_REWARDS)
  @IsObject({ each: true })
  tierRewards?: Array<Record<string, unknown>>;
}

export class UpdateTierDto extends PartialType(CreateTierDto, { skipNullProperties: false }) {}
