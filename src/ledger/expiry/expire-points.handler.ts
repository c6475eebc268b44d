import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CustomerStreamCommands } from '../customer-stream.commands';

/** Expires the customer's balance if this cycle (the last activity, or the year of a fixed date) applies. */
export class ExpirePointsCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly policy: 'inactivity' | 'fixed_date',
    readonly cycle: string,
    /** Inactivity: the activity the scan saw; anything later cancels the expiry. */
    readonly inactiveSince?: string,
  ) {}
}

/** Warns the customer `daysLeft` days before their balance expires (once per cycle and warning). */
export class WarnExpiryCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly cycle: string,
    readonly daysLeft: number,
    readonly expiresAt: string,
    readonly inactiveSince?: string,
  ) {}
}

@CommandHandler(ExpirePointsCommand)
export class ExpirePointsHandler implements ICommandHandler<ExpirePointsCommand, { decided: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, policy, cycle, inactiveSince }: ExpirePointsCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'ExpirePoints',
      meta,
      policy,
      cycle,
      inactiveSince,
    }));
    return { decided: decision.events.length > 0 };
  }
}

@CommandHandler(WarnExpiryCommand)
export class WarnExpiryHandler implements ICommandHandler<WarnExpiryCommand, { decided: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, cycle, daysLeft, expiresAt, inactiveSince }: WarnExpiryCommand) {
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'WarnExpiry',
      meta,
      cycle,
      daysLeft,
      expiresAt,
      inactiveSince,
    }));
    return { decided: decision.events.length > 0 };
  }
}
