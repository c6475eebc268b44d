import { Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { okList, okPage } from '../../shared/http/envelope';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { cursorOf, CursorPageDto, LocaleField, NumericPlatformId } from '../../storefront-api/http/headless-query';
import { ListHeadlessActivitiesQuery } from './list-activities.query';
import { ApiHeadlessErrors, ApiList, ApiPage } from '../../shared/http/openapi/responses';
import { HEADLESS_ACTIVITY } from '../http/headless.openapi';

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

  @HeadlessGet(
    'customer/activities',
    "The token's customer's points history, newest first (spec 2.5; cursor before/after)",
  )
  @ApiPage(HEADLESS_ACTIVITY)
  @ApiHeadlessErrors(400)
  async activities(@CurrentCustomer() me: HeadlessCaller, @Query() query: ActivitiesDto) {
    return okPage(
      await this.queries.execute(new ListHeadlessActivitiesQuery(me.shopId, me.customerId, cursorOf(query), me.locale)),
    );
  }

  @HeadlessGet('customer/activities-by-order', "The rows of one of the token's customer's orders")
  @ApiList(HEADLESS_ACTIVITY)
  @ApiHeadlessErrors(400)
  async byOrder(@CurrentCustomer() me: HeadlessCaller, @Query() query: ActivitiesByOrderDto) {
    const { items } = await this.queries.execute(
      new ListHeadlessActivitiesQuery(me.shopId, me.customerId, { limit: 100, orderId: query.orderId }, me.locale),
    );
    return okList(items);
  }
}
