import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ProgramKind, ProgramSettingsInput } from '../domain/program-events';
import { ProgramCommands } from './program-commands';

/** Creates an earning or spending program (merchant configuration); per-tier rates must name the shop's tiers. */
export class CreateProgramCommand {
  constructor(
    readonly shopId: string,
    readonly kind: ProgramKind,
    readonly event: string,
    readonly settings: ProgramSettingsInput & { title: string },
    /** Spending programs: reward fields under the spec's names (spending-wire). */
    readonly spendingFields: Record<string, unknown>,
  ) {}
}

@CommandHandler(CreateProgramCommand)
export class CreateProgramHandler implements ICommandHandler<CreateProgramCommand, { programId: string }> {
  constructor(private readonly programs: ProgramCommands) {}

  async execute({ shopId, kind, event, settings, spendingFields }: CreateProgramCommand) {
    const programId = this.programs.newId();
    await this.programs.runNamingTiers(shopId, (meta, tierIds) => ({
      type: 'CreateProgram',
      meta,
      programId,
      kind,
      event,
      settings,
      spendingFields,
      tierIds,
    }));
    return { programId };
  }
}
