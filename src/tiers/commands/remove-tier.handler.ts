import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CUSTOMERS } from '../../ledger/projections/ledger-read-models';
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
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId, tierId }: RemoveTierCommand) {
    const members = await (await this.readStore.collection(CUSTOMERS)).count({ shopId, tierId });
    await this.tiers.run(shopId, (meta) => ({ type: 'RemoveTier', meta, tierId, members }));
  }
}
