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

  async execute({ shopId, customerId, ...expiry }: ExpirePointsCommand) {
    return {
      decided: await this.commands.recordsAny(shopId, customerId, (meta) => ({
        type: 'ExpirePoints',
        meta,
        ...expiry,
      })),
    };
  }
}

@CommandHandler(WarnExpiryCommand)
export class WarnExpiryHandler implements ICommandHandler<WarnExpiryCommand, { decided: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, customerId, ...warning }: WarnExpiryCommand) {
    return {
      decided: await this.commands.recordsAny(shopId, customerId, (meta) => ({ type: 'WarnExpiry', meta, ...warning })),
    };
  }
}
