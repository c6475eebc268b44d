import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerLookup } from './customer-lookup';
import { ProgramCatalog } from '../../programs/program-catalog';
import { cartPoints, needsCollections, OrderEarningRule, orderEarningRule } from '../../programs/domain/order-earning';

export interface CartPointsResult {
  /** The order rule in force (null: none). */
  rule: OrderEarningRule | null;
  lines: Array<{ id: string; quantity: number; price: number }>;
  pointsEarn: number;
  /** Per line, in the order of `lines`. */
  points: number[];
}

/**
 * What a cart would earn under the order rules in force (v2 calculate and v1 calc-points); awards
 * nothing. A customer, when given, brings their tier's rate (404 when unknown).
 */
export class CalculateCartPointsQuery extends Query<CartPointsResult> {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: string | number | null | undefined,
    readonly sourceName: string | null | undefined,
    readonly products: Array<{ id: string | number; quantity: number; price: number }>,
  ) {
    super();
  }
}

@QueryHandler(CalculateCartPointsQuery)
export class CalculateCartPointsHandler implements IQueryHandler<CalculateCartPointsQuery, CartPointsResult> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, platformCustomerId, sourceName, products }: CalculateCartPointsQuery) {
    const tierId = platformCustomerId
      ? (await this.customers.byPlatformId(shopId, String(platformCustomerId))).tierId
      : null;
    const rule = orderEarningRule(
      await this.catalog.forShop(shopId),
      this.clock.now().toISOString(),
      sourceName ?? 'web',
      tierId,
    );
    const lines = products.map((p) => ({ id: String(p.id), quantity: p.quantity, price: p.price }));
    const collections = needsCollections(rule)
      ? await this.platform.collectionsOf(
          shopId,
          lines.map((l) => l.id),
        )
      : {};
    const { pointsEarn, points } = cartPoints(rule, lines, collections);
    return { rule, lines, pointsEarn, points };
  }
}
