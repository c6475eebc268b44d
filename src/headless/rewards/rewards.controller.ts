import { Body, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Response } from 'express';
import { because } from '../../shared/domain/domain-error';
import { checkIdempotencyKey, idempotencyOf, IdempotentWrite, markReplayed } from '../../shared/http/idempotent-write';
import { ok } from '../../shared/http/envelope';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { RedeemRewardCommand, RedeemResult } from '../../ledger/coupons/redeem-reward.handler';
import { ProgramCatalog } from '../../programs/program-catalog';
import { shownOnLoyaltyPage } from '../../programs/kinds/spending-rules';
import { rewardOf } from '../../programs/kinds/spending-rule';
import { redemptionOf } from '../../programs/kinds/kinds';
import { ShopText } from '../../translations/queries/shop-text';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { cursorOf, CursorPageDto, LocaleField, NumericPlatformId } from '../../storefront-api/http/headless-query';
import { ListHeadlessRewardsQuery } from './list-rewards.query';
import { RequiredText, WholeNumber } from '../../shared/http/field-rules';
import { ApiEnvelope, ApiHeadlessErrors, PAGINATION } from '../../shared/http/openapi/responses';
import { arrayOf, object } from '../../shared/http/openapi/schema';
import { AVAILABLE_REWARD, HEADLESS_REDEMPTION, REDEEMED_COUPON } from '../http/headless.openapi';

export class RewardsQueryDto extends CursorPageDto({
  defaultLimit: 10,
  limit: 'Redeemed page size; more than 50 is read as 50',
  before: 'Reward id: redeemed coupons before it (ignored for unavailable)',
  after: 'Reward id: redeemed coupons after it (ignored for unavailable)',
}) {
  @ApiPropertyOptional({ enum: ['available', 'unavailable'], default: 'available' })
  @IsOptional()
  @IsIn(['available', 'unavailable'], { message: 'couponStatus must be available or unavailable' })
  couponStatus: 'available' | 'unavailable' = 'available';
  @LocaleField() locale?: string;
}

export class HeadlessRedeemDto {
  @ApiProperty() @RequiredText(100) programId: string;
  @ApiPropertyOptional({ description: 'Dynamic rewards: the points to spend, a multiple of pointsCost' })
  @IsOptional()
  @WholeNumber(1, 1_000_000_000)
  points?: number;
  @ApiPropertyOptional({ description: 'Free gifts (giftSelectionMode one): the chosen variant id' })
  @IsOptional()
  @NumericPlatformId('variant')
  variantId?: string;
}

@HeadlessCustomerApi()
export class HeadlessRewardsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly customers: CustomerLookup,
    private readonly catalog: ProgramCatalog,
    private readonly text: ShopText,
  ) {}

  @HeadlessGet('customer/rewards', 'Rewards the customer can redeem now (spec 2.4) and a page of the coupons they hold')
  @ApiEnvelope(object({ available: arrayOf(AVAILABLE_REWARD.ref), redeemed: arrayOf(REDEEMED_COUPON.ref) }), {
    meta: object({ pagination: object({ redeemed: PAGINATION.ref }) }),
  })
  @ApiHeadlessErrors(400)
  async rewards(@CurrentCustomer() me: HeadlessCaller, @Query() query: RewardsQueryDto) {
    const { available, redeemed, pagination } = await this.queries.execute(
      new ListHeadlessRewardsQuery(
        me.shopId,
        me.customerId,
        { couponStatus: query.couponStatus, ...cursorOf(query) },
        me.locale,
      ),
    );
    return ok({ available, redeemed }, { meta: { pagination } });
  }

  @Post('customer/redeem')
  @HttpCode(200)
  @IdempotentWrite()
  @ApiOperation({
    summary:
      'Spend points on a reward: the v2 redemption (same rules and errors). points for dynamic rewards, variantId for gifts',
  })
  @ApiEnvelope(HEADLESS_REDEMPTION)
  @ApiHeadlessErrors(400, 403, 404, 409)
  async redeem(
    @CurrentCustomer() me: HeadlessCaller,
    @Body() body: HeadlessRedeemDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    checkIdempotencyKey(key);
    const customer = await this.customers.byId(me.shopId, me.customerId);
    const quantity = await this.quantityOf(me.shopId, body);
    const idempotency = idempotencyOf(key, {
      kind: 'redeem',
      programId: body.programId,
      quantity,
      variantId: body.variantId ?? null,
    });
    const result: RedeemResult = await this.commands.execute(
      new RedeemRewardCommand(
        me.shopId,
        customer.platformCustomerId,
        body.programId,
        quantity,
        'source_headless',
        body.variantId ?? null,
        idempotency,
      ),
    );
    markReplayed(res, result);
    const text = await this.text.for(me.shopId, me.locale);
    const { replayed: _replayed, ...data } = result;
    return ok(data, { message: text.t('reward.redeemed_success', { points: result.pointsSpent }) });
  }

  /** Fixed rewards are bought once; dynamic ones in steps of pointsCost (`points` names the total): the kind's arithmetic. */
  private async quantityOf(shopId: string, body: HeadlessRedeemDto): Promise<number> {
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === body.programId && p.kind === 'spending');
    // Unknown programs are the redemption's to refuse (404, as on v2).
    if (!program) return 1;
    // A reward the merchant keeps off the loyalty page is theirs to hand out (v2), not the storefront's.
    if (!shownOnLoyaltyPage(program))
      throw because.invalidProgram(`Program ${program.id} is not offered on the loyalty page`);
    // What the shopper sent (`points` for a dynamic reward) is the kind's to turn into a quantity.
    return redemptionOf(program.event).quantityOf(rewardOf(program.settings.spending), { points: body.points });
  }
}
