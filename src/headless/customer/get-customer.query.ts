import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { TierCatalog } from '../../tiers/tier-catalog';
import { ShopDirectory } from '../../shops/shop-directory';
import { LocaleWish, SHOPPER_TEXT, ShopperText } from '../text/shopper-text';
import { HeadlessCustomer, presentHeadlessCustomer } from './headless-customer.presenter';

/** GET /customer (and the answer of join-program): the token's customer as a storefront shows it. */
export class GetHeadlessCustomerQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly locale: LocaleWish,
  ) {}
}

@QueryHandler(GetHeadlessCustomerQuery)
export class GetHeadlessCustomerHandler implements IQueryHandler<GetHeadlessCustomerQuery, HeadlessCustomer> {
  constructor(
    private readonly customers: CustomerLookup,
    private readonly tiers: TierCatalog,
    private readonly shops: ShopDirectory,
    @Inject(SHOPPER_TEXT) private readonly text: ShopperText,
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
