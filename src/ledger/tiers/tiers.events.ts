import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Tier moves and the retention policy's reviews. */

export interface TierChanged extends CustomerEventBase {
  type: typeof T.TierChanged;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  fromTierId: string | null;
  fromTierName: string | null;
  toTierId: string;
  toTierName: string;
  direction: 'up' | 'down' | 'same';
  /** `points`: tier point crossed a target; `manual`: set through the API; `assessment`: the retention review. */
  trigger: 'points' | 'manual' | 'assessment';
  tierPoint: number;
  isInitTier: boolean;
  triggerReward: boolean;
  adminNote: string | null;
  /**
   * This move pays the tier's entry rewards: the customer's first move up into the tier with rewards
   * triggered. Bonus points are paid in the same decision, coupons by the grant reader; no later entry
   * pays them again. Absent on moves recorded before it existed: derived then (`claimsTierRewards`).
   */
  rewarded?: boolean;
}

/** A tier review kept the customer's tier (retention policy): the next review counts from here. */
export interface TierRetained extends CustomerEventBase {
  type: typeof T.TierRetained;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  tierId: string;
  tierName: string;
  windowPoints: number;
}

/**
 * A warning before a tier review (retention policy): when it happens, what the window holds now, and
 * how many more points keep the tier (feeds tier/about_to_reset_4_weeks, _2_weeks, _1_day).
 */
export interface TierReviewWarned extends CustomerEventBase {
  type: typeof T.TierReviewWarned;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  tierId: string;
  tierName: string;
  reviewAt: string;
  daysLeft: number;
  windowPoints: number;
  pointsToKeep: number;
  /** When the customer entered or last kept the tier: one warning of each kind per cycle. */
  cycle: string;
}

export const tierChanged: EventBuilder<TierChanged> = eventBuilder(T.TierChanged);
export const tierRetained: EventBuilder<TierRetained> = eventBuilder(T.TierRetained);
export const tierReviewWarned: EventBuilder<TierReviewWarned> = eventBuilder(T.TierReviewWarned);
