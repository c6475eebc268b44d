import { Injectable } from '@nestjs/common';
import { localDay } from '../../shared/domain/calendar';
import { CustomerSweep } from '../customer-sweep.scheduler';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { EarnPeriodicCommand } from './earn-periodic.handler';
import { isPaidBy } from '../../programs/kinds/kinds';
import { hasBirthdayPicker } from '../../programs/kinds/birthday-picker';

/**
 * Pays active birthday programs on the customer's birthday, in the shop's time zone, once a year
 * (the ledger refuses a second payment for the same year, so several processes running this at
 * once pay once). 02/29 birthdays are celebrated on 02/28 in other years. The customer's tier rate
 * (earnPointsTiers) applies.
 */
@Injectable()
export class BirthdayRewards extends CustomerSweep {
  constructor(private readonly catalog: ProgramCatalog) {
    super();
  }

  /** One pass over every shop; returns how many customers were paid. */
  async runOnce(): Promise<number> {
    const now = this.clock.now();
    let paid = 0;
    for (const shop of await this.shops()) {
      const programs = (await this.catalog.forShop(shop.id)).filter(
        (p) =>
          p.kind === 'earning' &&
          isPaidBy(p.event, 'birthday') &&
          isActive(p, now.toISOString()) &&
          // A program with a picker pays what the customer chooses (POST /customer/earn).
          !hasBirthdayPicker(p.settings.birthdayRewards),
      );
      if (programs.length === 0) continue;
      const day = localDay(now, shop.timezone);
      const days = day.monthDay === '02/28' && !day.leap ? ['02/28', '02/29'] : [day.monthDay];
      for (const customer of await this.customers({ shopId: shop.id, birthday: { $in: days } })) {
        for (const program of programs) {
          const result = await this.decide(
            new EarnPeriodicCommand(shop.id, customer.platformCustomerId, program.id, day.year, 'scheduler'),
            `Birthday reward for customer ${customer.id}`,
            // Paid already this year, or not eligible (tier, status): nothing to pay, nothing wrong.
            ['LIMIT_REACHED', 'NOT_ELIGIBLE'],
          );
          if (result !== undefined) paid++;
        }
      }
    }
    return paid;
  }
}
