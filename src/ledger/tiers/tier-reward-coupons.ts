import { Inject, Injectable, Logger } from '@nestjs/common';
import { EVENT_STORE, EventStore, GlobalPosition } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { PollingLoop } from '../../shared/polling-loop';
import { DomainError } from '../../shared/domain/domain-error';
import { AppConfig } from '../../config/app-config';
import { CustomerEventType, TierChanged } from '../events/customer-events';
import { TierCatalog } from '../../tiers/tier-catalog';
import { CommandBus } from '@nestjs/cqrs';
import { GrantTierCouponCommand } from './grant-tier-coupon.handler';
import { couponRewardsOf } from '../../tiers/domain/tier-reward';

/** Its checkpoint's name (carried over by `loyalty migrate events`). */
export const TIER_REWARD_COUPONS_CHECKPOINT = 'tier_reward_coupons';
const CHECKPOINT = TIER_REWARD_COUPONS_CHECKPOINT;
const BATCH = 1000;

/**
 * Grants the coupon rewards of a tier to the move that claimed them (the customer's first move up into
 * it with rewards triggered; bonus points are paid in the same decision as the move). A reader of the global feed with its own
 * checkpoint, so a slow or failing commerce platform holds back only these grants, never the read
 * models. Each grant is a command (GrantTierCouponCommand), idempotent per (tier change, reward).
 */
@Injectable()
export class TierRewardCoupons {
  private readonly logger = new Logger('TierRewardCoupons');
  private checkpoint: GlobalPosition | null = null;
  private readonly loop: PollingLoop;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandBus,
    private readonly tiers: TierCatalog,
    config: AppConfig,
  ) {
    // Not nudged on every append: grants can wait a second, and the feed stays free for the read models.
    this.loop = new PollingLoop({
      what: 'Tier reward coupons step',
      logger: this.logger,
      work: () => this.step(),
      pageSize: BATCH,
      idlePauseMs: () => Math.max(config.projectionPollMs, 1000),
    });
  }

  async start(): Promise<void> {
    this.checkpoint = await this.eventStore.readCheckpoint(CHECKPOINT);
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Grants what the feed holds now; returns how many events were read. */
  async step(): Promise<number> {
    const events = await this.eventStore.readAll({ after: this.checkpoint, limit: BATCH });
    for (const recorded of events) {
      if (recorded.type === CustomerEventType.TierChanged) {
        const change = fromRecorded<TierChanged>(recorded);
        // Moves recorded before `rewarded` existed: the ledger judges whether they claimed the rewards.
        if (change.rewarded ?? (change.direction === 'up' && change.triggerReward)) await this.grant(change);
      }
      // Advance past each event only once its grants are recorded: a failure retries from here.
      this.checkpoint = recorded.position;
    }
    if (events.length > 0) await this.eventStore.storeCheckpoint(CHECKPOINT, this.checkpoint);
    return events.length;
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
