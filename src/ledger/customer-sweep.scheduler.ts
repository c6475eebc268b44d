import { Inject, Logger } from '@nestjs/common';
import { CommandBus, ICommand } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../shared/domain/clock';
import { DomainError } from '../shared/domain/domain-error';
import { ScheduledJob } from '../shared/interval-job';
import {
  CollectionDefinition,
  Collection,
  Document,
  Filter,
  READ_STORE,
  ReadStore,
} from '../infrastructure/read-store/read-store.port';
import { ReadYourWrites } from '../projections/read-your-writes';
import { CustomerDoc, CUSTOMERS } from './read-models/ledger-read-models';
import { ShopDoc, SHOPS } from '../shops/projections/shop-read-models';

/**
 * The shape of every ledger scheduler (coupon expiry, pending points release, points expiry, birthday
 * rewards, tier reviews): the read model only says whom to look at, and each case is decided on the
 * customer's stream by a command, so a change in the meantime is seen and several processes running
 * the pass decide once. One customer's failure is logged and the pass goes on.
 *
 * Injected through properties so that a scheduler only names the dependencies of its own.
 */
export abstract class CustomerSweep extends ScheduledJob {
  @Inject(CommandBus) private readonly commands: CommandBus;
  @Inject(READ_STORE) private readonly readStore: ReadStore;
  @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites;
  @Inject(CLOCK) protected readonly clock: Clock;

  constructor() {
    super(new Logger(new.target.name));
  }

  /**
   * A read model to find the pass's cases in, holding every write this process answered before the
   * pass (a points change answers ahead of its read models: see ReadYourWrites).
   */
  protected async collection<T extends Document>(definition: CollectionDefinition): Promise<Collection<T>> {
    await this.readYourWrites.settle();
    return this.readStore.collection<T>(definition);
  }

  protected async shops(): Promise<ShopDoc[]> {
    return (await this.collection<ShopDoc>(SHOPS)).find({});
  }

  protected async customers(filter: Filter): Promise<CustomerDoc[]> {
    return (await this.collection<CustomerDoc>(CUSTOMERS)).find(filter);
  }

  /**
   * Runs one case's command; returns its result, or undefined when it failed (logged as `what`
   * failed) or was refused with one of `expectedRefusals` (a normal outcome, not logged).
   */
  protected async decide<Result>(
    command: ICommand,
    what: string,
    expectedRefusals: readonly string[] = [],
  ): Promise<Result | undefined> {
    try {
      return await this.commands.execute<ICommand, Result>(command);
    } catch (error) {
      if (error instanceof DomainError && expectedRefusals.includes(error.code)) return undefined;
      this.logger.error(`${what} failed: ${(error as Error).message}`);
      return undefined;
    }
  }
}
