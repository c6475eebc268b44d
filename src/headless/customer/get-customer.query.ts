import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { TierCatalog } from '../../tiers/tier-catalog';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopText } from '../../translations/queries/shop-text';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { HeadlessCustomer, presentHeadlessCustomer } from './headless-customer.presenter';

/** GET /customer (and the answer of join-program): the token's customer as a storefront shows it. */
export class GetHeadlessCustomerQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly locale: LocaleRequest,
  ) {}
}

@QueryHandler(GetHeadlessCustomerQuery)
export class GetHeadlessCustomerHandler implements IQueryHandler<GetHeadlessCustomerQuery, HeadlessCustomer> {
  constructor(
    private readonly customers: CustomerLookup,
    private readonly tiers: TierCatalog,
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
  ) {}

  async execute({ shopId, customerId, locale }: GetHeadlessCustomerQuery): Promise<HeadlessCustomer> {
    const [doc, tiers, text] = await Promise.all([
      this.customers.byId(shopId, customerId),
      this.tiers.forShop(shopId),
      this.text.for(shopId, locale),
    ]);
    return presentHeadlessCustomer(doc, { tierNames: tiers.names, rungs: tiers.rungs, earningLimit: null, text });
  }
}
