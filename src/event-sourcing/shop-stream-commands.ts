import { Inject } from '@nestjs/common';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../shared/domain/clock';
import { Decider } from '../shared/domain/decider';
import { DecisionRunner } from './decision-runner';
import { DomainEvent } from './domain-event';

export interface ShopCommandMeta {
  shopId: string;
  occurredAt: string;
  newId: () => string;
}

/**
 * Runs commands on one per-shop configuration stream (tiers, programs, webhooks): builds the
 * command's meta (clock and ids injected) and hands it to the DecisionRunner.
 */
export abstract class ShopStreamCommands<S, C, E extends DomainEvent> {
  protected abstract readonly decider: Decider<S, C, E>;
  protected abstract streamId(shopId: string): string;

  constructor(
    private readonly runner: DecisionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** A new id for what the command creates (a tier, a program, a webhook). */
  newId(): string {
    return this.ids.next();
  }

  run(shopId: string, build: (meta: ShopCommandMeta) => C) {
    const meta = { shopId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
    return this.runner.run(this.decider, this.streamId(shopId), () => build(meta));
  }
}
