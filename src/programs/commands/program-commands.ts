import { Injectable } from '@nestjs/common';
import { TierNamingStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { ProgramCommand, programsDecider, ProgramsState } from '../domain/programs.decider';
import { ProgramEvent, programStreamId } from '../domain/program-events';

/** Runs a command on a shop's programs stream. */
@Injectable()
export class ProgramCommands extends TierNamingStreamCommands<ProgramsState, ProgramCommand, ProgramEvent> {
  protected readonly decider = programsDecider;
  protected streamId = programStreamId;
}
