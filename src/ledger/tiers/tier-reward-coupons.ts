import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { FeedReaction } from '../../projections/feed-reaction';
import { DomainError } from '../../shared/domain/domain-error';
import { AppConfig } from '../../config/app-config';
import { CustomerEventType, TierChanged } from '../customer-events';
import { TierCatalog } from '../../tiers/tier-catalog';
import { CommandBus } from '@nestjs/cqrs';
import { GrantTierCouponCommand } from './grant-tier-coupon.handler';
import { couponRewardsOf } from '../../tiers/domain/tier-reward';

/** Its checkpoint's name (carried over by `loyalty migrate events`). */
export const TIER_REWARD_COUPONS_CHECKPOINT = 'tier_reward_coupons';
const TYPES: ReadonlySet<string> = new Set([CustomerEventType.TierChanged]);

/**
 * Grants the coupon rewards of a tier to the move that claimed them (the customer's first move up into
 * it with rewards triggered; bonus points are paid in the same decision as the move), as a
 * FeedReaction: a slow or failing commerce platform holds back only these grants. Each grant is a
 * command (GrantTierCouponCommand), idempotent per (tier change, reward).
 */
@Injectable()
export class TierRewardCoupons extends FeedReaction {
  protected readonly logger = new Logger('TierRewardCoupons');
  protected readonly checkpointName = TIER_REWARD_COUPONS_CHECKPOINT;
  protected readonly types = TYPES;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    private readonly commands: CommandBus,
    private readonly tiers: TierCatalog,
    config: AppConfig,
  ) {
    super(eventStore, 'Tier reward coupons', () => config.projectionPollMs);
  }

  protected async react(recorded: RecordedEvent): Promise<void> {
    const change = fromRecorded<TierChanged>(recorded);
    // Moves recorded before `rewarded` existed: the ledger judges whether they claimed the rewards.
    if (change.rewarded ?? (change.direction === 'up' && change.triggerReward)) await this.grant(change);
  }
  private async grant(change: TierChanged): Promise<void> {
    const tier = (await this.tiers.forShop(change.shopId)).docs.find((t) => t.id === change.toTierId);
    for (const reward of couponRewardsOf(tier?.tierRewards ?? [], change.occurredAt)) {
      try {
        await this.commands.execute(new GrantTierCouponCommand(change, reward));
      } catch (error) {
        // Only an outage is worth waiting for; a refused grant must not hold back every later one.
        if (error instanceof DomainError && error.code === 'PLATFORM_UNAVAILABLE') throw error;
        this.logger.error(
          `Tier reward ${reward.id} of tier ${change.toTierId} for customer ${change.customerId} was not granted: ${(error as Error).message}`,
        );
      }
    }
  }
}
