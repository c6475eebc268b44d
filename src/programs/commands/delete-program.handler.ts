import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ProgramCommands } from './program-commands';

export class DeleteProgramCommand {
  constructor(
    readonly shopId: string,
    readonly programId: string,
  ) {}
}

@CommandHandler(DeleteProgramCommand)
export class DeleteProgramHandler implements ICommandHandler<DeleteProgramCommand, void> {
  constructor(private readonly programs: ProgramCommands) {}

  async execute({ shopId, programId }: DeleteProgramCommand) {
    await this.programs.run(shopId, (meta) => ({ type: 'DeleteProgram', meta, programId }));
  }
}
