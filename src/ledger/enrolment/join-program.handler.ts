import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { runsOptIn } from '../../shops/domain/shop-events';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { activeSignUp } from './enrolment.decisions';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** A guest joins the loyalty program (opt-in enrolment); joining again succeeds and changes nothing. */
export class JoinProgramCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly joinFrom: string | null,
    readonly source: string,
  ) {}
}

/** The merchant takes a customer out of the program: they earn nothing more and cannot join again. */
export class LeaveProgramCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly source: string,
  ) {}
}

@CommandHandler(JoinProgramCommand)
export class JoinProgramHandler implements ICommandHandler<JoinProgramCommand, { joined: boolean }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly shops: ShopDirectory,
    private readonly programs: ProgramCatalog,
    private readonly tiers: TierLadderReader,
  ) {}

  async execute({ shopId, customerId, joinFrom, source }: JoinProgramCommand) {
    const shop = await this.shops.byId(shopId);
    if (!shop || !runsOptIn(shop)) throw because.optInNotEnabled();
    const programs = await this.programs.forShop(shopId);
    const rungs = await this.tiers.rungs(shopId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'JoinProgram',
      meta,
      joinFrom,
      source,
      excludeB2B: shop.membership?.excludeB2B ?? false,
      signUp: activeSignUp(programs, meta.occurredAt),
      earningLimit: shop.earningLimit ?? null,
      tiers: rungs,
    }));
    return { joined: decision.events.length > 0 };
  }
}

@CommandHandler(LeaveProgramCommand)
export class LeaveProgramHandler implements ICommandHandler<LeaveProgramCommand, { left: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, source }: LeaveProgramCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({ type: 'LeaveProgram', meta, source }));
    return { left: decision.events.length > 0 };
  }
}
