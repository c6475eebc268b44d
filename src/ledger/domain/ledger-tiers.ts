import { assertNever } from '../../shared/domain/decider';
import { CustomerEvent, CustomerEventType as T, PointsAwarded, TierChanged } from './customer-events';
import { CustomerState, evolveCustomer, TierRung } from './customer-state';
import { CommandMeta, CustomerCommand, PointsRequest } from './customer-commands';
import { monthsAfter, monthsBefore, sumSince } from './earning-window';
import { eventStamp, StampedEvent, pointsContext, requireEnrolled } from './ledger-rules';

/** Part of the customer ledger: tier moves (points, manual, retention review) and the rewards of entering a tier. */

/** Days before a tier review that a warning goes out (webhooks tier/about_to_reset_4_weeks, _2_weeks, _1_day). */
export const TIER_REVIEW_WARNINGS = [28, 14, 1];

/** A move from the customer's tier to `to`. */
function tierChanged(
  state: CustomerState,
  meta: CommandMeta,
  to: TierRung,
  fields: Pick<TierChanged, 'direction' | 'trigger' | 'tierPoint' | 'isInitTier' | 'triggerReward' | 'adminNote'>,
): TierChanged {
  return {
    type: T.TierChanged,
    eventId: meta.newId(),
    occurredAt: meta.occurredAt,
    shopId: meta.shopId,
    customerId: meta.customerId,
    platformCustomerId: state.platformCustomerId!,
    email: state.email,
    fromTierId: state.tierId,
    fromTierName: state.tierName,
    toTierId: to.id,
    toTierName: to.name,
    ...fields,
  };
}

/** The highest rung the tier point reaches, if it is above the customer's current tier. */
export function upgradeFor(
  state: CustomerState,
  tierPoint: number,
  tiers: TierRung[],
  meta: CommandMeta,
): TierChanged[] {
  const current = tiers.find((t) => t.id === state.tierId);
  const currentTarget = current ? current.targetPoint : -1;
  const reached = tiers
    .filter((t) => t.targetPoint <= tierPoint && t.targetPoint > currentTarget)
    .sort((a, b) => b.targetPoint - a.targetPoint)[0];
  if (!reached) return [];
  return [
    tierChanged(state, meta, reached, {
      direction: 'up',
      trigger: 'points',
      tierPoint,
      isInitTier: false,
      triggerReward: true,
      adminNote: null,
    }),
  ];
}

/**
 * After a decision: pays the entry bonus of every tier the customer moves up into (when the move
 * triggers rewards, once per tier per customer); bonus points can carry the customer further up.
 */
export function withTierRewards(
  command: CustomerCommand,
  state: CustomerState,
  events: CustomerEvent[],
): CustomerEvent[] {
  const tiers = 'tiers' in command ? (command.tiers ?? []) : [];
  if (!tiers.some((t) => t.bonusPoints)) return events;
  const out: CustomerEvent[] = [];
  const queue = [...events];
  let current = state;
  for (let e = queue.shift(); e; e = queue.shift()) {
    out.push(e);
    current = evolveCustomer(current, e);
    if (e.type !== T.TierChanged || e.direction !== 'up' || !e.triggerReward) continue;
    const bonus = tiers.find((t) => t.id === e!.toTierId)?.bonusPoints ?? 0;
    if (bonus <= 0 || current.tierRewardsPaid[e.toTierId]) continue;
    const request: PointsRequest = {
      points: bonus,
      source: 'tier',
      event: 'tier_reward',
      reason: `Entered ${e.toTierName}`,
    };
    const awarded: PointsAwarded = {
      ...pointsContext(current, command.meta, request, current.points + bonus),
      type: T.PointsAwarded,
      points: bonus,
      tierReward: { tierId: e.toTierId, tierChangedEventId: e.eventId },
    };
    queue.unshift(
      awarded,
      ...upgradeFor(evolveCustomer(current, awarded), current.tierPoint + bonus, tiers, command.meta),
    );
  }
  return out;
}

