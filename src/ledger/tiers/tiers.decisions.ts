import { monthsAfter, monthsBefore } from '../../shared/domain/calendar';
import { sumSince } from '../../shared/domain/day-buckets';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { CustomerState, EnrolledCustomer, enrolledOrNotFound } from '../customer-state';
import {
  CustomerEvent,
  CustomerEventType as T,
  pointsAwarded,
  TierChanged,
  tierChanged,
  TierRetained,
  tierRetained,
  TierReviewWarned,
  tierReviewWarned,
} from '../customer-events';
import { pointsContext, PointsRequest } from '../points/points.decisions';

/** Days before a tier review that a warning goes out (webhooks tier/about_to_reset_4_weeks, _2_weeks, _1_day). */
export const TIER_REVIEW_WARNINGS = [28, 14, 1];

const DAY_MS = 86_400_000;

export type TiersCommand =
  | {
      type: 'ChangeTier';
      meta: CommandMeta;
      tier: TierRung;
      tiers: TierRung[];
      isInitTier: boolean;
      triggerReward: boolean;
      adminNote: string | null;
    }
  /**
   * Tier retention review: due `assessmentMonths` after the customer entered or last kept their tier;
   * the points that raised their tier point in the last `windowMonths` decide the tier they keep.
   */
  | { type: 'AssessTier'; meta: CommandMeta; tiers: TierRung[]; assessmentMonths: number; windowMonths: number }
  /** Warns 28, 14 and 1 day before a tier review (only the nearest warning that is due, once per cycle). */
  | { type: 'WarnTierReview'; meta: CommandMeta; tiers: TierRung[]; assessmentMonths: number; windowMonths: number };

/** A move from the customer's tier to `to`; the first move up into a tier with rewards triggered claims its rewards. */
function moveTo(
  state: EnrolledCustomer,
  meta: CommandMeta,
  to: TierRung,
  how: Pick<TierChanged, 'direction' | 'trigger' | 'tierPoint' | 'isInitTier' | 'triggerReward' | 'adminNote'>,
): TierChanged {
  return tierChanged(meta, {
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    fromTierId: state.tierId,
    fromTierName: state.tierName,
    toTierId: to.id,
    toTierName: to.name,
    ...how,
    rewarded: how.direction === 'up' && how.triggerReward && !state.tierRewardsClaimed[to.id],
  });
}

/** The highest rung the customer's tier point reaches, if it is above their current tier. */
function upgradeFor(state: EnrolledCustomer, tiers: TierRung[], meta: CommandMeta): TierChanged[] {
  const current = tiers.find((t) => t.id === state.tierId);
  const currentTarget = current ? current.targetPoint : -1;
  const reached = tiers
    .filter((t) => t.targetPoint <= state.tierPoint && t.targetPoint > currentTarget)
    .sort((a, b) => b.targetPoint - a.targetPoint)[0];
  if (!reached) return [];
  return [
    moveTo(state, meta, reached, {
      direction: 'up',
      trigger: 'points',
      tierPoint: state.tierPoint,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }),
  ];
}

/** Whether an event raised the tier point (the ladder may then move the customer up). */
const raisesTierPoint = (e: CustomerEvent) =>
  e.type === T.PointsAwarded || (e.type === T.PointsAdjusted && e.points > 0);

/**
 * After any decision whose command brings the ladder: when the decision raised the tier point, the
 * customer moves up to the highest tier it reaches; the move that claims a tier's rewards (the first
 * entry with rewards triggered) pays its bonus points, which can carry them further up.
 */
export function followTierLadder(
  command: { meta: CommandMeta; tiers?: TierRung[] },
  state: CustomerState,
  decided: CustomerEvent[],
  evolve: (state: CustomerState, event: CustomerEvent) => CustomerState,
): CustomerEvent[] {
  const tiers = command.tiers ?? [];
  if (tiers.length === 0) return decided;
  const out: CustomerEvent[] = [];
  let current = state;
  // The ladder moves a customer the decision has enrolled, or found enrolled.
  const moveUp = () => upgradeFor(enrolledOrNotFound(current), tiers, command.meta).forEach(append);
  const append = (event: CustomerEvent): void => {
    out.push(event);
    current = evolve(current, event);
    if (event.type !== T.TierChanged || !event.rewarded) return;
    const rung = tiers.find((t) => t.id === event.toTierId);
    const bonus = rung?.bonusPoints ?? 0;
    if (bonus <= 0) return;
    const request: PointsRequest = {
      points: bonus,
      source: 'tier',
      event: 'tier_reward',
      reason: `Entered ${event.toTierName}`,
    };
    append(
      pointsAwarded(pointsContext(enrolledOrNotFound(current), command.meta, request, current.points + bonus), {
        points: bonus,
        tierReward: {
          tierId: event.toTierId,
          tierChangedEventId: event.eventId,
          rewardIds: rung?.bonusRewardIds ?? [],
        },
      }),
    );
    moveUp();
  };
  decided.forEach(append);
  if (decided.some(raisesTierPoint)) moveUp();
  return out;
}

