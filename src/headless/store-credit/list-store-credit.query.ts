import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  COMMERCE_PLATFORM,
  CommercePlatform,
  StoreCreditPage,
} from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CursorPage } from '../../storefront-api/http/headless-query';

/** A page of the customer's store-credit account movements, newest first (the platform's opaque cursors). */
export class ListStoreCreditTransactionsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly page: CursorPage,
  ) {}
}

@QueryHandler(ListStoreCreditTransactionsQuery)
export class ListStoreCreditTransactionsHandler implements IQueryHandler<
  ListStoreCreditTransactionsQuery,
  StoreCreditPage
> {
  constructor(
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {}

  async execute({ shopId, customerId, page }: ListStoreCreditTransactionsQuery) {
    const { platformCustomerId } = await this.customers.byId(shopId, customerId);
    return this.platform.storeCreditTransactions(shopId, platformCustomerId, page);
  }
}
