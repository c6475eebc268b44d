import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { deterministicUuid } from '../../shared/domain/ids';
import { couponTerms, TierReward } from '../../tiers/domain/tier-reward';
import { tierCouponDue } from '../coupons/coupons.decisions';
import { COMBINED_WITH_NOTHING, CouponMinting } from '../coupons/mint-then-record';
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
    private readonly coupons: CouponMinting,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Whether a coupon was granted now. */
  async execute({ change, reward }: GrantTierCouponCommand): Promise<boolean> {
    const rewardId = deterministicUuid(change.eventId, `tier-reward-${reward.id}`);
    const { shopId, customerId } = change;
    if (!tierCouponDue(await this.commands.state(shopId, customerId), change.toTierId, change.eventId, rewardId))
      return false;
    const terms = couponTerms(reward, this.clock.now().toISOString());
    const { rewardType, rewardValue, orderReqAmount, expiresAt, title } = terms;
    const request = {
      ...{ shopId, rewardId, rewardType, rewardValue, orderReqAmount, expiresAt, title },
      platformCustomerId: change.platformCustomerId,
      combinedWith: COMBINED_WITH_NOTHING,
      entitledVariantIds: [],
      codePrefix: terms.codePrefix,
    };
    const recorded = { rewardType, rewardValue, redeemType: 'fixed', orderReqAmount, expiresAt, title };
    // A grant the stream refuses keeps its code: the reward id is the change's, a retry records the same code.
    const decision = await this.coupons.mintThenRecord(
      shopId,
      [{ request, terms: { ...recorded, programDescription: null } }],
      ([coupon]) =>
        this.commands.run(shopId, customerId, (meta) => ({
          type: 'GrantCoupon',
          meta,
          tierId: change.toTierId,
          tierChangedEventId: change.eventId,
          tierRewardId: reward.id,
          reward: coupon,
        })),
      'keepForRetry',
    );
    return decision.events.length > 0;
  }
}
