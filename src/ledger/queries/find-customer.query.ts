import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CustomerDoc } from '../read-models/ledger-read-models';
import { CustomerLookup } from './customer-lookup';

/**
 * How a request names a customer: `id` internal, `platformId` the commerce platform's, `eitherId`
 * numeric for a platform id and otherwise an internal id.
 */
export type CustomerRef = { id: string } | { platformId: string | number } | { eitherId: string };

export function findCustomer(customers: CustomerLookup, shopId: string, ref: CustomerRef): Promise<CustomerDoc> {
  if ('id' in ref) return customers.byId(shopId, ref.id);
  if ('platformId' in ref) return customers.byPlatformId(shopId, ref.platformId);
  return customers.byEitherId(shopId, ref.eitherId);
}

/** The customer's record as stored (for a command or a filter); 404 when not a customer of the shop. */
export class FindCustomerQuery extends Query<CustomerDoc> {
  constructor(
    readonly shopId: string,
    readonly ref: CustomerRef,
  ) {
    super();
  }
}

/** The customer a request names by internal id (preferred) or platform id, as stored; null when it names neither. */
export class FindNamedCustomerQuery extends Query<CustomerDoc | null> {
  constructor(
    readonly shopId: string,
    readonly customerId: string | undefined,
    readonly platformCustomerId: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(FindCustomerQuery)
export class FindCustomerHandler implements IQueryHandler<FindCustomerQuery, CustomerDoc> {
  constructor(private readonly customers: CustomerLookup) {}

  execute({ shopId, ref }: FindCustomerQuery): Promise<CustomerDoc> {
    return findCustomer(this.customers, shopId, ref);
  }
}

@QueryHandler(FindNamedCustomerQuery)
export class FindNamedCustomerHandler implements IQueryHandler<FindNamedCustomerQuery, CustomerDoc | null> {
  constructor(private readonly customers: CustomerLookup) {}

  execute({ shopId, customerId, platformCustomerId }: FindNamedCustomerQuery): Promise<CustomerDoc | null> {
    return this.customers.named(shopId, customerId, platformCustomerId);
  }
}
