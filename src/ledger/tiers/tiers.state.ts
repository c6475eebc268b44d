import { addToDay, DayBuckets, NO_DAYS } from '../../shared/domain/day-buckets';
import { CustomerEvent, CustomerEventType as T, TierChanged } from '../customer-events';

/** Tiers and retention's share of a customer's state. */
export interface TiersShare {
  tierId: string | null;
  tierName: string | null;
  /** Running total of earned points that places the customer on the tier ladder. */
  tierPoint: number;
  /** Earned points in total (the same arithmetic as tier point, never reset by a tier move). */
  totalEarned: number;
  /** When the customer entered the current tier or last kept it at a review. */
  tierSince: string | null;
  /** Points that raised the tier point per UTC day (the retention window counts them); last 800 days. */
  tierEarnedByDay: DayBuckets;
  /**
   * Tiers whose entry rewards the customer has had, each with the move that claimed them (its
   * TierChanged event id): that move's rewards are paid, and no other move's (once per tier per customer).
   */
  tierRewardsClaimed: Readonly<Record<string, string>>;
  /** Tier review warnings given (cycle|daysLeft). */
  tierReviewWarnings: Readonly<Record<string, true>>;
}

export const initialTiers = (): TiersShare => ({
  tierId: null,
  tierName: null,
  tierPoint: 0,
  totalEarned: 0,
  tierSince: null,
  tierEarnedByDay: NO_DAYS,
  tierRewardsClaimed: {},
  tierReviewWarnings: {},
});

/**
 * How an event moves the points that count toward the tier (and the earned total): awards add them,
 * positive adjustments add theirs, a reversal takes back what it requested (points + shortfall).
 * The customers read model uses the same arithmetic (`addEarned`).
 */
export function earnedChange(event: CustomerEvent): number {
  switch (event.type) {
    case T.PointsAwarded:
      return event.points;
    case T.PointsAdjusted:
      return Math.max(0, event.points);
    case T.PointsRevoked:
      return -event.requested;
    default:
      return 0;
  }
}

/** A total of earned points after a change: never below zero. */
export const addEarned = (total: number, change: number): number => Math.max(0, total + change);

/**
 * Whether a move claims its tier's entry rewards: the first move up into the tier with rewards
 * triggered. Recorded on the event since it exists; moves recorded before are judged the same way.
 */
export function claimsTierRewards(state: Pick<TiersShare, 'tierRewardsClaimed'>, e: TierChanged): boolean {
  return e.rewarded ?? (e.direction === 'up' && e.triggerReward && !state.tierRewardsClaimed[e.toTierId]);
}

export function evolveTiers(state: TiersShare, event: CustomerEvent): Partial<TiersShare> | undefined {
  switch (event.type) {
    case T.Enrolled:
      return { tierId: event.tierId, tierName: event.tierName, tierSince: event.tierId ? event.occurredAt : null };
    case T.TierChanged:
      return {
        tierId: event.toTierId,
        tierName: event.toTierName,
        tierPoint: event.tierPoint,
        tierSince: event.occurredAt,
        ...(claimsTierRewards(state, event)
          ? { tierRewardsClaimed: { ...state.tierRewardsClaimed, [event.toTierId]: event.eventId } }
          : {}),
      };
    case T.TierRetained:
      return { tierSince: event.occurredAt };
    case T.TierReviewWarned:
      return { tierReviewWarnings: { ...state.tierReviewWarnings, [`${event.cycle}|${event.daysLeft}`]: true } };
    case T.PointsAwarded:
    case T.PointsAdjusted:
    case T.PointsRevoked: {
      const change = earnedChange(event);
      return {
        tierPoint: addEarned(state.tierPoint, change),
        totalEarned: addEarned(state.totalEarned, change),
        tierEarnedByDay: addToDay(state.tierEarnedByDay, event.occurredAt, change),
        // A bonus recorded before moves carried `rewarded` still marks its tier as claimed.
        ...(event.type === T.PointsAwarded && event.tierReward && !state.tierRewardsClaimed[event.tierReward.tierId]
          ? {
              tierRewardsClaimed: {
                ...state.tierRewardsClaimed,
                [event.tierReward.tierId]: event.tierReward.tierChangedEventId,
              },
            }
          : {}),
      };
    }
    default:
      return undefined;
  }
}

declare module '../customer-state' {
  interface CustomerShares {
    tiers: TiersShare;
  }
}
