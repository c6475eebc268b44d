import { Body, Controller, Get, Inject, Put, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { ok } from '../../shared/http/envelope';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { shopDecider } from '../domain/shop.decider';
import { PointsExpiryPolicy, shopStreamId } from '../domain/shop-events';
import { CurrentShop, ShopAuthGuard } from './shop-auth.guard';
import { ShopDirectory } from '../shop-directory';
import { ShopDoc } from '../projections/shop-read-models';

export class PointsExpiryDto {
  @ApiPropertyOptional({ enum: ['off', 'inactivity', 'fixed_date'] }) @IsIn(['off', 'inactivity', 'fixed_date'], { message: 'mode must be off, inactivity or fixed_date' }) mode: 'off' | 'inactivity' | 'fixed_date';
  @ApiPropertyOptional({ description: 'inactivity: days without earning or spending' }) @IsOptional() @IsInt() @Min(1) @Max(3650) inactivityDays?: number;
  @ApiPropertyOptional({ description: 'fixed_date: MM-DD, every year in the shop time zone' }) @IsOptional() @IsString() fixedDate?: string;
}

const OFF: PointsExpiryPolicy = { mode: 'off', inactivityDays: null, fixedDate: null };

@ApiTags('v2 shop')
@ApiHeader({ name: 'X-Svc-Loyalty-App-Key', required: true })
@ApiHeader({ name: 'X-Svc-Loyalty-Secret-Key', required: true })
@UseGuards(ShopAuthGuard)
@Controller('rest_api/v2/settings/points-expiry')
export class SettingsController {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly shops: ShopDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The points expiry policy' })
  async get(@CurrentShop() shop: ShopDoc) {
    return ok((await this.shops.byId(shop.id))?.pointsExpiry ?? OFF);
  }

  @Put()
  @ApiOperation({ summary: 'Set the points expiry policy (off, inactivity, fixed_date)' })
  async set(@CurrentShop() shop: ShopDoc, @Body() body: PointsExpiryDto) {
    const policy: PointsExpiryPolicy = { mode: body.mode, inactivityDays: body.inactivityDays ?? null, fixedDate: body.fixedDate ?? null };
    await this.runner.run(shopDecider, shopStreamId(shop.id), () => ({
      type: 'SetPointsExpiry' as const,
      shopId: shop.id,
      eventId: this.ids.next(),
      occurredAt: this.clock.now().toISOString(),
      policy,
    }));
    return ok(policy, { message: 'Points expiry updated' });
  }
}
