import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Sets birthday (`MM/DD`, write-once) and/or dateOfBirth (`YYYY-MM-DD`). */
export class SetBirthdayCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly birthday: string | null | undefined,
    readonly dateOfBirth: string | null | undefined,
    readonly source: string,
  ) {}
}

@CommandHandler(SetBirthdayCommand)
export class SetBirthdayHandler implements ICommandHandler<
  SetBirthdayCommand,
  { platformCustomerId: PlatformCustomerId }
> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, birthday, dateOfBirth, source }: SetBirthdayCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'SetBirthday',
      meta,
      birthday,
      dateOfBirth,
      source,
    }));
    return { platformCustomerId: decision.after.platformCustomerId! };
  }
}
