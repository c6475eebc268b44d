import { ShopDirectory } from '../../shops/shop-directory';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType, PointsAwarded } from '../customer-events';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Pays a periodic program (birthday: once a year) at the customer's tier rate. */
export class EarnPeriodicCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly programId: string,
    readonly period: string,
    readonly source: string,
  ) {}
}

@CommandHandler(EarnPeriodicCommand)
export class EarnPeriodicHandler implements ICommandHandler<EarnPeriodicCommand, { pointsEarned: number }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly catalog: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, platformCustomerId, programId, period, source }: EarnPeriodicCommand) {
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId);
    if (!program) throw because.notFound('Program');
    const rungs = await this.tiers.rungs(shopId);
    const earningLimit = await this.shops.earningLimit(shopId);
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta, state) => {
      const tierRate = program.settings.earnPointsTiers.find((t) => t.tierId === state.tierId);
      return {
        type: 'EarnFromProgram',
        meta,
        program: {
          programId,
          programTitle: program.settings.title,
          event: program.event,
          points: tierRate?.earnPoint ?? program.settings.earnPoint,
          once: false,
          period,
        },
        source,
        tiers: rungs,
        earningLimit,
      };
    });
    const awarded = decision.events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded);
    return { pointsEarned: awarded?.points ?? 0 };
  }
}
