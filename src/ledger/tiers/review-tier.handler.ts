import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType as T } from '../customer-events';

/**
 * A tier retention review of one customer (`due`: the review itself, else its warning), under the
 * shop's policy. The tier reviews scheduler sends it; the stream decides whether anything is due.
 */
export class ReviewTierCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly due: boolean,
    readonly assessmentMonths: number,
    readonly windowMonths: number,
  ) {}
}

export interface ReviewOutcome {
  kept: number;
  downgraded: number;
  warned: number;
}

@CommandHandler(ReviewTierCommand)
export class ReviewTierHandler implements ICommandHandler<ReviewTierCommand, ReviewOutcome> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
  ) {}

  async execute({ shopId, customerId, due, assessmentMonths, windowMonths }: ReviewTierCommand) {
    const rungs = await this.tiers.rungs(shopId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: due ? 'AssessTier' : 'WarnTierReview',
      meta,
      tiers: rungs,
      assessmentMonths,
      windowMonths,
    }));
    const outcome: ReviewOutcome = { kept: 0, downgraded: 0, warned: 0 };
    for (const e of decision.events) {
      if (e.type === T.TierRetained) outcome.kept++;
      if (e.type === T.TierChanged) outcome.downgraded++;
      if (e.type === T.TierReviewWarned) outcome.warned++;
    }
    return outcome;
  }
}
