import { Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { DomainError } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';

export class OrdersQueryDto {
  @ApiPropertyOptional({ description: 'Numeric order id: that order only (0 or 1 item)' })
  @IsOptional()
  @IsString()
  @Matches(/^[1-9]\d{0,18}$/, { message: 'orderId must be a numeric order id' })
  orderId?: string;
}

@HeadlessCustomerApi()
export class OrdersController {
  constructor(
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {}

  @Get('customer/orders')
  @ApiOperation({ summary: "The customer's orders from the commerce platform (spec 2.7 Order; money in cents)" })
  async orders(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: OrdersQueryDto) {
    const customer = await this.customers.byId(me.shopId, me.customerId);
    try {
      const orders = await this.platform.customerOrders(me.shopId, customer.platformCustomerId, query.orderId);
      return ok(orders, { meta: { count: orders.length } });
    } catch (error) {
      if (error instanceof DomainError && error.code.startsWith('PLATFORM_'))
        throw new DomainError('ORDERS_FETCH_FAILED', 'The orders could not be read from the platform; retry', 502);
      throw error;
    }
  }
}
