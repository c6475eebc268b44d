import { Injectable } from '@nestjs/common';
import { localDate } from '../../shared/domain/calendar';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType as T, StreakDayClaimed } from '../customer-events';
import { EarnResult, StorefrontClaim } from '../storefront-claim';

/**
 * A daily check-in on a streak program (streak_interact_website), decided on the customer's stream
 * in the shop's time zone: two check-ins at once, even through two processes, pay one day.
 */
@Injectable()
export class ClaimStreakDay {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async claim({ shopId, customerId, program, source }: StorefrontClaim): Promise<EarnResult> {
    const [shop, rungs, earningLimit] = await Promise.all([
      this.shops.byId(shopId),
      this.tiers.rungs(shopId),
      this.shops.earningLimit(shopId),
    ]);
    const timeZone = shop?.timezone ?? 'UTC';
    const s = program.settings;
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'ClaimStreakDay',
      meta,
      program: {
        programId: program.id,
        programTitle: s.title,
        event: program.event,
        milestones: s.streakMilestones ?? [],
        endDay: s.endDate ? localDate(s.endDate, timeZone) : null,
      },
      timeZone,
      source,
      tiers: rungs,
      earningLimit,
    }));
    const claimed = decision.events.find((e): e is StreakDayClaimed => e.type === T.StreakDayClaimed);
    return {
      programId: program.id,
      key: program.event,
      status: 'earned',
      pointsEarned: claimed?.points ?? 0,
      totalPoints: decision.after.points,
    };
  }
}
