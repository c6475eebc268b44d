import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerState } from '../customer-state';
import { ProviderOutcome } from './domain/impact-status';

export class RecordImpactOutcomeCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly impactId: string,
    readonly outcome: ProviderOutcome,
  ) {}
}

/** The contribution after the outcome: its status, and the customer's balance. */
export interface ImpactOutcomeResult {
  status: string;
  points: number;
  /** Whether this report changed anything (a failure reported again refunds nothing). */
  changed: boolean;
}

const resultOf = (state: CustomerState, impactId: string, changed: boolean): ImpactOutcomeResult => ({
  status: state.impacts[impactId]?.status ?? 'pending',
  points: state.points,
  changed,
});

/**
 * Records what the impact provider said of a contribution on the customer's stream: a failure
 * refunds its points once (idempotent on the contribution id), any other status is kept as sent.
 */
@CommandHandler(RecordImpactOutcomeCommand)
export class RecordImpactOutcomeHandler implements ICommandHandler<RecordImpactOutcomeCommand, ImpactOutcomeResult> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, impactId, outcome }: RecordImpactOutcomeCommand): Promise<ImpactOutcomeResult> {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'RecordImpactOutcome',
      meta,
      impactId,
      outcome,
    }));
    return resultOf(decision.after, impactId, decision.events.length > 0);
  }
}
