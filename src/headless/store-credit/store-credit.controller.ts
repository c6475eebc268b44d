import { Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ok } from '../../shared/http/envelope';
import { StoreCreditPage } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { cursorOf, CursorPageDto } from '../../storefront-api/http/headless-query';
import { HeadlessPrincipal } from '../../storefront-api/http/headless-request';
import { ListStoreCreditTransactionsQuery } from './list-store-credit.query';
import { ApiEnvelope, ApiHeadlessErrors } from '../../shared/http/openapi/responses';
import { arrayOf, object } from '../../shared/http/openapi/schema';
import { STORE_CREDIT_PAGINATION, STORE_CREDIT_TRANSACTION } from '../http/headless.openapi';

export class StoreCreditQueryDto extends CursorPageDto({
  defaultLimit: 20,
  cursorLength: 500,
  limit: 'Page size; more than 50 is read as 50',
  before: "Opaque: the previous page's meta.pagination.startCursor",
  after: "Opaque: the previous page's meta.pagination.endCursor",
}) {}

@HeadlessCustomerApi()
export class StoreCreditController {
  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet(
    'customer/store-credit/transactions',
    "The customer's store-credit account movements, newest first (opaque cursors)",
  )
  @ApiEnvelope(arrayOf(STORE_CREDIT_TRANSACTION.ref), { meta: object({ pagination: STORE_CREDIT_PAGINATION }) })
  @ApiHeadlessErrors(400)
  async transactions(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: StoreCreditQueryDto) {
    // The account is the token's customer's: resolved by the query, never named by the caller.
    const { items, ...pagination }: StoreCreditPage = await this.queries.execute(
      new ListStoreCreditTransactionsQuery(me.shopId, me.customerId, cursorOf(query)),
    );
    return ok(items, { meta: { pagination } });
  }
}
