import { okPage } from '../../shared/http/envelope';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../auth/headless-customer-api.decorator';
import { HeadlessPrincipal } from '../http/headless-request';
import { ApiPage } from '../../shared/http/openapi/responses';
import { anyObject } from '../../shared/http/openapi/schema';

/** Friends the customer referred. Referral programs do not exist in the service yet: nobody has any. */
export async function referralHistoryOf(customers: CustomerLookup, me: HeadlessPrincipal) {
  await customers.byId(me.shopId, me.customerId);
  return { items: [] as Array<Record<string, unknown>>, pagination: { hasNext: false, hasPre: false } };
}

@HeadlessCustomerApi()
export class ReferralHistoryController {
  constructor(private readonly customers: CustomerLookup) {}

  @HeadlessGet('customer/referral-history', 'Friends the customer referred (empty until referral programs exist)')
  @ApiPage(anyObject)
  async history(@CurrentCustomer() me: HeadlessPrincipal) {
    return okPage(await referralHistoryOf(this.customers, me));
  }
}
