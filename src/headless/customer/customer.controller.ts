import { Get, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { Request } from 'express';
import { ok } from '../../shared/http/envelope';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { GetHeadlessCustomerQuery } from './get-customer.query';

@HeadlessCustomerApi()
export class HeadlessCustomerController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customer')
  @ApiOperation({ summary: "The token's customer (spec 2.2)" })
  async customer(@CurrentCustomer() me: HeadlessPrincipal, @Req() request: Request) {
    return ok(
      await this.queries.execute(new GetHeadlessCustomerQuery(me.shopId, me.customerId, localeRequestOf(request))),
    );
  }
}
