import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { pagedList } from '../../../infrastructure/read-store/paged-list';
import type { PaginationMeta } from '../../../shared/http/envelope';
import {
  IMPACT_PROVIDER,
  ImpactProvider,
  ImpactTotals,
} from '../../../infrastructure/impact-provider/impact-provider.port';
import {
  IMPACT_EVENTS,
  IMPACT_TOTALS,
  ImpactEventDoc,
  ImpactTotalsDoc,
  impactTotalsId,
} from './impact-history.projection';

/** A customer's impact history, newest first (cursor: a contribution id of the page before). */
export class ImpactHistoryQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly page: { limit: number; before?: string; after?: string },
  ) {}
}

/** Spec 2.7 ImpactHistory: `type` is the unit (trees, plastic_bottles); `status` as recorded. */
export const presentImpactEvent = (d: ImpactEventDoc) => ({
  id: d.id,
  type: d.unit,
  quantity: d.quantity,
  status: d.status,
  createdAt: d.createdAt,
});

export interface ImpactHistory {
  connected: boolean;
  totals: ImpactTotals;
  events: Array<ReturnType<typeof presentImpactEvent>>;
  pagination: PaginationMeta;
}

/**
 * The history: contributions from the read model (impact_events_v1), totals from the provider when it
 * answers (`connected`), else the last known ones the read model keeps (`connected: false`: not zero
 * impact, only unconfirmed).
 */
@QueryHandler(ImpactHistoryQuery)
export class ImpactHistoryHandler implements IQueryHandler<ImpactHistoryQuery, ImpactHistory> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IMPACT_PROVIDER) private readonly provider: ImpactProvider,
  ) {}

  async execute({ shopId, customerId, page }: ImpactHistoryQuery): Promise<ImpactHistory> {
    const [events, totals] = await Promise.all([
      this.readStore.collection<ImpactEventDoc>(IMPACT_EVENTS),
      this.readStore.collection<ImpactTotalsDoc>(IMPACT_TOTALS),
    ]);
    const [list, known, live] = await Promise.all([
      pagedList(
        events,
        {
          filter: { customerId, shopId },
          sort: { field: 'sortKey', direction: 'desc' },
          scope: { shopId, customerId },
          limit: page.limit,
          before: page.before,
          after: page.after,
        },
        false,
      ),
      totals.get(impactTotalsId(shopId, customerId)),
      this.provider.totals(shopId, customerId).catch(() => null),
    ]);
    const lastKnown = { trees: known?.trees ?? 0, plasticBottles: known?.plasticBottles ?? 0 };
    return {
      connected: live !== null,
      totals: live ?? lastKnown,
      events: list.items.map(presentImpactEvent),
      pagination: list.pagination,
    };
  }
}
