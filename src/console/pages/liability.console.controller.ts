import { Get, Inject, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { LiabilityController } from '../../audit/http/liability.controller';
import { INTERVALS, LiabilityDto } from '../../audit/liability/liability.dto';
import { DayInterval } from '../../shared/domain/zoned-days';
import { IntegerInRange } from '../../shared/http/field-rules';
import { ToInteger } from '../../shared/http/query-transforms';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';
import { yearToDate } from './shop-months';

/** The page's period selector: a year (to date) and the periods' length. */
export class ConsoleLiabilityDto {
  @IsOptional()
  @ToInteger()
  @IntegerInRange(2000, 2100)
  year?: number;
  @IsOptional()
  @IsIn(INTERVALS, { message: 'interval must be day, week or month' })
  interval: DayInterval = 'month';
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format: 'json' | 'csv' = 'json';
}

/** The Liability page: the auditors' roll-forward (JSON for the chart and table, CSV for the download). */
@ConsoleApi('liability')
export class LiabilityConsoleController {
  constructor(
    private readonly handlers: ManagementHandlers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  liability(
    @CurrentShop() shop: ShopDoc,
    @Query() query: ConsoleLiabilityDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const now = this.clock.now();
    const year = query.year ?? now.getUTCFullYear();
    const period = yearToDate(year, now, shop.timezone);
    const request = plainToInstance(LiabilityDto, { ...period, interval: query.interval, format: query.format });
    return this.handlers.of(LiabilityController).liability(shop, request, res);
  }
}
