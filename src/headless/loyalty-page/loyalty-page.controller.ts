import { Logger, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { DomainError } from '../../shared/domain/domain-error';
import { validateInHandler, ValidatedByHandler } from '../../shared/http/validation';
import { UnknownCursorError } from '../../infrastructure/read-store/read-store.port';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { cursorOf, CursorPageDto, LocaleField } from '../../storefront-api/http/headless-query';
import { HEADLESS_PREFIX, HeadlessCaller, HeadlessPrincipal } from '../../storefront-api/http/headless-request';
import { ListHeadlessActivitiesQuery } from '../activities/list-activities.query';
import { ListHeadlessRewardsQuery } from '../rewards/list-rewards.query';
import { referralHistoryOf } from '../../ledger/referrals/http/referral-history.controller';
import { ApiPlain } from '../../shared/http/openapi/responses';
import { HEADLESS_ACTIVITY, parityAnswer, REDEEMED_COUPON } from '../http/headless.openapi';
import { REFERRAL_HISTORY_ITEM } from '../../ledger/referrals/http/referrals.openapi';

/** Validated by the handler: a malformed query is a parity answer too (200, success false). */
@ValidatedByHandler()
export class PageDto extends CursorPageDto({ defaultLimit: 10 }) {
  @LocaleField() locale?: string;
}

@ValidatedByHandler()
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

  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet('rewards', "Loyalty-page parity read: the customer's coupons")
  @ApiPlain(parityAnswer(REDEEMED_COUPON.ref))
  rewards(@CurrentCustomer() me: HeadlessCaller, @Query() raw: LoyaltyPageRewardsDto) {
    return this.parity(async () => {
      const query = await validateInHandler(LoyaltyPageRewardsDto, raw, 'query');
      const couponStatus = query.isAvailableCoupon === 'false' ? 'unavailable' : 'available';
      const { redeemed, pagination } = await this.queries.execute(
        new ListHeadlessRewardsQuery(me.shopId, me.customerId, { couponStatus, ...cursorOf(query) }, me.locale),
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
            me.locale,
          ),
        );
        const shown = new Set(redeemed.map((r: { id: string }) => r.id));
        data = [...redeemed, ...other.redeemed.filter((r: { id: string }) => extra.has(r.id) && !shown.has(r.id))];
      }
      return { data, pageInfo: pagination.redeemed };
    });
  }

  @HeadlessGet('activities', "Loyalty-page parity read: the customer's activity")
  @ApiPlain(parityAnswer(HEADLESS_ACTIVITY.ref))
  activities(@CurrentCustomer() me: HeadlessCaller, @Query() raw: PageDto) {
    return this.parity(async () => {
      const query = await validateInHandler(PageDto, raw, 'query');
      const { items, pagination } = await this.queries.execute(
        new ListHeadlessActivitiesQuery(me.shopId, me.customerId, cursorOf(query), me.locale),
      );
      return { data: items, pageInfo: pagination };
    });
  }

  @HeadlessGet('referral-history', 'Loyalty-page parity read: the friends the customer referred, with their state')
  @ApiPlain(parityAnswer(REFERRAL_HISTORY_ITEM.ref))
  referrals(@CurrentCustomer() me: HeadlessPrincipal, @Query() raw: PageDto) {
    return this.parity(async () => {
      const query = await validateInHandler(PageDto, raw, 'query');
      const { items, pagination } = await referralHistoryOf(this.queries, me, query);
      return { data: items, pageInfo: pagination };
    });
  }

  /** Refusals of the read itself (a malformed query, a stale cursor, a missing record) are answered, not thrown. */
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
