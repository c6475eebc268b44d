import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ORDERS, OrderDoc, orderDocId } from '../../platform/projections/order-view.projection';
import { ListTransactionsQuery } from '../../ledger/queries/list-transactions.handler';
import { TransactionDoc } from '../../ledger/read-models/ledger-read-models';
import { PagedList } from '../../infrastructure/read-store/paged-list';
import { STOREFRONT_DEFAULTS } from '../../shops/domain/shop-events';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { HeadlessActivity, presentActivity } from './headless-activity.presenter';
import { programTitleOf } from '../programs/headless-program.presenter';
import { HeadlessShopContext } from '../programs/headless-shop-context';

/**
 * The customer's points history (the v2 transaction list, newest first) as sentences; manual
 * adjustments left out when the shop hides them. One order's rows with `orderId`.
 */
export class ListHeadlessActivitiesQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly page: { limit: number; before?: string; after?: string; orderId?: string },
    readonly locale: LocaleRequest,
  ) {}
}

@QueryHandler(ListHeadlessActivitiesQuery)
export class ListHeadlessActivitiesHandler implements IQueryHandler<
  ListHeadlessActivitiesQuery,
  PagedList<HeadlessActivity>
> {
  constructor(
    private readonly queries: QueryBus,
    private readonly context: HeadlessShopContext,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId, customerId, page, locale }: ListHeadlessActivitiesQuery) {
    const { shop, programs, text } = await this.context.of(shopId, locale);
    const hideAdjust = (shop?.storefront ?? STOREFRONT_DEFAULTS).hideAdjustPoint;
    const { items, pagination }: PagedList<TransactionDoc> = await this.queries.execute(
      new ListTransactionsQuery(shopId, customerId, {
        limit: page.limit,
        before: page.before,
        after: page.after,
        orderId: page.orderId,
        notKind: hideAdjust ? 'adjust_point' : undefined,
        order: 'createdAt_desc',
        hasCount: false,
      }),
    );
    const byId = new Map(programs.map((p) => [p.id, p]));
    // Program titles in the shopper's language when the program still exists; else as recorded.
    const titleOf = (row: TransactionDoc) => {
      const program = row.programId ? byId.get(row.programId) : undefined;
      return program ? programTitleOf(program, text) : row.programTitle;
    };
    const named = await this.withOrderNames(shopId, items);
    return { items: named.map((row) => presentActivity(row, text, titleOf(row))), pagination };
  }

  /** Rows that name an order by id only (reversals) get the order's name from the orders read model. */
  private async withOrderNames(shopId: string, rows: TransactionDoc[]): Promise<TransactionDoc[]> {
    const missing = [...new Set(rows.filter((r) => r.orderId && !r.orderName).map((r) => r.orderId!))];
    if (missing.length === 0) return rows;
    const orders = await (
      await this.readStore.collection<OrderDoc>(ORDERS)
    ).getMany(missing.map((id) => orderDocId(shopId, id)));
    const names = new Map(orders.map((o) => [o.orderId, o.orderName]));
    return rows.map((r) => (r.orderId && !r.orderName ? { ...r, orderName: names.get(r.orderId) ?? null } : r));
  }
}
