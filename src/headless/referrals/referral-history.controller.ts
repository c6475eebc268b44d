import { Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ok } from '../../shared/http/envelope';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';

/** Friends the customer referred. Referral programs do not exist in the service yet: nobody has any. */
export async function referralHistoryOf(customers: CustomerLookup, me: HeadlessPrincipal) {
  await customers.byId(me.shopId, me.customerId);
  return { items: [] as Array<Record<string, unknown>>, pagination: { hasNext: false, hasPre: false } };
}

@HeadlessCustomerApi()
export class ReferralHistoryController {
  constructor(private readonly customers: CustomerLookup) {}

  @Get('customer/referral-history')
  @ApiOperation({ summary: 'Friends the customer referred (empty until referral programs exist)' })
  async history(@CurrentCustomer() me: HeadlessPrincipal) {
    const { items, pagination } = await referralHistoryOf(this.customers, me);
    return ok(items, { meta: { pagination } });
  }
}
