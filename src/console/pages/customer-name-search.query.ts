import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../../ledger/read-models/ledger-read-models';
import { presentCustomer, V2Customer } from '../../ledger/queries/customer.presenter';
import { TierNames } from '../../tiers/queries/tier-names';
import { ShopDoc } from '../../shops/projections/shop-read-models';

/** At most this many customers answer one name search (a person looks through them). */
const NAME_MATCHES = 20;

export class SearchCustomersByNameQuery {
  constructor(
    readonly shop: ShopDoc,
    readonly name: string,
  ) {}
}

/** The name as typed, and with a capital first letter (names are stored as the platform sent them). */
const spellings = (word: string) => [...new Set([word, word.charAt(0).toUpperCase() + word.slice(1)])];

/**
 * The customers whose first or last name is the word searched (two words or more: the first name,
 * then the last), in the customer record's presentation. The customer list of the management API
 * has no name filter, so the console reads the same read model with the same presenter.
 */
@QueryHandler(SearchCustomersByNameQuery)
export class SearchCustomersByNameHandler implements IQueryHandler<SearchCustomersByNameQuery, V2Customer[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly tierNames: TierNames,
  ) {}

  async execute({ shop, name }: SearchCustomersByNameQuery): Promise<V2Customer[]> {
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const [first, ...rest] = name.split(/\s+/).filter(Boolean);
    const filters: Filter[] = rest.length
      ? spellings(first).flatMap((f) => spellings(rest.join(' ')).map((l) => ({ firstName: f, lastName: l })))
      : spellings(first).flatMap((w) => [{ firstName: w }, { lastName: w }]);
    const found = new Map<string, CustomerDoc>();
    for (const filter of filters)
      for (const doc of await customers.find({ shopId: shop.id, ...filter }, { limit: NAME_MATCHES }))
        found.set(doc.id, doc);
    const names = await this.tierNames.forShop(shop.id);
    return [...found.values()].slice(0, NAME_MATCHES).map((doc) => presentCustomer(doc, names, shop.currency));
  }
}
