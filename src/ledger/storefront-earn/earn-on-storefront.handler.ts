import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { earningKind } from '../../programs/kinds/kinds';
import { SubmitEntry } from '../submissions/submit-entry';
import { ClaimStreakDay } from '../streak/claim-streak-day';
import { ChooseBirthdayRewards } from '../birthday/choose-birthday-rewards';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { EarnContext, EarnResult } from '../storefront-claim';

/**
 * A storefront claim (`POST /customer/earn`) for the token's customer: the program's kind says how it
 * pays. Social events have their own route; a kind this route does not take is INVALID_PROGRAM.
 */
export class EarnOnStorefrontCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly programId: string,
    readonly context: EarnContext,
    readonly source: string,
  ) {}
}

const invalid = because.invalidProgram;

@CommandHandler(EarnOnStorefrontCommand)
export class EarnOnStorefrontHandler implements ICommandHandler<EarnOnStorefrontCommand, EarnResult> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly commands: CustomerStreamCommands,
    private readonly submissions: SubmitEntry,
    private readonly streaks: ClaimStreakDay,
    private readonly birthdays: ChooseBirthdayRewards,
  ) {}

  async execute({ shopId, customerId, programId, context, source }: EarnOnStorefrontCommand) {
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId);
    if (!program || program.kind !== 'earning') throw invalid(`No earning program ${programId} in this shop`);
    const kind = earningKind(program.event);
    if (!isActive(program, this.commands.meta(shopId, customerId).occurredAt))
      throw invalid(`Program ${programId} is disabled`);
    const claim = { shopId, customerId, program, context, source };
    if (kind?.submission) return this.submissions.submit(claim);
    if (kind?.dailyStreak) return this.streaks.claim(claim);
    if (kind?.birthdayPicker) return this.birthdays.choose(claim);
    throw invalid(`Program ${programId} (${program.event}) is not earned through this route`);
  }
}
