import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ListCustomersQuery } from '../../ledger/queries/list-customers.handler';
import { ListSubmissionsQuery } from '../../ledger/submissions/read/list-submissions.query';
import { ListWebhooksQuery, WebhookRecord } from '../../webhooks/queries/webhook-queries';
import { LiabilityRollForward, LiabilityRollForwardQuery } from '../../audit/liability/liability-roll-forward.query';
import { thisMonth } from './shop-months';

export interface ConsoleOverview {
  members: number;
  pointsIssuedThisMonth: number;
  pointsRedeemedThisMonth: number;
  pendingSubmissions: number;
  failingWebhooks: number;
}

export class ConsoleOverviewQuery {
  constructor(readonly shop: ShopDoc) {}
}

const COUNT_ONLY = { limit: 1, hasCount: true, order: 'createdAt_desc' as const };

/** The Overview page's figures, each from the query its own page and the management API ask. */
@QueryHandler(ConsoleOverviewQuery)
export class ConsoleOverviewHandler implements IQueryHandler<ConsoleOverviewQuery, ConsoleOverview> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shop }: ConsoleOverviewQuery): Promise<ConsoleOverview> {
    const [members, pending, webhooks, liability] = await Promise.all([
      this.queries.execute(new ListCustomersQuery(shop.id, shop.currency, { ...COUNT_ONLY, type: 'member' })),
      this.queries.execute(new ListSubmissionsQuery(shop.id, { ...COUNT_ONLY, status: 'pending' })),
      this.queries.execute(new ListWebhooksQuery(shop.id)) as Promise<WebhookRecord[]>,
      this.queries.execute(
        new LiabilityRollForwardQuery(shop.id, { ...thisMonth(this.clock.now(), shop.timezone), interval: 'month' }),
      ) as Promise<LiabilityRollForward>,
    ]);
    const month = liability.periods[0];
    return {
      members: (members as { pagination: { total?: number } }).pagination.total ?? 0,
      pointsIssuedThisMonth: month?.issued.total ?? 0,
      pointsRedeemedThisMonth: month?.redeemed ?? 0,
      pendingSubmissions: (pending as { pagination: { total?: number } }).pagination.total ?? 0,
      failingWebhooks: webhooks.filter((w) => w.status !== 'active' || w.consecutiveFailures > 0).length,
    };
  }
}
