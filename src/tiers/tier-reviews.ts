import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../shared/domain/clock';
import { ScheduledJob } from '../shared/interval-job';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../ledger/projections/ledger-read-models';
import { CustomerStreamCommands } from '../ledger/commands/ledger-command-context';
import { monthsBefore } from '../ledger/domain/customer-ledger.decider';
import { ShopDoc, SHOPS } from '../shops/projections/shop-read-models';
import { TierLadderReader } from './tier-ladder.reader';

/**
 * Tier retention reviews for shops with downgrades on. The read model says whose review is due; the
 * review is decided on the customer's stream (an upgrade in the meantime restarts the clock, and a
 * review happens once however many processes run this).
 */
@Injectable()
export class TierReviews extends ScheduledJob {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('TierReviews'));
  }

  /** One pass; returns how many customers kept their tier and how many moved down. */
  async runOnce(): Promise<{ kept: number; downgraded: number }> {
    const now = this.clock.now().toISOString();
    const shops = (await (await this.readStore.collection<ShopDoc>(SHOPS)).find({})).filter((s) => s.tierRetention?.downgrade);
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const result = { kept: 0, downgraded: 0 };
    for (const shop of shops) {
      const policy = shop.tierRetention!;
      const base = await this.tiers.baseTier(shop.id);
      const rungs = await this.tiers.rungs(shop.id);
      const due = await customers.find({ shopId: shop.id, tierAssessedAt: { $lte: monthsBefore(now, policy.assessmentMonths) }, ...(base ? { tierId: { $ne: base.id } } : {}) });
      for (const customer of due) {
        try {
          const decision = await this.commands.run(shop.id, customer.id, (meta) => ({ type: 'AssessTier', meta, tiers: rungs, assessmentMonths: policy.assessmentMonths, windowMonths: policy.windowMonths }));
          for (const e of decision.events) {
            if (e.type === 'tier.retained.v1') result.kept++;
            if (e.type === 'tier.changed.v1') result.downgraded++;
          }
        } catch (error) {
          this.logger.error(`Tier review of customer ${customer.id} failed: ${(error as Error).message}`);
        }
      }
    }
    return result;
  }
}
