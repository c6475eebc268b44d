import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { ProfileDetails } from '../customer-events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/**
 * The fields a platform update carries: an absent field is unchanged, a null one cleared. Only
 * what differs from the customer's record is recorded; an update that changes nothing appends nothing.
 */
export interface ProfileChanges {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  acceptsMarketing?: boolean;
  details: ProfileDetails;
}

/** Profile changes from the platform (customers/update). Unknown customers are enrolled first. */
export class UpdateCustomerProfileCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly profile: ProfileChanges,
    readonly source: string,
  ) {}
}

@CommandHandler(UpdateCustomerProfileCommand)
export class UpdateCustomerProfileHandler implements ICommandHandler<
  UpdateCustomerProfileCommand,
  { changed: boolean }
> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, profile, source }: UpdateCustomerProfileCommand) {
    const customerId = customerIdFor(shopId, platformCustomerId);
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'UpdateProfile',
      meta,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      acceptsMarketing: profile.acceptsMarketing,
      details: profile.details,
      source,
    }));
    return { changed: decision.events.length > 0 };
  }
}