type TiersCommandOf<K extends TiersCommand['type']> = Extract<TiersCommand, { type: K }>;

export function changeTier(command: TiersCommandOf<'ChangeTier'>, state: EnrolledCustomer): TierChanged[] {
  const { meta, tier } = command;
  const fromTarget = command.tiers.find((t) => t.id === state.tierId)?.targetPoint ?? -1;
  const direction = tier.targetPoint > fromTarget ? 'up' : tier.targetPoint < fromTarget ? 'down' : 'same';
  // A move down lowers the tier point to the new tier's target (never raises it), so the ladder
  // agrees with the move: the next award does not undo it; climbing back takes the tier's width again.
  const tierPoint = command.isInitTier
    ? tier.targetPoint
    : direction === 'down'
      ? Math.min(state.tierPoint, tier.targetPoint)
      : state.tierPoint;
  if (tier.id === state.tierId && tierPoint === state.tierPoint) return [];
  return [
    moveTo(state, meta, tier, {
      direction,
      trigger: 'manual',
      tierPoint,
      isInitTier: command.isInitTier,
      triggerReward: command.triggerReward,
      adminNote: command.adminNote,
    }),
  ];
}

export function assessTier(
  command: TiersCommandOf<'AssessTier'>,
  state: EnrolledCustomer,
): Array<TierChanged | TierRetained> {
  const { meta } = command;
  const review = reviewOf(state, command);
  if (!review || meta.occurredAt < review.reviewAt) return [];
  const { ladder, current, windowPoints } = review;
  const kept = ladder.filter((t) => t.targetPoint <= windowPoints).pop() ?? ladder[0];
  if (kept.targetPoint >= current.targetPoint) {
    return [
      tierRetained(meta, {
        platformCustomerId: state.platformCustomerId,
        email: state.email,
        tierId: current.id,
        tierName: current.name,
        windowPoints,
      }),
    ];
  }
  // The tier point starts again from what the window holds.
  return [
    moveTo(state, meta, kept, {
      direction: 'down',
      trigger: 'assessment',
      tierPoint: windowPoints,
      isInitTier: false,
      triggerReward: false,
      adminNote: null,
    }),
  ];
}

export function warnTierReview(command: TiersCommandOf<'WarnTierReview'>, state: EnrolledCustomer): TierReviewWarned[] {
  const { meta } = command;
  const review = reviewOf(state, command);
  if (!review || meta.occurredAt >= review.reviewAt) return [];
  const { reviewAt, current, windowPoints } = review;
  const untilReview = new Date(reviewAt).getTime() - new Date(meta.occurredAt).getTime();
  // The nearest warning that is due; one missed while the scheduler was down is not sent late.
  const daysLeft = TIER_REVIEW_WARNINGS.filter((d) => untilReview <= d * DAY_MS).sort((a, b) => a - b)[0];
  if (daysLeft === undefined || state.tierReviewWarnings[`${state.tierSince}|${daysLeft}`]) return [];
  return [
    tierReviewWarned(meta, {
      platformCustomerId: state.platformCustomerId,
      email: state.email,
      tierId: current.id,
      tierName: current.name,
      reviewAt,
      daysLeft,
      windowPoints,
      pointsToKeep: Math.max(0, current.targetPoint - windowPoints),
      cycle: state.tierSince!,
    }),
  ];
}

/**
 * The review a customer above the base tier is heading for: when it is due, and the points its
 * window holds. The window ends when the review is due, whenever it runs (points earned since count).
 */
function reviewOf(
  state: EnrolledCustomer,
  policy: { tiers: TierRung[]; assessmentMonths: number; windowMonths: number },
): { ladder: TierRung[]; current: TierRung; reviewAt: string; windowPoints: number } | null {
  const ladder = [...policy.tiers].sort((a, b) => a.targetPoint - b.targetPoint);
  const current = ladder.find((t) => t.id === state.tierId);
  if (!current || current.targetPoint <= ladder[0].targetPoint || !state.tierSince) return null;
  const reviewAt = monthsAfter(state.tierSince, policy.assessmentMonths);
  const windowPoints = Math.max(0, sumSince(state.tierEarnedByDay, monthsBefore(reviewAt, policy.windowMonths)));
  return { ladder, current, reviewAt, windowPoints };
}
