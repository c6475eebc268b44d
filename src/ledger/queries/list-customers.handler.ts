import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PagedList, pagedList, timeRange } from '../../infrastructure/read-store/paged-list';
import { PageOptions } from '../../shared/http/page-query';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { TierNames } from '../../tiers/queries/tier-names';
import { presentCustomer, V2Customer } from './customer.presenter';

export const CUSTOMER_ORDERS = ['createdAt_desc', 'createdAt_asc', 'updatedAt_desc', 'updatedAt_asc'] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number];

export class ListCustomersQuery {
  constructor(
    readonly shopId: string,
    readonly currency: string,
    readonly options: PageOptions & {
      email?: string;
      type?: string;
      tierId?: string;
      updatedAtMin?: string;
      updatedAtMax?: string;
      createdAtMax?: string;
      order: CustomerOrder;
    },
  ) {}
}

@QueryHandler(ListCustomersQuery)
export class ListCustomersHandler implements IQueryHandler<ListCustomersQuery, PagedList<V2Customer>> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly tierNames: TierNames,
  ) {}

  async execute({ shopId, currency, options }: ListCustomersQuery) {
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    // `guest`: not joined (opt-in shops) or left, as the record's `type` says.
    const filter: Filter = {
      shopId,
      email: options.email?.trim().toLowerCase(),
      tierId: options.tierId,
      updatedAt: timeRange(options.updatedAtMin, options.updatedAtMax),
      createdAt: timeRange(undefined, options.createdAtMax),
      membership: options.type ? (options.type === 'member' ? 'member' : { $in: ['guest', 'left'] }) : undefined,
    };
    const [field, direction] = options.order.split('_') as ['createdAt' | 'updatedAt', 'asc' | 'desc'];
    const { items, pagination } = await pagedList(
      customers,
      {
        filter,
        sort: { field, direction },
        scope: { shopId },
        limit: options.limit,
        before: options.before,
        after: options.after,
      },
      options.hasCount,
    );
    const names = await this.tierNames.forShop(shopId);
    return { items: items.map((d) => presentCustomer(d, names, currency)), pagination };
  }
}
