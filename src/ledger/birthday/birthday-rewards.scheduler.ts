import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { localDay } from '../../shared/domain/calendar';
import { ScheduledJob } from '../../shared/interval-job';
import { DomainError } from '../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerDoc, CUSTOMERS } from '../read-models/ledger-read-models';
import { ShopDoc, SHOPS } from '../../shops/projections/shop-read-models';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { EarnPeriodicCommand } from './earn-periodic.handler';

/**
 * Pays active birthday programs on the customer's birthday, in the shop's time zone, once a year
 * (the ledger refuses a second payment for the same year, so several processes running this at
 * once pay once). 02/29 birthdays are celebrated on 02/28 in other years. The customer's tier rate
 * (earnPointsTiers) applies.
 */
@Injectable()
export class BirthdayRewards extends ScheduledJob {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super(new Logger('BirthdayRewards'));
  }

  /** One pass over every shop; returns how many customers were paid. */
  async runOnce(): Promise<number> {
    const now = this.clock.now();
    const shops = await (await this.readStore.collection<ShopDoc>(SHOPS)).find({});
    const customers = await this.readStore.collection<CustomerDoc>(CUSTOMERS);
    let paid = 0;
    for (const shop of shops) {
      const programs = (await this.catalog.forShop(shop.id)).filter(
        (p) => p.kind === 'earning' && p.event === 'birthday' && isActive(p, now.toISOString()),
      );
      if (programs.length === 0) continue;
      const day = localDay(now, shop.timezone);
      const days = day.monthDay === '02/28' && !day.leap ? ['02/28', '02/29'] : [day.monthDay];
      const celebrating = await customers.find({ shopId: shop.id, birthday: { $in: days } });
      for (const customer of celebrating) {
        for (const program of programs) {
          try {
            await this.commands.execute(
              new EarnPeriodicCommand(shop.id, customer.platformCustomerId, program.id, day.year, 'scheduler'),
            );
            paid++;
          } catch (error) {
            if (error instanceof DomainError && (error.code === 'LIMIT_REACHED' || error.code === 'NOT_ELIGIBLE'))
              continue;
            this.logger.error(`Birthday reward for customer ${customer.id} failed: ${(error as Error).message}`);
          }
        }
      }
    }
    return paid;
  }
}
