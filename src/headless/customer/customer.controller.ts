import { Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { ok } from '../../shared/http/envelope';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';
import { GetHeadlessCustomerQuery } from './get-customer.query';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { RequestedLocale } from '../http/headless-query';

@HeadlessCustomerApi()
export class HeadlessCustomerController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customer')
  @ApiOperation({ summary: "The token's customer (spec 2.2)" })
  async customer(@CurrentCustomer() me: HeadlessPrincipal, @RequestedLocale() locale: LocaleRequest) {
    return ok(await this.queries.execute(new GetHeadlessCustomerQuery(me.shopId, me.customerId, locale)));
  }
}
