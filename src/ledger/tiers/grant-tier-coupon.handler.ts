import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { deterministicUuid } from '../../shared/domain/ids';
import { couponTerms, TierReward } from '../../tiers/domain/tier-reward';
import { tierCouponDue } from '../coupons/coupons.decisions';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { TierChanged } from '../customer-events';

/**
 * Grants one coupon reward of the tier a customer moved up into. The coupon's reward id derives from
 * (tier change, tier reward): the platform mints one code per id and the ledger records one grant per
 * id, so a retry or a second process never doubles it. Nothing is minted unless the customer's
 * stream says the move claimed the tier's rewards and the coupon is not held yet (a re-entry mints nothing).
 */
export class GrantTierCouponCommand {
  constructor(
    readonly change: TierChanged,
    readonly reward: TierReward,
  ) {}
}

@CommandHandler(GrantTierCouponCommand)
export class GrantTierCouponHandler implements ICommandHandler<GrantTierCouponCommand, boolean> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether a coupon was granted now. */
  async execute({ change, reward }: GrantTierCouponCommand): Promise<boolean> {
    const rewardId = deterministicUuid(change.eventId, `tier-reward-${reward.id}`);
    const { shopId, customerId } = change;
    if (!tierCouponDue(await this.commands.state(shopId, customerId), change.toTierId, change.eventId, rewardId))
      return false;
    const terms = couponTerms(reward, this.clock.now().toISOString());
    const discount = await this.platform.createDiscount({
      shopId,
      rewardId,
      rewardType: terms.rewardType,
      rewardValue: terms.rewardValue,
      orderReqAmount: terms.orderReqAmount,
      expiresAt: terms.expiresAt,
      title: terms.title,
      platformCustomerId: change.platformCustomerId,
      combinedWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
      entitledVariantIds: [],
      codePrefix: terms.codePrefix,
    });
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'GrantCoupon',
      meta,
      tierId: change.toTierId,
      tierChangedEventId: change.eventId,
      tierRewardId: reward.id,
      reward: {
        rewardId,
        couponCode: discount.code,
        discountId: discount.discountId,
        priceRuleId: discount.priceRuleId,
        rewardType: terms.rewardType,
        rewardValue: terms.rewardValue,
        redeemType: 'fixed',
        orderReqAmount: terms.orderReqAmount,
        expiresAt: terms.expiresAt,
        programDescription: null,
        title: terms.title,
      },
    }));
    return decision.events.length > 0;
  }
}
