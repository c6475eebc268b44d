import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ProgramSettingsInput } from '../domain/program-events';
import { ProgramCommands } from './program-commands';

/** Changes a program's settings (status true/false enables or disables it); each spending field changes only itself. */
export class UpdateProgramCommand {
  constructor(
    readonly shopId: string,
    readonly programId: string,
    readonly changes: ProgramSettingsInput,
    readonly spendingFields: Record<string, unknown>,
  ) {}
}

@CommandHandler(UpdateProgramCommand)
export class UpdateProgramHandler implements ICommandHandler<UpdateProgramCommand, void> {
  constructor(private readonly programs: ProgramCommands) {}

  async execute({ shopId, programId, changes, spendingFields }: UpdateProgramCommand) {
    await this.programs.runNamingTiers(shopId, (meta, tierIds) => ({
      type: 'UpdateProgram',
      meta,
      programId,
      changes,
      spendingFields,
      tierIds,
    }));
  }
}
