import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const COLOR = /^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/;
const colorMessage = (field: string) => ({ message: `${field} must be a hex colour such as #1F2937` });

export class CreateTierDto {
  @ApiProperty({ example: 'Gold' })
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(100)
  name: string;
  @ApiProperty({ example: 1500, description: 'Tier point at which customers enter this tier' })
  @IsInt({ message: 'targetPoint must be an integer' })
  @Min(0)
  @Max(1_000_000_000)
  targetPoint: number;
  @ApiPropertyOptional() @IsOptional() @IsString() icon?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() iconCustom?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() isExclusiveTier?: boolean;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('textColor')) textColor?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('boxBgColor')) boxBgColor?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('boxTextColor')) boxTextColor?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('progressBarColor')) progressBarColor?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('bgCardColor')) bgCardColor?: string;
  @ApiPropertyOptional() @IsOptional() @Matches(COLOR, colorMessage('iconColor')) iconColor?: string;
  @ApiPropertyOptional({ example: 'color' }) @IsOptional() @IsString() bgType?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() bgImage?: string;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) @IsOptional() @IsNumber() @Min(0) @Max(100) cardOpacity?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() imageBlock?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() placedOrderReward?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsNumber() @Min(0) rateMoney?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) earnPoint?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() hideDefaultTier?: boolean;
  @ApiPropertyOptional({ description: 'An inactive tier is shown but never entered automatically' })
  @IsOptional()
  @IsBoolean()
  inactive?: boolean;
  @ApiPropertyOptional({ type: [Object], description: 'Tier rewards (paid out by the programs engine)' })
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  tierRewards?: Array<Record<string, unknown>>;
}

export class UpdateTierDto extends PartialType(CreateTierDto) {}
