import { QueryBus } from '@nestjs/cqrs';
import { ok } from '../../shared/http/envelope';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { GetHeadlessCustomerQuery } from './get-customer.query';
import { ApiEnvelope } from '../../shared/http/openapi/responses';
import { HEADLESS_CUSTOMER } from '../http/headless.openapi';

@HeadlessCustomerApi()
export class HeadlessCustomerController {
  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet('customer', "The token's customer (spec 2.2)")
  @ApiEnvelope(HEADLESS_CUSTOMER)
  async customer(@CurrentCustomer() me: HeadlessCaller) {
    return ok(await this.queries.execute(new GetHeadlessCustomerQuery(me.shopId, me.customerId, me.locale)));
  }
}
