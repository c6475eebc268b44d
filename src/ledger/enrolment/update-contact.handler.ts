import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { ProfileDetails } from '../customer-events';

/** Contact details the customer gives (the storefront's profile form): only the fields sent change. */
export class UpdateContactCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly details: Pick<ProfileDetails, 'phone'>,
    readonly source: string,
  ) {}
}

@CommandHandler(UpdateContactCommand)
export class UpdateContactHandler implements ICommandHandler<UpdateContactCommand, { changed: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, details, source }: UpdateContactCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'UpdateProfile',
      meta,
      details,
      source,
    }));
    return { changed: decision.events.length > 0 };
  }
}
