import { Body, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Response } from 'express';
import { ok } from '../../shared/http/envelope';
import { V2Customer } from '../../ledger/queries/customer.presenter';
import { SearchCustomersByNameQuery } from './customer-name-search.query';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomersController } from '../../ledger/http/customers.controller';
import { TransactionsController } from '../../ledger/http/transactions.controller';
import { ListCustomersDto, PointsChangeDto } from '../../ledger/http/ledger.dto';
import { AuditController } from '../../audit/http/audit.controller';
import { ReplayDto } from '../../audit/http/audit.dto';
import { AsOfDto } from '../../shared/http/instant';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/** All digits: a platform customer id. */
const PLATFORM_ID = /^\d{1,20}$/;
/** A customer id (the service's own, a UUID). */
const CUSTOMER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Customers page: the management API's customer list, record, the audit replay (History), the
 * state with coupons, and points adjustments (with the page's Idempotency-Key).
 */
@ConsoleApi('customers')
export class CustomersConsoleController {
  constructor(
    private readonly handlers: ManagementHandlers,
    private readonly queries: QueryBus,
  ) {}

  private customers() {
    return this.handlers.of(CustomersController);
  }

  /**
   * `q`: all digits look the platform id up, an address the email (the list's own filter), a UUID the
   * customer id, anything else a name; without `q`, the newest customers (the list's pages).
   */
  @Get()
  async search(@CurrentShop() shop: ShopDoc, @Query() query: ListCustomersDto, @Query('q') q?: string) {
    const text = q?.trim().slice(0, 200);
    if (!text) return this.customers().list(shop, query);
    if (text.includes('@')) return this.customers().list(shop, Object.assign(query, { email: text }));
    if (!PLATFORM_ID.test(text) && !CUSTOMER_ID.test(text)) {
      const named: V2Customer[] = await this.queries.execute(new SearchCustomersByNameQuery(shop, text));
      return ok(named, { meta: { pagination: { hasNext: false, hasPre: false } } });
    }
    const found = PLATFORM_ID.test(text)
      ? await this.customers().getExternal(shop, text, new AsOfDto())
      : await this.customers().get(shop, text, new AsOfDto());
    return ok([found.data], { meta: { pagination: { hasNext: false, hasPre: false } } });
  }

  @Get(':customerId')
  record(@CurrentShop() shop: ShopDoc, @Param('customerId') id: string, @Query() query: AsOfDto) {
    return this.customers().get(shop, id, query);
  }

  /** The History table: the audit replay, each event with the balance after it (paged by revision). */
  @Get(':customerId/history')
  history(
    @CurrentShop() shop: ShopDoc,
    @Param('customerId') id: string,
    @Query() query: ReplayDto,
    @Res() res: Response,
  ): Promise<void> {
    return this.handlers.of(AuditController).replay(shop, id, query, res);
  }

  /** Balance, pending points, tier and coupons, as the auditors' state endpoint gives them. */
  @Get(':customerId/state')
  state(@CurrentShop() shop: ShopDoc, @Param('customerId') id: string, @Query() query: AsOfDto) {
    return this.handlers.of(AuditController).state(shop, id, query);
  }

  /** Adjust points: a signed amount with a reason; the page sends an Idempotency-Key, so a retry pays once. */
  @Post('points/adjust')
  @HttpCode(200)
  adjust(
    @CurrentShop() shop: ShopDoc,
    @Body() body: PointsChangeDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.handlers.of(TransactionsController).adjust(shop, body, key, res);
  }
}
