import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PaginationMeta } from '../../shared/http/envelope';
import { TRANSACTIONS, TransactionDoc } from '../projections/ledger-read-models';
import { presentTransaction, V2Transaction } from './transaction.presenter';

export const TRANSACTION_ORDERS = ['createdAt_desc', 'createdAt_asc'] as const;

export class ListTransactionsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly options: {
      limit: number;
      before?: string;
      after?: string;
      type?: string;
      /** Leave out rows of this type (storefronts hiding manual adjustments). */
      notType?: string;
      /** Only the rows of one order. */
      orderId?: string;
      event?: string;
      source?: string;
      createdAtMin?: string;
      createdAtMax?: string;
      order: (typeof TRANSACTION_ORDERS)[number];
      hasCount: boolean;
    },
  ) {}
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<
  ListTransactionsQuery,
  { items: V2Transaction[]; pagination: PaginationMeta }
> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, customerId, options }: ListTransactionsQuery) {
    const transactions = await this.readStore.collection<TransactionDoc>(TRANSACTIONS);
    const createdAt =
      options.createdAtMin || options.createdAtMax
        ? {
            ...(options.createdAtMin ? { $gte: new Date(options.createdAtMin).toISOString() } : {}),
            ...(options.createdAtMax ? { $lte: new Date(options.createdAtMax).toISOString() } : {}),
          }
        : undefined;
    const filter: Filter = {
      customerId,
      shopId,
      type: options.type ?? (options.notType ? { $ne: options.notType } : undefined),
      orderId: options.orderId,
      event: options.event,
      source: options.source,
      createdAt,
    };
    const direction = options.order === 'createdAt_asc' ? 'asc' : 'desc';
    const page = await transactions.page({
      filter,
      sort: { field: 'sortKey', direction },
      scope: { shopId, customerId },
      limit: options.limit,
      before: options.before,
      after: options.after,
    });
    const pagination: PaginationMeta = { hasNext: page.hasNext, hasPre: page.hasPre };
    if (options.hasCount) {
      pagination.total = await transactions.count(filter);
      pagination.totalPage = Math.ceil(pagination.total / options.limit);
    }
    return { items: page.items.map(presentTransaction), pagination };
  }
}
