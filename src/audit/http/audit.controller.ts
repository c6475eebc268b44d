import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { cutShort, sendOkBatches, writeInTurn } from '../../shared/http/streamed-answer';
import { AuditAccessGuard } from './audit-access.guard';
import { ExportDto, ReplayDto } from './audit.dto';
import { AsOfDto, instant } from '../../shared/http/instant';
import { ReplayCustomerQuery, ReplayResult } from '../queries/replay-customer.query';
import { CustomerStateAsOfQuery } from '../queries/customer-state-as-of.query';
import { ExportLogQuery } from '../queries/export-log';
import { ExportScope } from '../domain/export-chain';
import { ApiAuditKey } from '../../shared/http/openapi/security';
import { ApiEnvelope, ApiErrors, ApiFile } from '../../shared/http/openapi/responses';
import { arrayOf } from '../../shared/http/openapi/schema';
import { CUSTOMER_STATE, REPLAY_META, REPLAYED_EVENT } from './audit.openapi';

@ApiTags('v2 audit')
@ApiAuditKey()
@ApiErrors(401, 429, 503)
@UseGuards(AuditAccessGuard)
@Controller('rest_api/v2/audit')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get('customers/:customerId/events')
  @ApiOperation({ summary: "Replay a customer's stream: each event with the balances the fold gives after it" })
  @ApiEnvelope(arrayOf(REPLAYED_EVENT.ref), { meta: REPLAY_META })
  @ApiErrors(400, 404)
  async replay(
    @CurrentShop() shop: ShopDoc,
    @Param('customerId') customerId: string,
    @Query() query: ReplayDto,
    @Res() res: Response,
  ): Promise<void> {
    const asOf = instant(query.asOf);
    const replay: ReplayResult = await this.queries.execute(
      new ReplayCustomerQuery(shop.id, customerId, {
        after: query.after,
        before: query.before,
        limit: query.limit,
        asOf,
        hasCount: query.hasCount,
      }),
    );
    // Up to 10,000 events (about 8 MB): written as the fold goes, a few at a time, never held whole.
    await sendOkBatches(res, replay.events, (summary) => ({
      customerId: replay.customerId,
      platformCustomerId: summary.platformCustomerId,
      streamId: replay.streamId,
      asOf: asOf ? asOf.toISOString() : null,
      pagination: summary.pagination,
    }));
  }

  @Get('customers/:customerId/state')
  @ApiOperation({ summary: "A customer's balance, pending points, tier and coupons as of an instant" })
  @ApiEnvelope(CUSTOMER_STATE)
  @ApiErrors(400, 404)
  async state(@CurrentShop() shop: ShopDoc, @Param('customerId') customerId: string, @Query() query: AsOfDto) {
    return ok(await this.queries.execute(new CustomerStateAsOfQuery(shop.id, customerId, instant(query.asOf))));
  }

  @Get('export')
  @ApiOperation({ summary: 'Tamper-evident export (NDJSON, SHA-256 chain, signed manifest), streamed' })
  @ApiFile(
    'application/x-ndjson',
    'One JSON object a line: the events, each chained to the one before, then the signed manifest',
  )
  @ApiErrors(400, 404)
  async export(@CurrentShop() shop: ShopDoc, @Query() query: ExportDto, @Res() res: Response): Promise<void> {
    const { lines }: { scope: ExportScope; lines: AsyncGenerator<string> } = await this.queries.execute(
      new ExportLogQuery(shop.id, {
        customerRef: query.customerId,
        from: query.from ? instant(query.from)!.toISOString() : null,
        to: query.to ? instant(query.to)!.toISOString() : null,
        liability: query.liability ?? null,
      }),
    );
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="audit-${shop.id}.ndjson"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      if (await writeInTurn(res, lines)) res.end();
    } catch (error) {
      // Headers are gone: cut the response. The file then has no manifest, which `audit check` reports.
      cutShort(res, error);
    }
  }
}
