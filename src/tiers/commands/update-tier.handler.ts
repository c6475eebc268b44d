import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TierSettingsInput } from '../domain/tier-events';
import { TierLadderCommands } from './tier-commands';

export class UpdateTierCommand {
  constructor(
    readonly shopId: string,
    readonly tierId: string,
    readonly changes: TierSettingsInput,
  ) {}
}

@CommandHandler(UpdateTierCommand)
export class UpdateTierHandler implements ICommandHandler<UpdateTierCommand, void> {
  constructor(private readonly tiers: TierLadderCommands) {}

  async execute({ shopId, tierId, changes }: UpdateTierCommand) {
    await this.tiers.run(shopId, (meta) => ({ type: 'UpdateTier', meta, tierId, changes }));
  }
}
