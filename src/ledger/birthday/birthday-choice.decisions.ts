import { localDate } from '../../shared/domain/calendar';
import { because } from '../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { birthdayOptionsFor } from '../../programs/kinds/birthday-picker';
import type { BirthdayRewards } from '../../programs/kinds/earning-rule.schema';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import { PointsAwarded } from '../customer-events';
import { decideProgramEarning } from '../program-earning/program-earning.decisions';

/**
 * The customer picks their birthday rewards (`POST /customer/earn`, `context.birthdayRewards`):
 * options of their tier, one (`single`) or several (`multiple`), in their birthday's month (the
 * shop's time zone), paid once a year like the birthday run (the year is the period).
 */
export interface ChooseBirthdayRewards {
  type: 'ChooseBirthdayRewards';
  meta: CommandMeta;
  program: { programId: string; programTitle: string; event: string; rewards: BirthdayRewards };
  selected: string[];
  timeZone: string;
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
}

const badSelection = (message: string) => because.invalidSelection(message, 'context.birthdayRewards');

/** The chosen options of the customer's tier: each offered, none twice, one unless several may be. */
function chosenOptions(command: ChooseBirthdayRewards, tierId: string | null) {
  const offered = birthdayOptionsFor(command.program.rewards, tierId);
  const { selected } = command;
  if (selected.length === 0) throw badSelection('Choose at least one birthday reward');
  if (new Set(selected).size !== selected.length) throw badSelection('A birthday reward was chosen twice');
  if ((command.program.rewards.rewardSelection ?? 'single') === 'single' && selected.length > 1)
    throw badSelection('Choose one birthday reward');
  return selected.map((id) => {
    const option = offered.find((o) => o.id === id);
    if (!option) throw badSelection(`${id} is not one of your birthday rewards`);
    return option;
  });
}

export function decideBirthdayChoice(command: ChooseBirthdayRewards, state: EnrolledCustomer): PointsAwarded[] {
  const options = chosenOptions(command, state.tierId);
  if (!state.birthday) throw because.notClaimable('Set your birthday first: the rewards are for your birthday month');
  const today = localDate(command.meta.occurredAt, command.timeZone);
  if (today.slice(5, 7) !== state.birthday.slice(0, 2))
    throw because.notClaimable('Birthday rewards are chosen in your birthday month');
  const { program } = command;
  return decideProgramEarning(
    {
      type: 'EarnFromProgram',
      meta: command.meta,
      program: {
        programId: program.programId,
        programTitle: program.programTitle,
        event: program.event,
        points: options.reduce((sum, o) => sum + o.points, 0),
        once: false,
        period: today.slice(0, 4),
        chosenRewardIds: options.map((o) => o.id),
      },
      source: command.source,
      tiers: command.tiers,
      earningLimit: command.earningLimit,
    },
    state,
  );
}
