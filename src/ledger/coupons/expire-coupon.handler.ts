import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** Expires a coupon past its lifetime, unused (the coupon expiry scheduler sends it), and disables its code. */
export class ExpireCouponCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly couponCode: string,
    readonly rewardType: string,
  ) {}
}

@CommandHandler(ExpireCouponCommand)
export class ExpireCouponHandler implements ICommandHandler<ExpireCouponCommand, { expired: boolean }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {}

  async execute({ shopId, customerId, couponCode, rewardType }: ExpireCouponCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'ExpireCoupon',
      meta,
      couponCode,
    }));
    if (decision.events.length === 0) return { expired: false };
    // Store credit is already in the customer's account: there is no code to disable.
    if (rewardType !== 'store_credit') await this.platform.disableDiscount(shopId, couponCode);
    return { expired: true };
  }
}
