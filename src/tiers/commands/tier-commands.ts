import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { tierLadder, TierCommand } from '../domain/tier-ladder.decider';
import { tierStreamId } from '../domain/tier-events';

/** Runs a command on a shop's tier ladder stream. */
@Injectable()
export class TierLadderCommands {
  constructor(
    private readonly runner: DecisionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  run(shopId: string, build: (meta: { shopId: string; occurredAt: string; newId: () => string }) => TierCommand) {
    const meta = { shopId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
    return this.runner.run(tierLadder, tierStreamId(shopId), () => build(meta));
  }

  newTierId(): string {
    return this.ids.next();
  }
}
