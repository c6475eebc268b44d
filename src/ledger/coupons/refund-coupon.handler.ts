import { Inject, Logger } from '@nestjs/common';
import { RedemptionQuotas } from './redemption-quotas';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** A coupon given back by its owner: the points return, the code stops working. */
export class RefundCouponCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly couponCode: string,
    readonly reason: string | null,
  ) {}
}

@CommandHandler(RefundCouponCommand)
export class RefundCouponHandler implements ICommandHandler<
  RefundCouponCommand,
  { pointsReturned: number; newPoint: number }
> {
  private readonly logger = new Logger('Redemption');

  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    private readonly quotas: RedemptionQuotas,
  ) {}

  async execute({ shopId, platformCustomerId, couponCode, reason }: RefundCouponCommand) {
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
      type: 'RefundCoupon',
      meta,
      couponCode,
      reason,
      source: 'rest_api',
    }));
    await this.platform
      .disableDiscount(shopId, couponCode)
      .catch((e) => this.logger.error(`Could not disable ${couponCode}: ${e}`));
    // A refunded coupon no longer counts against the program's shop-wide quota.
    const coupon = decision.before.coupons[couponCode];
    if (coupon?.programId)
      await this.quotas
        .release(shopId, coupon.programId, coupon.rewardId)
        .catch((e) => this.logger.error(`Could not release a quota slot: ${e}`));
    return { pointsReturned: decision.after.points - decision.before.points, newPoint: decision.after.points };
  }
}
