import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PaginationMeta } from '../../shared/http/envelope';
import { CustomerDoc, CUSTOMERS } from '../projections/ledger-read-models';
import { TierNames } from '../../tiers/queries/tier-names';
import { presentCustomer, V2Customer } from './customer.presenter';

export const CUSTOMER_ORDERS = ['createdAt_desc', 'createdAt_asc', 'updatedAt_desc', 'updatedAt_asc'] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDERS)[number];

export class ListCustomersQuery {
  constructor(
    readonly shopId: string,
    readonly currency: string,
    readonly options: {
      limit: number;
      before?: string;
      after?: string;
      email?: string;
      type?: string;
      tierId?: string;
      updatedAtMin?: string;
      updatedAtMax?: string;
      createdAtMax?: string;
      order: CustomerOrder;
      hasCount: boolean;
    },
  ) {}
}

@QueryHandler(ListCustomersQuery)
export class ListCustomersHandler implements IQueryHandler<
  ListCustomersQuery,
  { items: V2Customer[]; pagination: PaginationMeta }
> {
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
      updatedAt: range(options.updatedAtMin, options.updatedAtMax),
      createdAt: range(undefined, options.createdAtMax),
      membership: options.type ? (options.type === 'member' ? 'member' : { $in: ['guest', 'left'] }) : undefined,
    };
    const [field, direction] = options.order.split('_') as ['createdAt' | 'updatedAt', 'asc' | 'desc'];
    const page = await customers.page({
      filter,
      sort: { field, direction },
      scope: { shopId },
      limit: options.limit,
      before: options.before,
      after: options.after,
    });
    const names = await this.tierNames.forShop(shopId);
    const pagination: PaginationMeta = { hasNext: page.hasNext, hasPre: page.hasPre };
    if (options.hasCount) {
      pagination.total = await customers.count(filter);
      pagination.totalPage = Math.ceil(pagination.total / options.limit);
    }
    return { items: page.items.map((d) => presentCustomer(d, names, currency)), pagination };
  }
}

/** ISO timestamps compare correctly as text once normalised to UTC. */
function range(min?: string, max?: string) {
  if (!min && !max) return undefined;
  return {
    ...(min ? { $gte: new Date(min).toISOString() } : {}),
    ...(max ? { $lte: new Date(max).toISOString() } : {}),
  };
}
