import type { MilestoneStep } from '../../../programs/kinds/milestone.schema';
import { StepType } from '../../../programs/kinds/milestone-rule';
import { stepTypeOf } from '../../../programs/kinds/milestone-ladder';
import { counterIn, MilestoneCounters } from './milestone-counters';
import { ClaimedStep, claimedStepKey } from './milestones.state';

export type StepState = 'locked' | 'current' | 'claimable' | 'achieved' | 'passed_unclaimed';

/** A milestone program as the ladder is read from it. */
export interface MilestoneLadderProgram {
  programId: string;
  typeMilestone: string;
  steps: readonly MilestoneStep[];
}

/** One step where the customer stands on it. */
export interface StepStanding {
  index: number;
  /** 1-based position in the ladder (the transaction row's milestoneOrder). */
  order: number;
  step: MilestoneStep;
  stepType: StepType;
  claimKey: string;
  state: StepState;
  reached: boolean;
  /** The customer's counter of the step's type, in the step's unit. */
  counter: number;
  /** Free gifts of a claimed step still waiting for a variant choice. */
  owedGifts: number[];
}

/** A step's opaque claim key: the raw value on a plain ladder, `{programId}_{stepType}_{value}` on a mixed one. */
export function claimKeyOf(programId: string, typeMilestone: string, step: MilestoneStep): string {
  return typeMilestone === 'mixed' ? `${programId}_${step.stepType}_${step.value}` : String(step.value);
}

/**
 * Where a customer stands on each step of a ladder: the one definition of the step states, for the
 * ladder read and the claim decision alike.
 *
 * - `achieved`: claimed (and no free-gift variant choice owed; one owed keeps it `claimable` for that choice).
 * - `claimable`: reached and not claimed, and no later step claimed.
 * - `passed_unclaimed`: reached and not claimed while a later step was claimed: no longer claimable.
 * - `current`: the first step not reached; `locked`: every step after it.
 *
 * Reached: the counter is at the step's value (or the step was claimed). On a mixed ladder steps are
 * climbed in order: a step counts as reached only when every step before it is reached too.
 */
export function ladderStandings(
  program: MilestoneLadderProgram,
  counters: MilestoneCounters,
  claims: Readonly<Record<string, ClaimedStep>>,
): StepStanding[] {
  const mixed = program.typeMilestone === 'mixed';
  const keys = program.steps.map((s) => claimKeyOf(program.programId, program.typeMilestone, s));
  const claimOf = (i: number) => claims[claimedStepKey(program.programId, keys[i])];
  const lastClaimed = keys.reduce((last, _k, i) => (claimOf(i) ? i : last), -1);
  let inSequence = true;
  let currentGiven = false;
  return program.steps.map((step, index) => {
    const stepType = stepTypeOf(step, program.typeMilestone);
    const counter = counterIn(counters, stepType);
    const claim = claimOf(index);
    const reached = claim !== undefined || ((!mixed || inSequence) && counter >= step.value);
    if (!reached) inSequence = false;
    let state: StepState;
    if (claim) state = claim.owedGifts.length > 0 ? 'claimable' : 'achieved';
    else if (reached) state = index < lastClaimed ? 'passed_unclaimed' : 'claimable';
    else if (!currentGiven) [state, currentGiven] = ['current', true];
    else state = 'locked';
    const owedGifts = claim?.owedGifts ?? [];
    return { index, order: index + 1, step, stepType, claimKey: keys[index], state, reached, counter, owedGifts };
  });
}

/** How many rewards a claim of the step picks: all of them when it grants all, else maxRewardSelect. */
export const picksOf = (step: MilestoneStep): number =>
  (step.rewardLogic ?? 'grantAll') === 'grantAll' ? step.rewards.length : (step.maxRewardSelect ?? 1);
