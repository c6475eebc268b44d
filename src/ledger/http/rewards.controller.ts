import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { Response } from 'express';
import { checkIdempotencyKey } from '../queries/idempotency-keys';
import { sha256Hex, stableStringify } from '../../shared/domain/ids';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentShop, ShopAuthGuard } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok, PaginationMeta } from '../../shared/http/envelope';
import { because } from '../../shared/domain/domain-error';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerLookup } from '../queries/customer-lookup';
import { RedeemRewardCommand, RedeemResult } from '../coupons/redeem-reward.handler';
import { RefundCouponCommand } from '../coupons/refund-coupon.handler';
import { amountText } from '../../shared/domain/money';
import { RewardDoc, REWARDS } from '../projections/reward-view.projection';
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

@ApiTags('v2 rewards')
@ApiHeader({ name: 'X-Svc-Loyalty-App-Key', required: true })
@ApiHeader({ name: 'X-Svc-Loyalty-Secret-Key', required: true })
@UseGuards(ShopAuthGuard)
@Controller('rest_api/v2')
export class RewardsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly customers: CustomerLookup,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  @Post('programs/redemption/redeem')
  @HttpCode(200)
  @ApiOperation({ summary: "Spend points on a spending program's reward (mints a coupon)" })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  async redeem(
    @CurrentShop() shop: ShopDoc,
    @Body() body: RedeemDto,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    checkIdempotencyKey(key);
    const idempotency = key ? { key, requestHash: sha256Hex(stableStringify({ kind: 'redeem', ...body })) } : null;
    const result: RedeemResult = await this.commands.execute(
      new RedeemRewardCommand(
        shop.id,
        Number(body.platformCustomerId),
        body.programId,
        body.quantity,
        'rest_api',
        body.variantId ?? null,
        idempotency,
      ),
    );
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    const { replayed: _replayed, ...meta } = result;
    return ok({}, { message: 'Reward redeemed', meta });
  }

  @Get('rewards')
  @ApiOperation({ summary: "A customer's coupons (cursor pagination by reward id)" })
  async list(@CurrentShop() shop: ShopDoc, @Query() query: ListRewardsDto) {
    if (!query.customerId && !query.platformCustomerId)
      throw because.badRequest('customerId or platformCustomerId is required', { field: 'customerId' });
    const customer = query.customerId
      ? await this.customers.byId(shop.id, query.customerId)
      : await this.customers.byPlatformId(shop.id, query.platformCustomerId!);
    const rewards = await this.readStore.collection<RewardDoc>(REWARDS);
    const createdAt =
      query.created_at_min || query.created_at_max
        ? {
            ...(query.created_at_min ? { $gte: new Date(query.created_at_min).toISOString() } : {}),
            ...(query.created_at_max ? { $lte: new Date(query.created_at_max).toISOString() } : {}),
          }
        : undefined;
    const filter: Filter = {
      customerId: customer.id,
      shopId: shop.id,
      discountStatus: query.status,
      rewardType: query.type,
      createdAt,
    };
    const page = await rewards.page({
      filter,
      sort: { field: 'sortKey', direction: query.order === 'createdAt_asc' ? 'asc' : 'desc' },
      scope: { shopId: shop.id, customerId: customer.id },
      limit: query.limit,
      after: query.after,
      before: query.before,
    });
    const pagination: PaginationMeta = { hasNext: page.hasNext, hasPre: page.hasPre };
    if (query.hasCount) {
      pagination.total = await rewards.count(filter);
      pagination.totalPage = Math.ceil(pagination.total / query.limit);
    }
    return ok(page.items.map(presentReward), { meta: { pagination } });
  }

  @Get('rewards/:rewardId')
  @ApiOperation({ summary: 'One coupon' })
  async get(@CurrentShop() shop: ShopDoc, @Param('rewardId') rewardId: string) {
    const reward = await (await this.readStore.collection<RewardDoc>(REWARDS)).get(rewardId);
    if (!reward || reward.shopId !== shop.id) throw because.notFound('Reward');
    return ok(presentReward(reward));
  }

  @Post('rewards/coupons/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Give a coupon back: its points return to the owner' })
  async refund(@CurrentShop() shop: ShopDoc, @Body() body: RefundCouponDto) {
    await this.customers.byPlatformId(shop.id, body.platformCustomerId).catch(() => {
      throw because.badRequest('platformCustomerId is not a customer of this shop', { field: 'platformCustomerId' });
    });
    const result = await this.commands.execute(
      new RefundCouponCommand(shop.id, Number(body.platformCustomerId), body.discountCode, body.reason ?? null),
    );
    return ok(
      { success: true, message: `${result.pointsReturned} points returned` },
      { message: 'Coupon refunded', meta: result },
    );
  }
}
