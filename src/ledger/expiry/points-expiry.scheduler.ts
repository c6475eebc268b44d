import { Injectable } from '@nestjs/common';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { CustomerDoc } from '../read-models/ledger-read-models';
import { Filter } from '../../infrastructure/read-store/read-store.port';
import { ExpirePointsCommand, WarnExpiryCommand } from './expire-points.handler';
import { localDay } from '../../shared/domain/calendar';

const DAY = 86_400_000;
/** Warnings before expiry, in days (webhook topics points/about_to_expire_N_days). */
export const EXPIRY_WARNINGS = [30, 7, 3];

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/**
 * Expires balances under each shop's policy and sends the warnings before. Every decision is made on
 * the customer's stream: an award that lands after the scan cancels an inactivity expiry, and a cycle
 * (the last activity, or the year of a fixed date) expires once, so several processes can run this.
 */
@Injectable()
export class PointsExpiry extends CustomerSweep {
  /** One pass; returns how many balances expired and how many warnings were given. */
  async runOnce(): Promise<{ expired: number; warned: number }> {
    const now = this.clock.now();
    const result = { expired: 0, warned: 0 };
    for (const shop of await this.shops()) {
      const policy = shop.pointsExpiry;
      if (!policy || policy.mode === 'off') continue;
      const withPoints = { shopId: shop.id, point: { $gt: 0 } };
      if (policy.mode === 'inactivity') {
        const days = policy.inactivityDays!;
        result.expired += await this.decideEach(
          { ...withPoints, lastActivityAt: { $lte: daysAgo(now, days) } },
          (c) =>
            new ExpirePointsCommand(c.shopId, c.id, 'inactivity', `inactivity:${c.lastActivityAt}`, c.lastActivityAt!),
        );
        for (const daysLeft of EXPIRY_WARNINGS.filter((n) => n < days)) {
          // The day the warning is due: activity between D-N+1 and D-N days ago.
          const lastActivityAt = { $gt: daysAgo(now, days - daysLeft + 1), $lte: daysAgo(now, days - daysLeft) };
          result.warned += await this.decideEach(
            { ...withPoints, lastActivityAt },
            (c) =>
              new WarnExpiryCommand(
                c.shopId,
                c.id,
                `inactivity:${c.lastActivityAt}`,
                daysLeft,
                new Date(new Date(c.lastActivityAt!).getTime() + days * DAY).toISOString(),
                c.lastActivityAt!,
              ),
          );
        }
      } else {
        const today = localDay(now, shop.timezone);
        const fixed = policy.fixedDate!.replace('-', '/');
        if (today.monthDay === fixed) {
          result.expired += await this.decideEach(
            withPoints,
            (c) => new ExpirePointsCommand(c.shopId, c.id, 'fixed_date', `fixed:${today.year}`),
          );
        }
        for (const daysLeft of EXPIRY_WARNINGS) {
          const ahead = localDay(new Date(now.getTime() + daysLeft * DAY), shop.timezone);
          if (ahead.monthDay !== fixed) continue;
          result.warned += await this.decideEach(
            withPoints,
            (c) =>
              new WarnExpiryCommand(
                c.shopId,
                c.id,
                `fixed:${ahead.year}`,
                daysLeft,
                `${ahead.year}-${policy.fixedDate}`,
              ),
          );
        }
      }
    }
    return result;
  }

  /** Decides one command per matching customer; returns how many were decided (not already done). */
  private async decideEach(
    filter: Filter,
    command: (customer: CustomerDoc) => ExpirePointsCommand | WarnExpiryCommand,
  ): Promise<number> {
    let decided = 0;
    for (const customer of await this.customers(filter)) {
      const result = await this.decide<{ decided: boolean }>(command(customer), `Expiry for customer ${customer.id}`);
      if (result?.decided) decided++;
    }
    return decided;
  }
}
