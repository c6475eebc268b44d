import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** The customer removes their messaging link (nothing to remove: nothing happens; the answer is the same). */
export class DisconnectFeedCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly source: string,
  ) {}
}

@CommandHandler(DisconnectFeedCommand)
export class DisconnectFeedHandler implements ICommandHandler<DisconnectFeedCommand, { disconnected: true }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, source }: DisconnectFeedCommand): Promise<{ disconnected: true }> {
    await this.commands.run(shopId, customerId, (meta) => ({ type: 'DisconnectFeed', meta, source }));
    return { disconnected: true };
  }
}
