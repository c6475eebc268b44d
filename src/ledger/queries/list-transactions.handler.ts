import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PagedList, pagedList, timeRange } from '../../infrastructure/read-store/paged-list';
import { PageOptions } from '../../shared/http/page-query';
import { TRANSACTIONS, TransactionDoc, TransactionKind } from '../read-models/ledger-read-models';
import { withReferredEmails } from './referred-emails';

export const TRANSACTION_ORDERS = ['createdAt_desc', 'createdAt_asc'] as const;

export class ListTransactionsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly options: PageOptions & {
      /** The direction: `earn_point` or `redeem_point`. */
      type?: TransactionDoc['type'];
      /** Leave out rows of this kind (storefronts hiding manual adjustments). */
      notKind?: TransactionKind;
      /** Only the rows of one order. */
      orderId?: string;
      event?: string;
      source?: string;
      createdAtMin?: string;
      createdAtMax?: string;
      order: (typeof TRANSACTION_ORDERS)[number];
    },
  ) {}
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, PagedList<TransactionDoc>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, customerId, options }: ListTransactionsQuery) {
    const transactions = await this.readStore.collection<TransactionDoc>(TRANSACTIONS);
    const filter: Filter = {
      customerId,
      shopId,
      type: options.type,
      kind: options.notKind ? { $ne: options.notKind } : undefined,
      orderId: options.orderId,
      event: options.event,
      source: options.source,
      createdAt: timeRange(options.createdAtMin, options.createdAtMax),
    };
    const direction = options.order === 'createdAt_asc' ? 'asc' : 'desc';
    const { items, pagination } = await pagedList(
      transactions,
      {
        filter,
        sort: { field: 'sortKey', direction },
        scope: { shopId, customerId },
        limit: options.limit,
        before: options.before,
        after: options.after,
      },
      options.hasCount,
    );
    // Rows, not records: the v2 API and the headless activities each present them their own way.
    return { items: await withReferredEmails(this.readStore, items), pagination };
  }
}
