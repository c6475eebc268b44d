import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customerIdFor } from '../customer-identity';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from './ledger-command-context';

export interface CustomerProfile {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  platformCreatedAt: string | null;
}

/** Enrols a platform customer (customers/create). Enrolling an enrolled customer changes nothing. */
export class EnrolCustomerCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly profile: CustomerProfile,
    readonly source: string,
  ) {}
}

@CommandHandler(EnrolCustomerCommand)
export class EnrolCustomerHandler implements ICommandHandler<EnrolCustomerCommand, { customerId: string; created: boolean }> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
  ) {}

  async execute({ shopId, platformCustomerId, profile, source }: EnrolCustomerCommand) {
    const customerId = customerIdFor(shopId, platformCustomerId);
    const baseTier = await this.tiers.baseTier(shopId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'EnrolCustomer',
      meta,
      platformCustomerId,
      ...profile,
      baseTier,
      source,
    }));
    return { customerId, created: decision.events.length > 0 };
  }
}
