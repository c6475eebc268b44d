import { Injectable } from '@nestjs/common';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { ReviewOutcome, ReviewTierCommand } from './review-tier.handler';
import { monthsAfter, monthsBefore } from '../../shared/domain/calendar';
import { TIER_REVIEW_WARNINGS } from './tiers.decisions';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';

/**
 * Tier retention reviews for shops with downgrades on. The read model says whose review is due; the
 * review is decided on the customer's stream (an upgrade in the meantime restarts the clock, and a
 * review happens once however many processes run this).
 */
@Injectable()
export class TierReviews extends CustomerSweep {
  constructor(private readonly tiers: TierLadderReader) {
    super();
  }

  /** One pass; returns how many customers kept their tier, how many moved down, and how many were warned. */
  async runOnce(): Promise<{ kept: number; downgraded: number; warned: number }> {
    const now = this.clock.now().toISOString();
    const inFourWeeks = new Date(
      this.clock.now().getTime() + Math.max(...TIER_REVIEW_WARNINGS) * 86_400_000,
    ).toISOString();
    const result = { kept: 0, downgraded: 0, warned: 0 };
    for (const shop of await this.shops()) {
      const policy = shop.tierRetention;
      if (!policy?.downgrade) continue;
      const { assessmentMonths, windowMonths } = policy;
      const base = await this.tiers.baseTier(shop.id);
      const notBase = base ? { tierId: { $ne: base.id } } : {};
      // Reviews due within four weeks get their warning; those due now get their review.
      const soon = await this.customers({
        shopId: shop.id,
        tierAssessedAt: { $lte: monthsBefore(inFourWeeks, assessmentMonths) },
        ...notBase,
      });
      for (const customer of soon) {
        const due = monthsAfter(customer.tierAssessedAt!, assessmentMonths) <= now;
        const outcome = await this.decide<ReviewOutcome>(
          new ReviewTierCommand(shop.id, customer.id, due, assessmentMonths, windowMonths),
          `Tier review of customer ${customer.id}`,
        );
        if (!outcome) continue;
        result.kept += outcome.kept;
        result.downgraded += outcome.downgraded;
        result.warned += outcome.warned;
      }
    }
    return result;
  }
}
