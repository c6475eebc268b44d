import { PeriodUnit } from '../../shared/domain/calendar';
import { because } from '../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import { earnsFromPrograms, PointsAwarded, pointsAwarded } from '../customer-events';
import { earningRoom } from '../earning-limit/earning-limit.decisions';
import { paidOut } from './program-pay-rule';
import { pointsContext, PointsRequest, requirePoints } from '../points/points.decisions';

/**
 * A program pays the customer for an event other than an order (a social action, a birthday):
 * `once` pays once per customer, `period` once per period (e.g. "2026" for a yearly birthday reward),
 * `limit` at most `times` per `unit`. The shop's earning limit lowers the payment to what is left.
 */
export interface EarnFromProgram {
  type: 'EarnFromProgram';
  meta: CommandMeta;
  program: {
    programId: string;
    programTitle: string;
    event: string;
    points: number;
    once: boolean;
    period?: string;
    limit?: { unit: PeriodUnit; times: number };
    /** Birthday picker: the options the customer chose (recorded with the payment). */
    chosenRewardIds?: string[];
  };
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
}

const limitReached = because.limitReached;

export function decideProgramEarning(command: EarnFromProgram, state: EnrolledCustomer): PointsAwarded[] {
  if (!earnsFromPrograms(state))
    throw because.notEligible('Only members earn from programs: join the loyalty program first');
  const { program, meta } = command;
  const refused = paidOut(
    program,
    {
      earned: Boolean(state.earnedPrograms[program.programId]),
      payments: state.programPayments[program.programId] ?? [],
    },
    meta.occurredAt,
  );
  if (refused) throw limitReached(`Program ${program.programId} ${refused}`);
  if (program.period && state.earnedPeriods[program.programId] === program.period) {
    throw limitReached(`Program ${program.programId} has already paid this customer for ${program.period}`);
  }
  // A tier rate of 0 means this tier gets nothing from the program.
  if (program.points === 0) return [];
  requirePoints(program.points, 'earnPoint');
  // The shop's global limit lowers the payment to what is left, and refuses when nothing is.
  const room = earningRoom(state, command.earningLimit, meta.occurredAt);
  if (room === 0) throw limitReached("The shop's earning limit is reached for this period");
  const points = Math.min(program.points, room);
  const request: PointsRequest = { points, source: command.source, event: program.event, reason: null };
  return [
    pointsAwarded(pointsContext(state, meta, request, state.points + points), {
      points,
      program: { programId: program.programId, programTitle: program.programTitle, earnBy: 'flat', rateMoney: null },
      order: null,
      ...(program.period ? { period: program.period } : {}),
      ...(program.chosenRewardIds ? { chosenRewardIds: program.chosenRewardIds } : {}),
    }),
  ];
}
