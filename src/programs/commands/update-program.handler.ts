import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SHOP_TIER_IDS, ShopTierIds } from '../../shared/shop-tier-ids';
import { ProgramSettings } from '../domain/program-events';
import { ProgramCommands } from './program-commands';

/** Changes a program's settings (status true/false enables or disables it); each spending field changes only itself. */
export class UpdateProgramCommand {
  constructor(
    readonly shopId: string,
    readonly programId: string,
    readonly changes: Partial<ProgramSettings>,
    readonly spendingFields: Record<string, unknown>,
  ) {}
}

@CommandHandler(UpdateProgramCommand)
export class UpdateProgramHandler implements ICommandHandler<UpdateProgramCommand, void> {
  constructor(
    private readonly programs: ProgramCommands,
    @Inject(SHOP_TIER_IDS) private readonly tiers: ShopTierIds,
  ) {}

  async execute({ shopId, programId, changes, spendingFields }: UpdateProgramCommand) {
    const tierIds = await this.tiers.tierIdsOf(shopId);
    await this.programs.run(shopId, (meta) => ({
      type: 'UpdateProgram',
      meta,
      programId,
      changes,
      spendingFields,
      tierIds,
    }));
  }
}
