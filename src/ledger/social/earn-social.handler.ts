import { ShopDirectory } from '../../shops/shop-directory';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType, PointsAwarded } from '../events/customer-events';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { isSingleEvent, isSocialKind, SOCIAL_EVENTS } from '../../programs/kinds/kinds';

/** A social interaction (follow, like, join...) pays its program's points, once per customer. */
export class EarnSocialCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly programId: string,
    /** When given, must be the program's event. */
    readonly event: string | null,
    readonly source: string,
  ) {}
}

const invalid = because.invalidProgram;

@CommandHandler(EarnSocialCommand)
export class EarnSocialHandler implements ICommandHandler<
  EarnSocialCommand,
  { pointsEarned: number; newPoint: number }
> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly catalog: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, platformCustomerId, programId, event, source }: EarnSocialCommand) {
    // A program is named by its id, or by its number in the shop (numericId, as spec 4.4 v1 sends it).
    const program = (await this.catalog.forShop(shopId)).find(
      (p) => p.id === programId || (p.numericId !== undefined && String(p.numericId) === programId),
    );
    if (!program || program.kind !== 'earning') throw invalid(`No earning program ${programId} in this shop`);
    if (!isSocialKind(program.event)) throw invalid(`Program ${programId} is not a social program`);
    if (event !== null && !isSocialKind(event))
      throw invalid(`${event} is not a social event (one of ${SOCIAL_EVENTS.join(', ')})`);
    if (event !== null && event !== program.event)
      throw invalid(`Program ${programId} is for ${program.event}, not ${event}`);
    const rungs = await this.tiers.rungs(shopId);
    const earningLimit = await this.shops.earningLimit(shopId);
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => {
      if (!isActive(program, meta.occurredAt)) throw invalid(`Program ${programId} is disabled`);
      return {
        type: 'EarnFromProgram',
        meta,
        program: {
          programId: program.id,
          programTitle: program.settings.title,
          event: program.event,
          points: program.settings.earnPoint,
          // A social program pays once per customer (isSingleEvent), unless it sets a limit.
          once: isSingleEvent(program.event),
          ...(program.settings.hasLimit
            ? { limit: { unit: program.settings.limitUnit, times: program.settings.limitInterval } }
            : {}),
        },
        source,
        tiers: rungs,
        earningLimit,
      };
    });
    const awarded = decision.events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded)!;
    return { pointsEarned: awarded.points, newPoint: awarded.newPoint };
  }
}
