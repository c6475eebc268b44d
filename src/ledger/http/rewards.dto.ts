import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ToIdString } from '../../shared/http/query-transforms';
import { CursorParam, HasCountParam, LimitParam } from '../../shared/http/page-query';

const PLATFORM_ID = /^[1-9]\d{0,15}$/;

export class RedeemDto {
  @ApiProperty() @IsString({ message: 'programId is required' }) programId: string;
  @ApiProperty()
  @ToIdString()
  @IsString({ message: 'platformCustomerId is required' })
  @Matches(PLATFORM_ID, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId: string;
  @ApiProperty({ minimum: 1, default: 1 })
  @IsInt({ message: 'quantity must be an integer' })
  @Min(1)
  @Max(1000)
  quantity: number;
  @ApiPropertyOptional({ description: 'free_product rewards (giftSelectionMode one): the chosen gift variant id' })
  @IsOptional()
  @ToIdString()
  @IsString()
  variantId?: string;
}

export class RefundCouponDto {
  @ApiProperty() @IsString({ message: 'discountCode is required' }) discountCode: string;
  @ApiProperty()
  @ToIdString()
  @IsString({ message: 'platformCustomerId is required' })
  @Matches(PLATFORM_ID, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

export class ListRewardsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customerId?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @ToIdString()
  @Matches(PLATFORM_ID, { message: 'platformCustomerId must be a numeric platform customer id' })
  platformCustomerId?: string;
  @ApiPropertyOptional({ enum: ['active', 'refunded', 'used', 'expired'] })
  @IsOptional()
  @IsIn(['active', 'refunded', 'used', 'expired'])
  status?: string;
  @ApiPropertyOptional({ example: 'fixed_amount' }) @IsOptional() @IsString() type?: string;
  @CursorParam() after?: string;
  @CursorParam() before?: string;
  @LimitParam(10) limit: number = 10;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() created_at_min?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() created_at_max?: string;
  @ApiPropertyOptional({ enum: ['createdAt_desc', 'createdAt_asc'] })
  @IsOptional()
  @IsIn(['createdAt_desc', 'createdAt_asc'])
  order: string = 'createdAt_desc';
  @HasCountParam() hasCount: boolean = false;
}
