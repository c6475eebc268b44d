import { Injectable } from '@nestjs/common';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { ReleasePendingPointsCommand } from './release-pending-points.handler';

/**
 * Releases order points held by a program's pending delay once the delay has passed. The read model
 * only says whom to look at; the release itself is decided on the customer's stream (a hold cancelled
 * by a refund in the meantime is not paid, and a hold is paid once however many processes run this).
 */
@Injectable()
export class PendingPointsRelease extends CustomerSweep {
  /** One pass; returns how many customers had points released. */
  async runOnce(): Promise<number> {
    const now = this.clock.now().toISOString();
    let released = 0;
    for (const customer of await this.customers({ nextPendingReleaseAt: { $lte: now } })) {
      const result = await this.decide<{ released: boolean }>(
        new ReleasePendingPointsCommand(customer.shopId, customer.id),
        `Releasing held points of customer ${customer.id}`,
      );
      if (result?.released) released++;
    }
    return released;
  }
}
