import { Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { ConsoleApi } from '../session/console-session.guard';
import { ConsoleOverview, ConsoleOverviewQuery } from './overview.query';

/** The Overview page's figures. */
@ConsoleApi('overview')
export class OverviewConsoleController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async overview(@CurrentShop() shop: ShopDoc) {
    const figures: ConsoleOverview = await this.queries.execute(new ConsoleOverviewQuery(shop));
    return ok(figures);
  }
}
