import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SHOP_TIER_IDS, ShopTierIds } from '../../shared/shop-tier-ids';
import { ProgramKind, ProgramSettings } from '../domain/program-events';
import { ProgramCommands } from './program-commands';

/** Creates an earning or spending program (merchant configuration); per-tier rates must name the shop's tiers. */
export class CreateProgramCommand {
  constructor(
    readonly shopId: string,
    readonly kind: ProgramKind,
    readonly event: string,
    readonly settings: Partial<ProgramSettings> & { title: string },
    /** Spending programs: reward fields under the spec's names (spending-wire). */
    readonly spendingFields: Record<string, unknown>,
  ) {}
}

@CommandHandler(CreateProgramCommand)
export class CreateProgramHandler implements ICommandHandler<CreateProgramCommand, { programId: string }> {
  constructor(
    private readonly programs: ProgramCommands,
    @Inject(SHOP_TIER_IDS) private readonly tiers: ShopTierIds,
  ) {}

  async execute({ shopId, kind, event, settings, spendingFields }: CreateProgramCommand) {
    const programId = this.programs.newId();
    const tierIds = await this.tiers.tierIdsOf(shopId);
    await this.programs.run(shopId, (meta) => ({
      type: 'CreateProgram',
      meta,
      programId,
      kind,
      event,
      settings,
      spendingFields,
      tierIds,
    }));
    return { programId };
  }
}
