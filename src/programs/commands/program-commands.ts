import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ProgramCommand, programsDecider } from '../domain/programs.decider';
import { programStreamId } from '../domain/program-events';

/** Runs a command on a shop's programs stream. */
@Injectable()
export class ProgramCommands {
  constructor(
    private readonly runner: DecisionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  newProgramId(): string {
    return this.ids.next();
  }

  run(shopId: string, build: (meta: { shopId: string; occurredAt: string; newId: () => string }) => ProgramCommand) {
    const meta = { shopId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
    return this.runner.run(programsDecider, programStreamId(shopId), () => build(meta));
  }
}
