/**
 * The milestone rule's value lists (the kinds' descriptors are in `milestone.ts`): a ladder of steps a customer climbs by what they do (orders, spend, points,
 * reviews, referrals, subscriptions) and claims a reward at each step of. Value lists written once,
 * in pure TypeScript, for the schema, the decider and the ledger's milestone policy.
 */

/** What a step measures: the customer's counters (`inactivity` is measured by no counter). */
export const STEP_TYPES = ['order', 'spent_amount', 'earned_point', 'reviews', 'referral', 'subscription'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** A milestone program's `typeMilestone`: one counter, `inactivity`, or `mixed` (each step says its own). */
export const TYPE_MILESTONES = [...STEP_TYPES, 'inactivity', 'mixed'] as const;
export type TypeMilestone = (typeof TYPE_MILESTONES)[number];

/** What a step's reward grants: points (through the earning limit), a discount coupon, or a free gift. */
export const MILESTONE_ACTIONS = [
  'bonus_point',
  'amount_discount',
  'percentage_discount',
  'free_shipping',
  'free_gift',
] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

/** How a step's rewards are handed out: all of them, or the customer picks `maxRewardSelect`. */
export const REWARD_LOGICS = ['grantAll', 'selectOne', 'selectMany'] as const;
export type RewardLogic = (typeof REWARD_LOGICS)[number];

/** The `typeMilestone` values each milestone kind takes. */
export const TYPES_OF_KIND = {
  milestone: STEP_TYPES,
  milestone_inactivity: ['inactivity'],
  milestone_mixed: ['mixed'],
} as const satisfies Record<string, readonly TypeMilestone[]>;

export type MilestoneKindName = keyof typeof TYPES_OF_KIND;
