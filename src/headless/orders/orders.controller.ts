import { Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { okList } from '../../shared/http/envelope';
import { CustomerOrder } from '../../infrastructure/commerce-platform/platform-orders';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../../storefront-api/http/headless-request';
import { NumericPlatformId } from '../../storefront-api/http/headless-query';
import { ListHeadlessOrdersQuery } from './list-orders.query';
import { ApiHeadlessErrors, ApiList, ERROR_ENVELOPE } from '../../shared/http/openapi/responses';
import { ApiResponse } from '@nestjs/swagger';
import { HEADLESS_ORDER } from '../http/headless.openapi';

export class OrdersQueryDto {
  @ApiPropertyOptional({ description: 'Numeric order id: that order only (0 or 1 item)' })
  @IsOptional()
  @NumericPlatformId('order')
  orderId?: string;
}

@HeadlessCustomerApi()
export class OrdersController {
  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet('customer/orders', "The customer's orders from the commerce platform (spec 2.7 Order; money in cents)")
  @ApiList(HEADLESS_ORDER)
  @ApiHeadlessErrors(400)
  @ApiResponse({
    status: 502,
    description: 'The commerce platform could not be read: ORDERS_FETCH_FAILED',
    schema: ERROR_ENVELOPE.ref,
  })
  async orders(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: OrdersQueryDto) {
    const orders: CustomerOrder[] = await this.queries.execute(
      new ListHeadlessOrdersQuery(me.shopId, me.customerId, query.orderId),
    );
    return okList(orders);
  }
}
