import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { TierNames } from '../../tiers/queries/tier-names';
import { CustomerLookup } from './customer-lookup';
import { CustomerRef, findCustomer } from './find-customer.query';
import { presentCustomer, V2Customer } from './customer.presenter';

/** The v2 Customer record (spec 2.9) by internal or platform id; 404 when not a customer of the shop. */
export class GetCustomerQuery extends Query<V2Customer> {
  constructor(
    readonly shopId: string,
    readonly currency: string,
    readonly ref: CustomerRef,
  ) {
    super();
  }
}

@QueryHandler(GetCustomerQuery)
export class GetCustomerHandler implements IQueryHandler<GetCustomerQuery, V2Customer> {
  constructor(
    private readonly customers: CustomerLookup,
    private readonly tierNames: TierNames,
  ) {}

  async execute({ shopId, currency, ref }: GetCustomerQuery): Promise<V2Customer> {
    const doc = await findCustomer(this.customers, shopId, ref);
    return presentCustomer(doc, await this.tierNames.forShop(shopId), currency);
  }
}
