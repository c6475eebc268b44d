import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TierSettingsInput } from '../domain/tier-events';
import { TierLadderCommands } from './tier-commands';

export class DefineTierCommand {
  constructor(
    readonly shopId: string,
    readonly settings: TierSettingsInput & { name: string; targetPoint: number },
  ) {}
}

@CommandHandler(DefineTierCommand)
export class DefineTierHandler implements ICommandHandler<DefineTierCommand, { tierId: string }> {
  constructor(private readonly tiers: TierLadderCommands) {}

  async execute({ shopId, settings }: DefineTierCommand) {
    const tierId = this.tiers.newId();
    await this.tiers.run(shopId, (meta) => ({ type: 'DefineTier', meta, tierId, settings }));
    return { tierId };
  }
}

/** The base (system) tier every shop starts with; defining it twice does nothing. */
export class DefineBaseTierCommand {
  constructor(
    readonly shopId: string,
    readonly name = 'Bronze',
    readonly systemType = 'bronze',
  ) {}
}

@CommandHandler(DefineBaseTierCommand)
export class DefineBaseTierHandler implements ICommandHandler<DefineBaseTierCommand, void> {
  constructor(private readonly tiers: TierLadderCommands) {}

  async execute({ shopId, name, systemType }: DefineBaseTierCommand) {
    await this.tiers.run(shopId, (meta) => ({ type: 'DefineBaseTier', meta, name, systemType }));
  }
}
