import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { because, DomainError } from '../../shared/domain/domain-error';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerOrder } from '../../infrastructure/commerce-platform/platform-orders';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';

/** The customer's orders as the commerce platform has them (one order when `orderId` is given). */
export class ListHeadlessOrdersQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly orderId?: string,
  ) {}
}

@QueryHandler(ListHeadlessOrdersQuery)
export class ListHeadlessOrdersHandler implements IQueryHandler<ListHeadlessOrdersQuery, CustomerOrder[]> {
  constructor(
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {}

  async execute({ shopId, customerId, orderId }: ListHeadlessOrdersQuery) {
    const { platformCustomerId } = await this.customers.byId(shopId, customerId);
    try {
      return await this.platform.customerOrders(shopId, platformCustomerId, orderId);
    } catch (error) {
      if (error instanceof DomainError && error.code.startsWith('PLATFORM_')) throw because.ordersFetchFailed();
      throw error;
    }
  }
}
