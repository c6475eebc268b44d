import { Inject, Injectable } from '@nestjs/common';
import { CommandMeta } from '../shared/domain/command-meta';
import { Decider } from '../shared/domain/decider';
import { SHOP_TIER_IDS, ShopTierIds } from '../shared/shop-tier-ids';
import { CommandMetas } from './command-metas';
import { DecisionRunner } from './decision-runner';
import { DomainEvent } from './domain-event';

/**
 * Runs commands on one per-shop configuration stream (tiers, programs, webhooks): builds the
 * command's meta (clock and ids injected) and hands it to the DecisionRunner.
 */
@Injectable()
export abstract class ShopStreamCommands<S, C, E extends DomainEvent> {
  protected abstract readonly decider: Decider<S, C, E>;
  protected abstract streamId(shopId: string): string;

  constructor(
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
  ) {}

  /** A new id for what the command creates (a tier, a program, a webhook). */
  newId(): string {
    return this.metas.newId();
  }

  /** Decides `build`'s command on the shop's stream (`meta`: when the caller needs the command's time itself). */
  run(shopId: string, build: (meta: CommandMeta) => C, meta: CommandMeta = this.metas.for(shopId)) {
    return this.runner.run(this.decider, this.streamId(shopId), () => build(meta));
  }
}

/**
 * ShopStreamCommands for a stream whose commands may name the shop's tiers (per-tier program rates,
 * per-tier earning caps): the decider checks them against the shop's own, which runNamingTiers passes.
 */
@Injectable()
export abstract class TierNamingStreamCommands<S, C, E extends DomainEvent> extends ShopStreamCommands<S, C, E> {
  constructor(
    runner: DecisionRunner,
    metas: CommandMetas,
    @Inject(SHOP_TIER_IDS) private readonly tiers: ShopTierIds,
  ) {
    super(runner, metas);
  }

  /** As run, with the ids of the shop's tiers for `build`. */
  async runNamingTiers(shopId: string, build: (meta: CommandMeta, tierIds: string[]) => C) {
    const tierIds = await this.tiers.tierIdsOf(shopId);
    return this.run(shopId, (meta) => build(meta, tierIds));
  }
}
