import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { deterministicUuid } from '../../shared/domain/ids';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { TierChanged } from '../events/customer-events';

/**
 * Grants one coupon reward of the tier a customer moved up into (`index`: the reward's place among
 * the tier's rewards). The reward id derives from (tier change, index): the platform mints one code
 * per id and the ledger records one grant per id, so a retry or a second process never doubles it.
 */
export class GrantTierCouponCommand {
  constructor(
    readonly change: TierChanged,
    readonly reward: Record<string, unknown>,
    readonly index: number,
  ) {}
}

@CommandHandler(GrantTierCouponCommand)
export class GrantTierCouponHandler implements ICommandHandler<GrantTierCouponCommand, void> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ change, reward: r, index }: GrantTierCouponCommand): Promise<void> {
    const rewardId = deterministicUuid(change.eventId, `tier-reward-${index}`);
    const expiresAt = r.expiresInDays
      ? new Date(this.clock.now().getTime() + Number(r.expiresInDays) * 86_400_000).toISOString()
      : null;
    const rewardType = String(r.rewardType);
    const rewardValue = r.rewardValue === undefined ? null : Number(r.rewardValue);
    const title = typeof r.title === 'string' && r.title ? r.title : `${change.toTierName} reward`;
    const discount = await this.platform.createDiscount({
      shopId: change.shopId,
      rewardId,
      rewardType,
      rewardValue,
      orderReqAmount: null,
      expiresAt,
      title,
      platformCustomerId: change.platformCustomerId,
      combinedWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
      entitledVariantIds: [],
    });
    await this.commands.run(
      change.shopId,
      change.customerId,
      (meta) => ({
        type: 'GrantCoupon',
        meta,
        tierId: change.toTierId,
        tierChangedEventId: change.eventId,
        reward: {
          rewardId,
          couponCode: discount.code,
          discountId: discount.discountId,
          priceRuleId: discount.priceRuleId,
          rewardType,
          rewardValue,
          redeemType: 'fixed',
          orderReqAmount: null,
          expiresAt,
          programDescription: null,
          title,
        },
      }),
      // Sent by a feed reader: waiting for the read models here could wait on itself.
      { waitForProjections: false },
    );
  }
}
