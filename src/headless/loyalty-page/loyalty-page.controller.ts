import { Get, Logger, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { Request } from 'express';
import { DomainError } from '../../shared/domain/domain-error';
import { UnknownCursorError } from '../../infrastructure/read-store/read-store.port';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { ClampedInteger } from '../http/clamped-integer';
import { HEADLESS_PREFIX, HeadlessPrincipal } from '../http/headless-request';
import { ListHeadlessActivitiesQuery } from '../activities/list-activities.query';
import { ListHeadlessRewardsQuery } from '../rewards/list-rewards.query';
import { referralHistoryOf } from '../referrals/referral-history.controller';

export class PageDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) before?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) after?: string;
  @ApiPropertyOptional({ default: 10, description: 'more than 50 is read as 50' })
  @IsOptional()
  @ClampedInteger(50)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  limit: number = 10;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(35) locale?: string;
}

export class LoyaltyPageRewardsDto extends PageDto {
  @ApiPropertyOptional({ description: '"true" (default): coupons still usable; "false": used, expired, refunded' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'isAvailableCoupon must be true or false' })
  isAvailableCoupon?: string;
  @ApiPropertyOptional({ description: 'Comma-separated reward ids of the customer to include as well' })
  @IsOptional()
  @IsString()
  @Matches(/^[\w-]+(,[\w-]+){0,49}$/, { message: 'extraCouponIds must be comma-separated reward ids' })
  extraCouponIds?: string;
}

/** Loyalty-page parity answer (spec 2.7): not the v2 envelope; a handled failure is 200 with success false. */
interface ParityAnswer {
  success: boolean;
  data: object[];
  pageInfo: { hasNext: boolean; hasPre: boolean };
  error: string;
}

@HeadlessCustomerApi(`${HEADLESS_PREFIX}/customer/loyalty-page`)
export class LoyaltyPageController {
  private readonly logger = new Logger('LoyaltyPage');

  constructor(
    private readonly queries: QueryBus,
    private readonly customers: CustomerLookup,
  ) {}

  @Get('rewards')
  @ApiOperation({ summary: "Loyalty-page parity read: the customer's coupons" })
  rewards(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: LoyaltyPageRewardsDto, @Req() request: Request) {
    return this.parity(async () => {
      const couponStatus = query.isAvailableCoupon === 'false' ? 'unavailable' : 'available';
      const { redeemed, pagination } = await this.queries.execute(
        new ListHeadlessRewardsQuery(
          me.shopId,
          me.customerId,
          { couponStatus, limit: query.limit, before: query.before, after: query.after },
          localeRequestOf(request),
        ),
      );
      const extra = new Set((query.extraCouponIds ?? '').split(',').filter(Boolean));
      let data: Array<{ id: string }> = redeemed;
      if (extra.size > 0) {
        // The other list holds the rest of the customer's coupons: extras come from there (theirs only).
        const other = await this.queries.execute(
          new ListHeadlessRewardsQuery(
            me.shopId,
            me.customerId,
            { couponStatus: couponStatus === 'available' ? 'unavailable' : 'available', limit: 50 },
            localeRequestOf(request),
          ),
        );
        const shown = new Set(redeemed.map((r: { id: string }) => r.id));
        data = [...redeemed, ...other.redeemed.filter((r: { id: string }) => extra.has(r.id) && !shown.has(r.id))];
      }
      return { data, pageInfo: pagination.redeemed };
    });
  }

  @Get('activities')
  @ApiOperation({ summary: "Loyalty-page parity read: the customer's activity" })
  activities(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: PageDto, @Req() request: Request) {
    return this.parity(async () => {
      const { items, pagination } = await this.queries.execute(
        new ListHeadlessActivitiesQuery(
          me.shopId,
          me.customerId,
          { limit: query.limit, before: query.before, after: query.after },
          localeRequestOf(request),
        ),
      );
      return { data: items, pageInfo: pagination };
    });
  }

  @Get('referral-history')
  @ApiOperation({ summary: 'Loyalty-page parity read: friends referred (empty until referral programs exist)' })
  referrals(@CurrentCustomer() me: HeadlessPrincipal, @Query() _query: PageDto) {
    return this.parity(async () => {
      const { items, pagination } = await referralHistoryOf(this.customers, me);
      return { data: items, pageInfo: pagination };
    });
  }

  /** Refusals of the read itself (a stale cursor, a missing record) are answered, not thrown. */
  private async parity(read: () => Promise<Omit<ParityAnswer, 'success' | 'error'>>): Promise<ParityAnswer> {
    try {
      const { data, pageInfo } = await read();
      return { success: true, data, pageInfo: { hasNext: pageInfo.hasNext, hasPre: pageInfo.hasPre }, error: '' };
    } catch (error) {
      const handled = error instanceof UnknownCursorError || (error instanceof DomainError && error.status < 500);
      if (!handled) throw error;
      this.logger.warn(`loyalty-page read refused: ${(error as Error).message}`);
      return {
        success: false,
        data: [],
        pageInfo: { hasNext: false, hasPre: false },
        error: (error as Error).message,
      };
    }
  }
}
