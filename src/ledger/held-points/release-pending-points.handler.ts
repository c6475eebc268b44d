import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** Pays the customer's held order points whose delay has passed (the release scheduler sends it). */
export class ReleasePendingPointsCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

@CommandHandler(ReleasePendingPointsCommand)
export class ReleasePendingPointsHandler implements ICommandHandler<
  ReleasePendingPointsCommand,
  { released: boolean }
> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
  ) {}

  async execute({ shopId, customerId }: ReleasePendingPointsCommand) {
    const rungs = await this.tiers.rungs(shopId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'ReleasePendingPoints',
      meta,
      tiers: rungs,
    }));
    return { released: decision.events.length > 0 };
  }
}
