import { because } from '../../shared/domain/domain-error';
import type { MilestoneReward, MilestoneStep } from './milestone.schema';
import { MilestoneAction, StepType } from './milestone-rule';

const bad = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

/** The field that measures each reward action (free shipping needs none). */
const MEASURE: Record<MilestoneAction, keyof MilestoneReward | null> = {
  bonus_point: 'points',
  amount_discount: 'amount',
  percentage_discount: 'percent',
  free_shipping: null,
  free_gift: 'variantIds',
};

/**
 * The relations a milestone ladder keeps, named by field (the schema checked each field alone): the
 * kind takes the ladder and its `typeMilestone`, a mixed ladder names each step's type (others none),
 * values increase (on a mixed ladder per step type), a step asks to pick no more rewards than it has,
 * and each reward carries what its action measures. `types` is null for a kind without a ladder.
 */
export function checkMilestones(
  event: string,
  types: readonly string[] | null,
  typeMilestone: string | undefined,
  steps: readonly MilestoneStep[] | undefined,
): void {
  if (types === null) {
    if (typeMilestone !== undefined) throw bad('typeMilestone', 'is only for milestone programs');
    if (steps?.length) throw bad('milestones', 'is only for milestone programs');
    return;
  }
  if (typeMilestone === undefined || !types.includes(typeMilestone))
    throw bad('typeMilestone', `must be one of ${types.join(', ')} for a ${event} program`);
  if (typeMilestone === 'inactivity') return;
  if (!steps?.length) throw bad('milestones', 'must list at least one step');
  const last = new Map<string, number>();
  for (const [i, step] of steps.entries()) {
    const field = `milestones[${i}]`;
    if (typeMilestone === 'mixed' && !step.stepType) throw bad(`${field}.stepType`, 'is required on a mixed program');
    if (typeMilestone !== 'mixed' && step.stepType && step.stepType !== typeMilestone)
      throw bad(`${field}.stepType`, 'is only for mixed programs');
    const metric = step.stepType ?? typeMilestone;
    const before = last.get(metric);
    if (before !== undefined && step.value <= before)
      throw bad(`${field}.value`, `must be greater than the previous ${metric} step's value (${before})`);
    last.set(metric, step.value);
    if ((step.maxRewardSelect ?? 1) > step.rewards.length)
      throw bad(`${field}.maxRewardSelect`, `must not be more than the step's ${step.rewards.length} rewards`);
    step.rewards.forEach((reward, r) => checkReward(`${field}.rewards[${r}]`, reward));
  }
}

function checkReward(field: string, reward: MilestoneReward): void {
  const measure = MEASURE[reward.action];
  const value = measure === null ? true : reward[measure];
  if (value === undefined || (Array.isArray(value) && value.length === 0))
    throw bad(`${field}.${String(measure)}`, `is required for ${reward.action}`);
}

/** A step's metric: its own on a mixed ladder, else the program's. */
export const stepTypeOf = (step: MilestoneStep, typeMilestone: string): StepType =>
  (step.stepType ?? typeMilestone) as StepType;
