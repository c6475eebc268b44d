import { localDate } from '../../../shared/domain/calendar';
import { because } from '../../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { TierRung } from '../../../tiers/domain/tier-rung';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import {
  earnsFromPrograms,
  PointsAwarded,
  pointsAwarded,
  StreakDayClaimed,
  streakDayClaimed,
} from '../../customer-events';
import { earningRoom } from '../../earning-limit/earning-limit.decisions';
import { pointsContext } from '../../points/points.decisions';
import { streakStatus } from './streak-status';

/**
 * A daily check-in on a streak program. The day is the shop's local date of the command's time
 * (`timeZone`); the program's milestone days and its last local day come with the command.
 */
export interface ClaimStreakDay {
  type: 'ClaimStreakDay';
  meta: CommandMeta;
  program: {
    programId: string;
    programTitle: string;
    event: string;
    milestones: ReadonlyArray<{ day: number; points: number }>;
    endDay: string | null;
  };
  timeZone: string;
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
}

/**
 * One check-in a day per customer across all streak programs (a second the same day, on this
 * program or another: LIMIT_REACHED, also when two arrive at once: the second is decided on the
 * first's state); switching programs on a later day starts the streak again at day 1. A milestone day pays its points, lowered by
 * the shop's earning limit (none left: LIMIT_REACHED, nothing recorded).
 */
export function decideStreakDay(
  command: ClaimStreakDay,
  state: EnrolledCustomer,
): Array<StreakDayClaimed | PointsAwarded> {
  if (!earnsFromPrograms(state))
    throw because.notEligible('Only members earn from programs: join the loyalty program first');
  const { meta, program } = command;
  const today = localDate(meta.occurredAt, command.timeZone);
  const totalDays = Math.max(...program.milestones.map((m) => m.day));
  const status = streakStatus(state.streak, program.programId, today, totalDays, program.endDay);
  if (!status.canClaimToday)
    throw because.limitReached(`Today's streak check-in is done (one a day across all streak programs)`);
  const due = program.milestones.find((m) => m.day === status.nextDay)?.points ?? 0;
  const room = earningRoom(state, command.earningLimit, meta.occurredAt);
  if (due > 0 && room === 0) throw because.limitReached("The shop's earning limit is reached for this period");
  const points = Math.min(due, room);
  const claimed = streakDayClaimed(meta, {
    programId: program.programId,
    day: today,
    currentDay: status.nextDay,
    totalDays,
    points,
  });
  if (points === 0) return [claimed];
  const request = { points, source: command.source, event: program.event, reason: null };
  const paid = pointsAwarded(pointsContext(state, meta, request, state.points + points), {
    points,
    program: { programId: program.programId, programTitle: program.programTitle, earnBy: 'flat', rateMoney: null },
    order: null,
  });
  return [claimed, paid];
}
