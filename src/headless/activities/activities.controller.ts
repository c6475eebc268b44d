import { Get, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { Request } from 'express';
import { ok } from '../../shared/http/envelope';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';
import { ClampedInteger } from '../http/clamped-integer';
import { ListHeadlessActivitiesQuery } from './list-activities.query';

export const MAX_PAGE = 50;

export class ActivitiesDto {
  @ApiPropertyOptional({ description: 'Activity id: the page before it (newer rows)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  before?: string;
  @ApiPropertyOptional({ description: 'Activity id: the page after it (older rows)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  after?: string;
  @ApiPropertyOptional({ default: 20, description: 'Page size; more than 50 is read as 50' })
  @IsOptional()
  @ClampedInteger(MAX_PAGE)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  limit: number = 20;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(35) locale?: string;
}

export class ActivitiesByOrderDto {
  @ApiProperty({ description: 'The numeric order id' })
  @IsString({ message: 'orderId is required' })
  @Matches(/^[1-9]\d{0,18}$/, { message: 'orderId must be a numeric order id' })
  orderId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(35) locale?: string;
}

@HeadlessCustomerApi()
export class ActivitiesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customer/activities')
  @ApiOperation({ summary: "The token's customer's points history, newest first (spec 2.5; cursor before/after)" })
  async activities(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: ActivitiesDto, @Req() request: Request) {
    const { items, pagination } = await this.queries.execute(
      new ListHeadlessActivitiesQuery(
        me.shopId,
        me.customerId,
        { limit: query.limit, before: query.before, after: query.after },
        localeRequestOf(request),
      ),
    );
    return ok(items, { meta: { pagination } });
  }

  @Get('customer/activities-by-order')
  @ApiOperation({ summary: "The rows of one of the token's customer's orders" })
  async byOrder(
    @CurrentCustomer() me: HeadlessPrincipal,
    @Query() query: ActivitiesByOrderDto,
    @Req() request: Request,
  ) {
    const { items } = await this.queries.execute(
      new ListHeadlessActivitiesQuery(
        me.shopId,
        me.customerId,
        { limit: 100, orderId: query.orderId },
        localeRequestOf(request),
      ),
    );
    return ok(items, { meta: { count: items.length } });
  }
}
