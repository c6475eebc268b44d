import { STEP_TYPES, StepType } from '../../../programs/kinds/milestone-rule';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { earnedChange } from '../../tiers/tiers.state';
import { isProductReviewKind } from '../../../programs/kinds/kinds';

/**
 * A customer's milestone counters, one per step type: orders (paid, less cancelled), spend in cents
 * (less refunds and cancellations), earned points (the tier's earned total: awards, positive
 * adjustments, less reversals), approved product reviews, referrals, subscriptions. Written once,
 * here: the ledger's state (which claims are decided on) and the counters read model (which the
 * ladder is read from) both fold events with `countMilestones`, so they cannot disagree.
 */
export type MilestoneCounters = Record<StepType, number>;

export const initialCounters = (): MilestoneCounters => ({
  order: 0,
  spent_amount: 0,
  earned_point: 0,
  reviews: 0,
  referral: 0,
  subscription: 0,
});

/**
 * Event types that count one referred friend each (`referral` counter): the referrer's reward for a
 * friend, paid at most once per friend (a reward cancelled before payment never counts).
 */
export const REFERRAL_COUNTED_EVENT_TYPES: ReadonlySet<string> = new Set<string>([T.ReferralRewardEarned]);

/** Event types that count one subscription period each (`subscription` counter): none recorded yet. */
export const SUBSCRIPTION_COUNTED_EVENT_TYPES: ReadonlySet<string> = new Set<string>([]);

/** The event types that move a counter (what the counters projection reads). */
export const COUNTED_EVENT_TYPES: readonly string[] = [
  T.OrderRecorded,
  T.OrderCancelled,
  T.RefundRecorded,
  T.PointsAwarded,
  T.PointsAdjusted,
  T.PointsRevoked,
  T.SubmissionReceived,
  ...REFERRAL_COUNTED_EVENT_TYPES,
  ...SUBSCRIPTION_COUNTED_EVENT_TYPES,
];

/** The counters after an event; the same object when the event moves none. Never below zero. */
export function countMilestones(counters: MilestoneCounters, event: CustomerEvent): MilestoneCounters {
  const moved = movedBy(event);
  if (!moved) return counters;
  const next = { ...counters };
  for (const key of STEP_TYPES) if (moved[key] !== undefined) next[key] = Math.max(0, next[key] + moved[key]);
  return next;
}

function movedBy(event: CustomerEvent): Partial<MilestoneCounters> | null {
  if (REFERRAL_COUNTED_EVENT_TYPES.has(event.type)) return { referral: 1 };
  if (SUBSCRIPTION_COUNTED_EVENT_TYPES.has(event.type)) return { subscription: 1 };
  switch (event.type) {
    case T.OrderRecorded:
      return { order: 1, spent_amount: event.totalCents };
    case T.OrderCancelled:
      return { order: -1, spent_amount: -event.remainingCents };
    case T.RefundRecorded:
      return { spent_amount: -event.amountCents };
    case T.PointsAwarded:
    case T.PointsAdjusted:
    case T.PointsRevoked:
      return { earned_point: earnedChange(event) };
    // A product review is approved on submission (reviews auto-approve).
    case T.SubmissionReceived:
      return isProductReviewKind(event.program.event) && event.status === 'approved' ? { reviews: 1 } : null;
    default:
      return null;
  }
}

/** A counter in its step's unit: spend in the shop's currency (whole units), the others as counted. */
export const counterIn = (counters: MilestoneCounters, type: StepType): number =>
  type === 'spent_amount' ? Math.floor(counters.spent_amount / 100) : counters[type];
