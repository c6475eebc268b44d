import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ToIdString } from '../../shared/http/query-transforms';
import { CursorParam, DateTimeParam, HasCountParam, LimitParam, OrderParam } from '../../shared/http/page-query';
import { NOT_A_PLATFORM_ID, PLATFORM_ID, PlatformCustomerIdFilter } from './platform-customer-id';
import { CUSTOMER_ORDERS, CustomerOrder } from '../queries/list-customers.handler';
import { TRANSACTION_ORDERS } from '../queries/list-transactions.handler';

/** The direction of a change (the spec's list values); what happened in detail is filtered with `event`. */
const TRANSACTION_TYPES = ['earn_point', 'redeem_point'] as const;

export class ListCustomersDto {
  @CursorParam('Customer id: items after this one') after?: string;
  @CursorParam('Customer id: items before this one') before?: string;
  @LimitParam(20) limit: number = 20;
  @ApiPropertyOptional() @IsOptional() @IsString() email?: string;
  @ApiPropertyOptional({ enum: ['member', 'guest'] }) @IsOptional() @IsIn(['member', 'guest']) type?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() tierId?: string;
  @DateTimeParam() updated_at_min?: string;
  @DateTimeParam() updated_at_max?: string;
  @DateTimeParam() created_at_max?: string;
  @OrderParam(CUSTOMER_ORDERS)
  order: CustomerOrder = 'createdAt_desc';
  @HasCountParam() hasCount: boolean = false;
}

export class ListTransactionsDto {
  @ApiPropertyOptional({ description: 'Platform customer id (this or customerId is required)' })
  @PlatformCustomerIdFilter()
  platformCustomerId?: string;
  @ApiPropertyOptional({ description: 'Internal customer id (this or platformCustomerId is required)' })
  @IsOptional()
  @IsString()
  customerId?: string;
  @CursorParam() after?: string;
  @CursorParam() before?: string;
  @LimitParam(10) limit: number = 10;
  @ApiPropertyOptional({ enum: TRANSACTION_TYPES, description: 'Direction of the change' })
  @IsOptional()
  @IsIn(TRANSACTION_TYPES, {
    message: 'type must be earn_point or redeem_point (what happened in detail is filtered with event)',
  })
  type?: (typeof TRANSACTION_TYPES)[number];
  @ApiPropertyOptional({
    example: 'earn_point_rest_api',
    description: 'What happened, e.g. adjust_point_rest_api, order_refunded, coupon_refunded, points_expired',
  })
  @IsOptional()
  @IsString()
  event?: string;
  @ApiPropertyOptional({ example: 'rest_api' }) @IsOptional() @IsString() source?: string;
  @DateTimeParam() created_at_min?: string;
  @DateTimeParam() created_at_max?: string;
  @OrderParam(TRANSACTION_ORDERS)
  order: (typeof TRANSACTION_ORDERS)[number] = 'createdAt_desc';
  @HasCountParam() hasCount: boolean = false;
}

export class PointsChangeDto {
  @ApiProperty({ example: '7001234567', description: 'Platform customer id' })
  @ToIdString()
  @IsNotEmpty({ message: 'platformCustomerId is required' })
  @Matches(PLATFORM_ID, NOT_A_PLATFORM_ID)
  platformCustomerId: string;

  @ApiProperty({
    example: 100,
    description: 'award/deduct: amount (> 0); adjust: signed, not 0; reset: the new balance (>= 0)',
  })
  @IsInt({ message: 'point must be an integer' })
  point: number;

  @ApiPropertyOptional({ description: 'Internal note, not shown to the customer' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  adminNote?: string;
  @ApiPropertyOptional({ description: 'Shown to the customer' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  userNote?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

const BIRTHDAY = /^\d{2}\/\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class UpdateCustomerDto {
  @ApiPropertyOptional({ example: '1990-04-23', description: 'YYYY-MM-DD; once set, only the same value is accepted' })
  @IsOptional()
  @IsString()
  @Matches(DATE, { message: 'dateOfBirth must be a date as YYYY-MM-DD' })
  dateOfBirth?: string;
  @ApiPropertyOptional({ example: '04/23', description: 'MM/DD; write-once' })
  @IsOptional()
  @IsString()
  @Matches(BIRTHDAY, { message: 'birthday must be a day as MM/DD' })
  birthday?: string;
}

export class SetTierDto {
  @ApiProperty()
  @IsString({ message: 'tierId is required' })
  @IsNotEmpty({ message: 'tierId is required' })
  tierId: string;
  @ApiPropertyOptional({
    default: false,
    description: 'Start the customer fresh in this tier: tierPoint becomes its targetPoint',
  })
  @IsOptional()
  @IsBoolean()
  isInitTier: boolean = false;
  @ApiPropertyOptional({ default: true, description: 'Grant the tier rewards on entry (recorded on the event)' })
  @IsOptional()
  @IsBoolean()
  triggerReward: boolean = true;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) adminNote?: string;
}

export class MembershipDto {
  @ApiProperty({ enum: ['left'], description: 'left: out of the program (earns nothing, cannot join again)' })
  @IsIn(['left'], { message: 'membership must be left' })
  membership: 'left';
}
