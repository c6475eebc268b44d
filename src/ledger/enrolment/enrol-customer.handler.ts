import { ShopDirectory } from '../../shops/shop-directory';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customerIdFor } from '../customer-identity';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { ProgramCatalog } from '../../programs/program-catalog';
import { activeSignUp } from './enrolment.decisions';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { PlatformCustomer, ProfileDetails } from '../customer-events';
import { runsOptIn } from '../../shops/domain/shop-events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** What the platform says about a customer (its id is given beside it). */
export interface CustomerProfile extends Omit<PlatformCustomer, 'platformCustomerId'> {
  /** What else the platform said about the customer (absent fields: not said). */
  details?: ProfileDetails;
}

/** Enrols a platform customer (customers/create). Enrolling an enrolled customer changes nothing. */
export class EnrolCustomerCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly profile: CustomerProfile,
    readonly source: string,
  ) {}
}

@CommandHandler(EnrolCustomerCommand)
export class EnrolCustomerHandler implements ICommandHandler<
  EnrolCustomerCommand,
  { customerId: string; created: boolean }
> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly programs: ProgramCatalog,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, platformCustomerId, profile, source }: EnrolCustomerCommand) {
    const customerId = customerIdFor(shopId, platformCustomerId);
    const baseTier = await this.tiers.baseTier(shopId);
    const rungs = await this.tiers.rungs(shopId);
    const programs = await this.programs.forShop(shopId);
    const shop = await this.shops.byId(shopId);
    const earningLimit = shop?.earningLimit ?? null;
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'EnrolCustomer',
      meta,
      platformCustomerId,
      ...profile,
      baseTier,
      source,
      tiers: rungs,
      earningLimit,
      optIn: shop ? runsOptIn(shop) : false,
      signUp: activeSignUp(programs, meta.occurredAt),
    }));
    return { customerId, created: decision.events.length > 0 };
  }
}
