import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TIER_MEMBERS, TierMembers } from '../tier-members.port';
import { TierLadderCommands } from './tier-commands';

/** Deletes a tier that no customer is in (move them first with PUT /customers/{id}/tier). */
export class RemoveTierCommand {
  constructor(
    readonly shopId: string,
    readonly tierId: string,
  ) {}
}

@CommandHandler(RemoveTierCommand)
export class RemoveTierHandler implements ICommandHandler<RemoveTierCommand, void> {
  constructor(
    private readonly tiers: TierLadderCommands,
    @Inject(TIER_MEMBERS) private readonly members: TierMembers,
  ) {}

  async execute({ shopId, tierId }: RemoveTierCommand) {
    const members = await this.members.count(shopId, tierId);
    await this.tiers.run(shopId, (meta) => ({ type: 'RemoveTier', meta, tierId, members }));
  }
}
