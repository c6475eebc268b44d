import { Injectable } from '@nestjs/common';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { hasBirthdayPicker } from '../../programs/kinds/birthday-picker';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType as T, PointsAwarded } from '../customer-events';
import { EarnResult, StorefrontClaim } from '../storefront-claim';

/**
 * The birthday picker's claim: the customer's chosen rewards, decided on their stream (the year's
 * payment once, whoever else pays the program: the birthday run leaves a program with options alone).
 */
@Injectable()
export class ChooseBirthdayRewards {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
  ) {}

  async choose({ shopId, customerId, program, context, source }: StorefrontClaim): Promise<EarnResult> {
    const rewards = program.settings.birthdayRewards;
    if (!rewards || !hasBirthdayPicker(rewards))
      throw because.invalidProgram(`Program ${program.id} pays birthdays on their day: there is nothing to choose`);
    if (!context.birthdayRewards)
      throw because.badRequest('context.birthdayRewards must list the chosen reward ids', {
        field: 'context.birthdayRewards',
      });
    const [shop, rungs, earningLimit] = await Promise.all([
      this.shops.byId(shopId),
      this.tiers.rungs(shopId),
      this.shops.earningLimit(shopId),
    ]);
    const selected = context.birthdayRewards;
    const decision = await this.commands.run(shopId, customerId, (meta) => ({
      type: 'ChooseBirthdayRewards',
      meta,
      program: { programId: program.id, programTitle: program.settings.title, event: program.event, rewards },
      selected,
      timeZone: shop?.timezone ?? 'UTC',
      source,
      tiers: rungs,
      earningLimit,
    }));
    const paid = decision.events.find((e): e is PointsAwarded => e.type === T.PointsAwarded);
    return {
      programId: program.id,
      key: program.event,
      status: 'earned',
      pointsEarned: paid?.points ?? 0,
      totalPoints: decision.after.points,
    };
  }
}
