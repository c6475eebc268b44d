import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ScheduledJob } from '../../shared/interval-job';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { CommandBus } from '@nestjs/cqrs';
import { ReleasePendingPointsCommand } from './release-pending-points.handler';

/**
 * Releases order points held by a program's pending delay once the delay has passed. The read model
 * only says whom to look at; the release itself is decided on the customer's stream (a hold cancelled
 * by a refund in the meantime is not paid, and a hold is paid once however many processes run this).
 */
@Injectable()
export class PendingPointsRelease extends ScheduledJob {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('PendingPointsRelease'));
  }

  /** One pass; returns how many customers had points released. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    let released = 0;
    for (const customer of await customers.find({ nextPendingReleaseAt: { $lte: now } })) {
      try {
        const result: { released: boolean } = await this.commands.execute(
          new ReleasePendingPointsCommand(customer.shopId, customer.id),
        );
        if (result.released) released++;
      } catch (error) {
        this.logger.error(`Releasing held points of customer ${customer.id} failed: ${(error as Error).message}`);
      }
    }
    return released;
  }
}
