import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ToIdString } from '../../shared/http/query-transforms';
import { CursorParam, DateTimeParam, HasCountParam, LimitParam } from '../../shared/http/page-query';
import { PlatformCustomerIdField, PlatformCustomerIdFilter } from './platform-customer-id';

export class RedeemDto {
  @ApiProperty() @IsString({ message: 'programId is required' }) programId: string;
  @ApiProperty()
  @PlatformCustomerIdField()
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
  @PlatformCustomerIdField()
  platformCustomerId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

export class ListRewardsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customerId?: string;
  @ApiPropertyOptional()
  @PlatformCustomerIdFilter()
  platformCustomerId?: string;
  @ApiPropertyOptional({ enum: ['active', 'refunded', 'used', 'expired'] })
  @IsOptional()
  @IsIn(['active', 'refunded', 'used', 'expired'])
  status?: string;
  @ApiPropertyOptional({ example: 'fixed_amount' }) @IsOptional() @IsString() type?: string;
  @CursorParam() after?: string;
  @CursorParam() before?: string;
  @LimitParam(10) limit: number = 10;
  @DateTimeParam() created_at_min?: string;
  @DateTimeParam() created_at_max?: string;
  @ApiPropertyOptional({ enum: ['createdAt_desc', 'createdAt_asc'] })
  @IsOptional()
  @IsIn(['createdAt_desc', 'createdAt_asc'])
  order: string = 'createdAt_desc';
  @HasCountParam() hasCount: boolean = false;
}
