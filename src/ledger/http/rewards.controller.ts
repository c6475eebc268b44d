import { platformIdValue } from '../../shared/domain/platform-ids';
import { Body, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { Response } from 'express';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiPage } from '../../shared/http/openapi/responses';
import { COUPON_REFUND, REDEEM_META, REFUND_META, V2_REWARD } from './ledger.openapi';
import { object } from '../../shared/http/openapi/schema';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { idempotencyOf, IdempotentWrite, markReplayed } from '../../shared/http/idempotent-write';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok, okPage, PagedList } from '../../shared/http/envelope';
import { listOptionsOf } from './list-options';
import { because } from '../../shared/domain/domain-error';
import { FindCustomerQuery, FindNamedCustomerQuery } from '../queries/find-customer.query';
import { RedeemRewardCommand, RedeemResult } from '../coupons/redeem-reward.handler';
import { RefundCouponCommand } from '../coupons/refund-coupon.handler';
import { amountText } from '../../shared/domain/money';
import { RewardDoc } from '../read-models/reward-read-models';
import { GetRewardQuery, ListRewardsQuery } from '../queries/rewards.query';
import { ListRewardsDto, RedeemDto, RefundCouponDto } from './rewards.dto';

/** Spec 2.9 Reward. */
export function presentReward(r: RewardDoc) {
  return {
    id: r.id,
    customerId: r.customerId,
    email: r.email,
    couponCode: r.couponCode,
    programTitle: r.programTitle,
    platformCustomerId: r.platformCustomerId,
    programDescription: r.programDescription,
    // Spec 2.9: a string; "0.00" when the coupon has no minimum order.
    orderReqAmount: amountText(r.orderReqAmount),
    expiredAt: r.expiredAt,
    discountStatus: r.discountStatus,
    program: { id: r.programId, title: r.programTitle },
    rewardType: r.rewardType,
    rewardValue: r.rewardValue,
    pointsSpent: r.pointsSpent,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

@ManagementApi('rest_api/v2', 'v2 rewards')
export class RewardsController extends CqrsController {
  @Post('programs/redemption/redeem')
  @HttpCode(200)
  @ApiOperation({ summary: "Spend points on a spending program's reward (mints a coupon)" })
  @ApiEnvelope(object({}), { meta: REDEEM_META })
  @ApiErrors(400, 403, 404, 409)
  @IdempotentWrite()
  async redeem(
    @CurrentShop() shop: ShopDoc,
    @Body() body: RedeemDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const idempotency = idempotencyOf(key, { kind: 'redeem', ...body });
    const result: RedeemResult = await this.commands.execute(
      new RedeemRewardCommand(
        shop.id,
        platformIdValue(body.platformCustomerId),
        body.programId,
        body.quantity,
        'rest_api',
        body.variantId ?? null,
        idempotency,
      ),
    );
    markReplayed(res, result);
    const { replayed: _replayed, ...meta } = result;
    return ok({}, { message: 'Reward redeemed', meta });
  }

  @Get('rewards')
  @ApiOperation({ summary: "A customer's coupons (cursor pagination by reward id)" })
  @ApiPage(V2_REWARD)
  @ApiErrors(400, 404)
  async list(@CurrentShop() shop: ShopDoc, @Query() query: ListRewardsDto) {
    const customer = await this.queries.execute(
      new FindNamedCustomerQuery(shop.id, query.customerId, query.platformCustomerId),
    );
    if (!customer) throw because.badRequest('customerId or platformCustomerId is required', { field: 'customerId' });
    const page: PagedList<RewardDoc> = await this.queries.execute(
      new ListRewardsQuery(shop.id, customer.id, { ...listOptionsOf(query), status: query.status, type: query.type }),
    );
    return okPage(page, presentReward);
  }

  @Get('rewards/:rewardId')
  @ApiOperation({ summary: 'One coupon' })
  @ApiEnvelope(V2_REWARD)
  @ApiErrors(404)
  async get(@CurrentShop() shop: ShopDoc, @Param('rewardId') rewardId: string) {
    const reward: RewardDoc = await this.queries.execute(new GetRewardQuery(shop.id, rewardId));
    return ok(presentReward(reward));
  }

  @Post('rewards/coupons/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give a coupon back: its points return to the owner' })
  @ApiEnvelope(COUPON_REFUND, { meta: REFUND_META })
  @ApiErrors(400, 404)
  async refund(@CurrentShop() shop: ShopDoc, @Body() body: RefundCouponDto) {
    await this.queries.execute(new FindCustomerQuery(shop.id, { platformId: body.platformCustomerId })).catch(() => {
      throw because.badRequest('platformCustomerId is not a customer of this shop', { field: 'platformCustomerId' });
    });
    const result = await this.commands.execute(
      new RefundCouponCommand(
        shop.id,
        platformIdValue(body.platformCustomerId),
        body.discountCode,
        body.reason ?? null,
      ),
    );
    return ok(
      { success: true, message: `${result.pointsReturned} points returned` },
      { message: 'Coupon refunded', meta: result },
    );
  }
}
