import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { earningLimitStatus } from '../../ledger/earning-limit/earning-limit.decisions';
import { dayBucketsOf } from '../../shared/domain/day-buckets';
import { TierCatalog } from '../../tiers/tier-catalog';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopText } from '../../translations/queries/shop-text';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { EarningLimitView, HeadlessCustomer, presentHeadlessCustomer } from './headless-customer.presenter';

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
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, locale }: GetHeadlessCustomerQuery): Promise<HeadlessCustomer> {
    const [doc, tiers, shop, text] = await Promise.all([
      this.customers.byId(shopId, customerId),
      this.tiers.forShop(shopId),
      this.shops.byId(shopId),
      this.text.for(shopId, locale),
    ]);
    const policy = shop?.earningLimit ?? null;
    // The limit's status from the ledger's own arithmetic, on the count the read model keeps.
    const status = earningLimitStatus(
      { programEarnedByDay: dayBucketsOf(doc.programEarnedByDay ?? {}), tierId: doc.tierId },
      policy,
      this.clock.now().toISOString(),
    );
    const earningLimit: EarningLimitView | null = status && policy ? { ...status, period: policy.period } : null;
    return presentHeadlessCustomer(doc, {
      tierNames: tiers.names,
      rungs: tiers.rungs,
      earningLimit,
      text,
      // A link counts only while its page is the one the shop has connected now.
      connectedFeedPage: shop?.feed?.pageId ?? null,
    });
  }
}
