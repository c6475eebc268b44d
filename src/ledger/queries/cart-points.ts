import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerLookup } from './customer-lookup';
import { ProgramCatalog } from '../../programs/program-catalog';
import { cartPoints, needsCollections, orderEarningRule } from '../../programs/domain/order-earning';

/** What a cart would earn under the order rules in force (v2 calculate and v1 calc-points); awards nothing. */
@Injectable()
export class CartPoints {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A customer, when given, brings their tier's rate (404 when unknown). */
  async calculate(
    shopId: string,
    platformCustomerId: string | number | null | undefined,
    sourceName: string | null | undefined,
    products: Array<{ id: string | number; quantity: number; price: number }>,
  ) {
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
