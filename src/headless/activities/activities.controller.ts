import { Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { ok } from '../../shared/http/envelope';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';
import { cursorOf, CursorPageDto, LocaleField, NumericPlatformId, RequestedLocale } from '../http/headless-query';
import { ListHeadlessActivitiesQuery } from './list-activities.query';

export class ActivitiesDto extends CursorPageDto({
  defaultLimit: 20,
  limit: 'Page size; more than 50 is read as 50',
  before: 'Activity id: the page before it (newer rows)',
  after: 'Activity id: the page after it (older rows)',
}) {
  @LocaleField() locale?: string;
}

export class ActivitiesByOrderDto {
  @ApiProperty({ description: 'The numeric order id' })
  @NumericPlatformId('order')
  orderId: string;
  @LocaleField() locale?: string;
}

@HeadlessCustomerApi()
export class ActivitiesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customer/activities')
  @ApiOperation({ summary: "The token's customer's points history, newest first (spec 2.5; cursor before/after)" })
  async activities(
    @CurrentCustomer() me: HeadlessPrincipal,
    @Query() query: ActivitiesDto,
    @RequestedLocale() locale: LocaleRequest,
  ) {
    const { items, pagination } = await this.queries.execute(
      new ListHeadlessActivitiesQuery(me.shopId, me.customerId, cursorOf(query), locale),
    );
    return ok(items, { meta: { pagination } });
  }

  @Get('customer/activities-by-order')
  @ApiOperation({ summary: "The rows of one of the token's customer's orders" })
  async byOrder(
    @CurrentCustomer() me: HeadlessPrincipal,
    @Query() query: ActivitiesByOrderDto,
    @RequestedLocale() locale: LocaleRequest,
  ) {
    const { items } = await this.queries.execute(
      new ListHeadlessActivitiesQuery(me.shopId, me.customerId, { limit: 100, orderId: query.orderId }, locale),
    );
    return ok(items, { meta: { count: items.length } });
  }
}