export type TierCommand = Extract<CustomerCommand, { type: 'ChangeTier' | 'AssessTier' | 'WarnTierReview' }>;

export function decideTier(command: TierCommand, state: CustomerState): CustomerEvent[] {
  const { meta } = command;
  const { base, withId } = eventStamp(meta);
  switch (command.type) {
    case 'ChangeTier': {
      requireEnrolled(state);
      const { tier } = command;
      const tierPoint = command.isInitTier ? tier.targetPoint : state.tierPoint;
      if (tier.id === state.tierId && tierPoint === state.tierPoint) return [];
      const fromTarget = command.tiers.find((t) => t.id === state.tierId)?.targetPoint ?? -1;
      const direction = tier.targetPoint > fromTarget ? 'up' : tier.targetPoint < fromTarget ? 'down' : 'same';
      return [
        tierChanged(state, meta, tier, {
          direction,
          trigger: 'manual',
          tierPoint,
          isInitTier: command.isInitTier,
          triggerReward: command.triggerReward,
          adminNote: command.adminNote,
        }),
      ];
    }
    case 'AssessTier': {
      requireEnrolled(state);
      const ladder = [...command.tiers].sort((a, b) => a.targetPoint - b.targetPoint);
      const current = ladder.find((t) => t.id === state.tierId);
      if (!current || current.targetPoint <= ladder[0].targetPoint) return [];
      if (!state.tierSince) return [];
      const reviewAt = monthsAfter(state.tierSince, command.assessmentMonths);
      if (meta.occurredAt < reviewAt) return [];
      // The window ends when the review was due, whenever it runs (points earned since still count).
      const windowPoints = Math.max(0, sumSince(state.tierEarnedByDay, monthsBefore(reviewAt, command.windowMonths)));
      const kept = ladder.filter((t) => t.targetPoint <= windowPoints).pop() ?? ladder[0];
      if (kept.targetPoint >= current.targetPoint) {
        return [
          withId({
            ...base,
            type: T.TierRetained,
            platformCustomerId: state.platformCustomerId!,
            email: state.email,
            tierId: current.id,
            tierName: current.name,
            windowPoints,
          } as StampedEvent),
        ];
      }
      // The tier point starts again from what the window holds.
      return [
        tierChanged(state, meta, kept, {
          direction: 'down',
          trigger: 'assessment',
          tierPoint: windowPoints,
          isInitTier: false,
          triggerReward: false,
          adminNote: null,
        }),
      ];
    }
    case 'WarnTierReview': {
      requireEnrolled(state);
      const ladder = [...command.tiers].sort((a, b) => a.targetPoint - b.targetPoint);
      const current = ladder.find((t) => t.id === state.tierId);
      if (!current || current.targetPoint <= ladder[0].targetPoint || !state.tierSince) return [];
      const reviewAt = monthsAfter(state.tierSince, command.assessmentMonths);
      if (meta.occurredAt >= reviewAt) return [];
      const untilReview = new Date(reviewAt).getTime() - new Date(meta.occurredAt).getTime();
      // The nearest warning that is due; one missed while the scheduler was down is not sent late.
      const daysLeft = TIER_REVIEW_WARNINGS.filter((d) => untilReview <= d * 86_400_000).sort((a, b) => a - b)[0];
      if (daysLeft === undefined || state.tierReviewWarnings[`${state.tierSince}|${daysLeft}`]) return [];
      const windowPoints = Math.max(0, sumSince(state.tierEarnedByDay, monthsBefore(reviewAt, command.windowMonths)));
      return [
        withId({
          ...base,
          type: T.TierReviewWarned,
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          tierId: current.id,
          tierName: current.name,
          reviewAt,
          daysLeft,
          windowPoints,
          pointsToKeep: Math.max(0, current.targetPoint - windowPoints),
          cycle: state.tierSince,
        } as StampedEvent),
      ];
    }
    default:
      return assertNever(command);
  }
}
