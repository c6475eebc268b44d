import { STEP_TYPES, StepType } from '../../../programs/kinds/milestone-rule';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import { CustomerEvent, PointsRevoked, pointsRevoked } from '../../customer-events';
import { pointsContext, PointsRequest } from '../../points/points.decisions';
import { counterIn, countMilestones } from './milestone-counters';

/** The step types orders move: a step of these is held by the orders that reached it. */
const ORDER_STEP_TYPES: ReadonlySet<string> = new Set<StepType>(['order', 'spent_amount']);

/**
 * Takes back the bonus points of claimed order-based steps (`order`, `spent_amount`) whose counter
 * the order events just decided (a cancellation, a refund) bring below the step's value: a
 * PointsRevoked reversing the step's award, never below a zero balance (the rest is the shortfall),
 * once per step. The step stays claimed: it is not claimable again, so cancelling and ordering again
 * does not pay its bonus twice. `balance` is the balance after `decided` (their own take-backs).
 */
export function takeBackMilestoneBonuses(
  state: EnrolledCustomer,
  meta: CommandMeta,
  decided: readonly CustomerEvent[],
  balance: number,
  cause: PointsRevoked['cause'],
): PointsRevoked[] {
  const counters = decided.reduce(countMilestones, state.milestoneCounters);
  const out: PointsRevoked[] = [];
  let points = balance;
  for (const bonus of Object.values(state.milestoneBonuses)) {
    const { step } = bonus;
    const stepType = STEP_TYPES.find((type) => type === step.stepType);
    if (bonus.reversed || bonus.points <= 0 || !stepType || !ORDER_STEP_TYPES.has(stepType)) continue;
    if (counterIn(counters, stepType) >= step.value) continue;
    const taken = Math.min(bonus.points, points);
    const request: PointsRequest = { points: taken, source: 'platform', event: cause, reason: null };
    out.push(
      pointsRevoked(pointsContext({ ...state, points }, meta, request, points - taken), {
        points: taken,
        requested: bonus.points,
        shortfall: bonus.points - taken,
        reversesTransactionId: bonus.transactionId,
        cause,
        program: { programId: step.programId, programTitle: step.programTitle, earnBy: 'flat', rateMoney: null },
        order: null,
        milestone: { order: step.order, claimKey: step.claimKey },
      }),
    );
    points -= taken;
  }
  return out;
}
