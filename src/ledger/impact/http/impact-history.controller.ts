import { Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ok } from '../../../shared/http/envelope';
import { ApiEnvelope, ApiHeadlessErrors, PAGINATION } from '../../../shared/http/openapi/responses';
import { object } from '../../../shared/http/openapi/schema';
import { ImpactHistory, ImpactHistoryQuery } from '../read/impact-history.query';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { cursorOf, CursorPageDto } from '../../../storefront-api/http/headless-query';
import { HeadlessPrincipal } from '../../../storefront-api/http/headless-request';
import { IMPACT_HISTORY } from './impact.openapi';

export class ImpactHistoryDto extends CursorPageDto({
  defaultLimit: 20,
  before: 'A contribution id of the list: the contributions before it',
  after: 'A contribution id of the list: the contributions after it',
}) {}

@HeadlessCustomerApi()
export class ImpactHistoryController {
  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet(
    'customer/impact-history',
    "The customer's environmental impact (spec 2.7 ImpactHistory): totals and contributions, newest first; connected false when the provider cannot be reached (totals are then the last known)",
  )
  @ApiEnvelope(IMPACT_HISTORY.ref, { meta: object({ pagination: PAGINATION.ref }) })
  @ApiHeadlessErrors(400)
  async history(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: ImpactHistoryDto) {
    const { pagination, ...history }: ImpactHistory = await this.queries.execute(
      new ImpactHistoryQuery(me.shopId, me.customerId, cursorOf(query)),
    );
    return ok(history, { meta: { pagination } });
  }
}
