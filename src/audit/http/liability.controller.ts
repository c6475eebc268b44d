import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { instant } from '../../shared/http/instant';
import { AuditAccessGuard } from './audit-access.guard';
import { INTERVALS, LiabilityDto } from '../liability/liability.dto';
import { LiabilityRollForward, LiabilityRollForwardQuery } from '../liability/liability-roll-forward.query';
import { liabilityCsv } from '../liability/liability.csv';
import { LIABILITY_SCHEMA } from './liability.openapi';
import { ApiAuditKey } from '../../shared/http/openapi/security';
import { ApiErrors } from '../../shared/http/openapi/responses';

@ApiTags('v2 audit')
@ApiAuditKey()
@ApiErrors(401, 429, 503)
@UseGuards(AuditAccessGuard)
@Controller('rest_api/v2/audit')
export class LiabilityController {
  constructor(private readonly queries: QueryBus) {}

  @Get('liability')
  @ApiOperation({
    summary: 'The points liability roll-forward: opening, issued, redeemed, expired, adjusted, reversed, closing',
    description:
      "Per period of the shop's time zone, from the per-day projection. from and to are midnights of the " +
      "shop's time zone with their offset; the first and last periods may be partial. format=csv answers text/csv.",
  })
  @ApiQuery({ name: 'from', required: true, type: String, example: '2026-03-01T00:00:00+01:00' })
  @ApiQuery({ name: 'to', required: true, type: String, example: '2026-04-01T00:00:00+02:00' })
  @ApiQuery({ name: 'interval', required: false, enum: INTERVALS })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiQuery({ name: 'breakageMonths', required: false, type: Number })
  @ApiResponse({
    status: 200,
    description: 'The roll-forward (JSON envelope, or CSV with format=csv)',
    content: { 'application/json': { schema: LIABILITY_SCHEMA }, 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiErrors(400)
  async liability(
    @CurrentShop() shop: ShopDoc,
    @Query() query: LiabilityDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const answer: LiabilityRollForward = await this.queries.execute(
      new LiabilityRollForwardQuery(shop.id, {
        from: instant(query.from)!,
        to: instant(query.to)!,
        interval: query.interval,
        breakageMonths: query.breakageMonths,
      }),
    );
    res.setHeader('Cache-Control', 'no-store');
    if (query.format !== 'csv') return ok(answer);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="liability-${shop.id}.csv"`);
    return liabilityCsv(answer);
  }
}
