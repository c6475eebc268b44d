import { Injectable } from '@nestjs/common';
import { DecisionRunner } from '../event-sourcing/decision-runner';
import { tierLadder } from './domain/tier-ladder.decider';
import { tierStreamId } from './domain/tier-events';
import { TierRung } from '../ledger/domain/customer-ledger.decider';

/** The shop's tier ladder as the ledger needs it, read from the tier stream (cached, never stale at decide time for long). */
@Injectable()
export class TierLadderReader {
  constructor(private readonly runner: DecisionRunner) {}

  async rungs(shopId: string): Promise<TierRung[]> {
    const { state } = await this.runner.load(tierLadder, tierStreamId(shopId));
    return Object.values(state.tiers)
      .filter((t) => !t.settings.inactive)
      .map((t) => ({ id: t.id, name: t.settings.name, targetPoint: t.settings.targetPoint }))
      .sort((a, b) => a.targetPoint - b.targetPoint);
  }

  async baseTier(shopId: string): Promise<TierRung | null> {
    const { state } = await this.runner.load(tierLadder, tierStreamId(shopId));
    const base = Object.values(state.tiers).find((t) => t.isSystemTier);
    return base ? { id: base.id, name: base.settings.name, targetPoint: base.settings.targetPoint } : null;
  }
}
