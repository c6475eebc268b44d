import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ScheduledJob } from '../../shared/interval-job';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { CommandBus } from '@nestjs/cqrs';
import { ReviewOutcome, ReviewTierCommand } from './review-tier.handler';
import { monthsAfter, monthsBefore } from '../../shared/domain/calendar';
import { TIER_REVIEW_WARNINGS } from './tiers.decisions';
import { ShopDoc, SHOPS } from '../../shops/projections/shop-read-models';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';

/**
 * Tier retention reviews for shops with downgrades on. The read model says whose review is due; the
 * review is decided on the customer's stream (an upgrade in the meantime restarts the clock, and a
 * review happens once however many processes run this).
 */
@Injectable()
export class TierReviews extends ScheduledJob {
  constructor(
    private readonly commands: CommandBus,
    private readonly tiers: TierLadderReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('TierReviews'));
  }

  /** One pass; returns how many customers kept their tier, how many moved down, and how many were warned. */
  async runOnce(): Promise<{ kept: number; downgraded: number; warned: number }> {
    const now = this.clock.now().toISOString();
    const inFourWeeks = new Date(
      this.clock.now().getTime() + Math.max(...TIER_REVIEW_WARNINGS) * 86_400_000,
    ).toISOString();
    const shops = (await (await this.readStore.collection<ShopDoc>(SHOPS)).find({})).filter(
      (s) => s.tierRetention?.downgrade,
    );
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const result = { kept: 0, downgraded: 0, warned: 0 };
    for (const shop of shops) {
      const policy = shop.tierRetention!;
      const base = await this.tiers.baseTier(shop.id);
      const notBase = base ? { tierId: { $ne: base.id } } : {};
      // Reviews due within four weeks get their warning; those due now get their review.
      const soon = await customers.find({
        shopId: shop.id,
        tierAssessedAt: { $lte: monthsBefore(inFourWeeks, policy.assessmentMonths) },
        ...notBase,
      });
      for (const customer of soon) {
        const { assessmentMonths, windowMonths } = policy;
        const due = monthsAfter(customer.tierAssessedAt!, assessmentMonths) <= now;
        try {
          const outcome: ReviewOutcome = await this.commands.execute(
            new ReviewTierCommand(shop.id, customer.id, due, assessmentMonths, windowMonths),
          );
          result.kept += outcome.kept;
          result.downgraded += outcome.downgraded;
          result.warned += outcome.warned;
        } catch (error) {
          this.logger.error(`Tier review of customer ${customer.id} failed: ${(error as Error).message}`);
        }
      }
    }
    return result;
  }
}
