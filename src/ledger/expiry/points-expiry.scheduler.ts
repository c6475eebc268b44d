import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { ScheduledJob } from '../../shared/interval-job';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { ShopDoc, SHOPS } from '../../shops/projections/shop-read-models';
import { CommandBus } from '@nestjs/cqrs';
import { ExpirePointsCommand, WarnExpiryCommand } from './expire-points.handler';
import { localDay } from '../../shared/domain/calendar';

const DAY = 86_400_000;
/** Warnings before expiry, in days (webhook topics points/about_to_expire_N_days). */
export const EXPIRY_WARNINGS = [30, 7, 3];

/**
 * Expires balances under each shop's policy and sends the warnings before. Every decision is made on
 * the customer's stream: an award that lands after the scan cancels an inactivity expiry, and a cycle
 * (the last activity, or the year of a fixed date) expires once, so several processes can run this.
 */
@Injectable()
export class PointsExpiry extends ScheduledJob {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('PointsExpiry'));
  }

  /** One pass; returns how many balances expired and how many warnings were given. */
  async runOnce(): Promise<{ expired: number; warned: number }> {
    const now = this.clock.now();
    const shops = (await (await this.readStore.collection<ShopDoc>(SHOPS)).find({})).filter(
      (s) => s.pointsExpiry && s.pointsExpiry.mode !== 'off',
    );
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    const result = { expired: 0, warned: 0 };
    for (const shop of shops) {
      const policy = shop.pointsExpiry!;
      if (policy.mode === 'inactivity') {
        const days = policy.inactivityDays!;
        const cutoff = new Date(now.getTime() - days * DAY).toISOString();
        for (const c of await customers.find({
          shopId: shop.id,
          point: { $gt: 0 },
          lastActivityAt: { $lte: cutoff },
        })) {
          result.expired += await this.decide(
            c,
            new ExpirePointsCommand(c.shopId, c.id, 'inactivity', `inactivity:${c.lastActivityAt}`, c.lastActivityAt!),
          );
        }
        for (const daysLeft of EXPIRY_WARNINGS.filter((n) => n < days)) {
          // The day the warning is due: activity between D-N+1 and D-N days ago.
          const to = new Date(now.getTime() - (days - daysLeft) * DAY).toISOString();
          const from = new Date(now.getTime() - (days - daysLeft + 1) * DAY).toISOString();
          for (const c of await customers.find({
            shopId: shop.id,
            point: { $gt: 0 },
            lastActivityAt: { $gt: from, $lte: to },
          })) {
            const expiresAt = new Date(new Date(c.lastActivityAt!).getTime() + days * DAY).toISOString();
            result.warned += await this.decide(
              c,
              new WarnExpiryCommand(
                c.shopId,
                c.id,
                `inactivity:${c.lastActivityAt}`,
                daysLeft,
                expiresAt,
                c.lastActivityAt!,
              ),
            );
          }
        }
      } else {
        const today = localDay(now, shop.timezone);
        const fixed = policy.fixedDate!.replace('-', '/');
        if (today.monthDay === fixed) {
          for (const c of await customers.find({ shopId: shop.id, point: { $gt: 0 } })) {
            result.expired += await this.decide(
              c,
              new ExpirePointsCommand(c.shopId, c.id, 'fixed_date', `fixed:${today.year}`),
            );
          }
        }
        for (const daysLeft of EXPIRY_WARNINGS) {
          const ahead = localDay(new Date(now.getTime() + daysLeft * DAY), shop.timezone);
          if (ahead.monthDay !== fixed) continue;
          for (const c of await customers.find({ shopId: shop.id, point: { $gt: 0 } })) {
            result.warned += await this.decide(
              c,
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
    }
    return result;
  }

  private async decide(customer: CustomerDoc, command: ExpirePointsCommand | WarnExpiryCommand): Promise<number> {
    try {
      const result: { decided: boolean } = await this.commands.execute(command);
      return result.decided ? 1 : 0;
    } catch (error) {
      this.logger.error(`Expiry for customer ${customer.id} failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
