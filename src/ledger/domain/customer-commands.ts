import { OrderEarningRule } from '../../programs/domain/order-earning';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { OrderDetails, RewardCoupon } from './customer-events';
import { TierRung } from './customer-state';

/** What every command carries: who, when, and how to make ids (injected, so replays are deterministic). */
export interface CommandMeta {
  shopId: string;
  customerId: string;
  occurredAt: string;
  newId: () => string;
}

export interface PointsRequest {
  points: number;
  source: string;
  event: string;
  adminNote?: string | null;
  userNote?: string | null;
  reason?: string | null;
  idempotency?: { key: string; requestHash: string } | null;
}

export type CustomerCommand =
  | {
      type: 'EnrolCustomer';
      meta: CommandMeta;
      platformCustomerId: number;
      email: string | null;
      firstName: string | null;
      lastName: string | null;
      acceptsMarketing: boolean;
      platformCreatedAt: string | null;
      baseTier: TierRung | null;
      source: string;
      /** The active sign_up program, if any: its points are paid with the enrolment. */
      signUp?: { programId: string; programTitle: string; points: number } | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    }
  | {
      type: 'UpdateProfile';
      meta: CommandMeta;
      email?: string | null;
      firstName?: string | null;
      lastName?: string | null;
      acceptsMarketing?: boolean;
      source: string;
    }
  | { type: 'SetBirthday'; meta: CommandMeta; birthday?: string | null; dateOfBirth?: string | null; source: string }
  | { type: 'AwardPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | {
      type: 'EarnFromProgram';
      meta: CommandMeta;
      /** once: one payment per customer; period: one per period (e.g. "2026" for a yearly birthday reward); limit: at most `times` per `unit`. */
      program: {
        programId: string;
        programTitle: string;
        event: string;
        points: number;
        once: boolean;
        period?: string;
        limit?: { unit: 'day' | 'week' | 'month' | 'year' | 'lifetime'; times: number };
      };
      source: string;
      tiers: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    }
  | {
      type: 'RedeemReward';
      meta: CommandMeta;
      program: { programId: string; programTitle: string; event: string };
      points: number;
      quantity: number;
      reward: RewardCoupon;
      source: string;
      /** Redemptions of this program allowed per customer (refunded ones do not count); null: unlimited. */
      limitPerCustomer?: number | null;
      /** A retried request with the same key and body changes nothing; another body is a conflict. */
      idempotency?: { key: string; requestHash: string } | null;
    }
  | { type: 'RefundCoupon'; meta: CommandMeta; couponCode: string; reason: string | null; source: string }
  /** Expire the whole balance if this cycle applies: inactivity since `cutoff`, or the year of a fixed date. */
  | {
      type: 'ExpirePoints';
      meta: CommandMeta;
      policy: 'inactivity' | 'fixed_date';
      cycle: string;
      inactiveSince?: string;
    }
  | {
      type: 'WarnExpiry';
      meta: CommandMeta;
      cycle: string;
      daysLeft: number;
      expiresAt: string;
      inactiveSince?: string;
    }
  | { type: 'DeductPoints'; meta: CommandMeta; request: PointsRequest }
  | { type: 'AdjustPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | { type: 'ResetPoints'; meta: CommandMeta; request: PointsRequest }
  | {
      type: 'ChangeTier';
      meta: CommandMeta;
      tier: TierRung;
      tiers: TierRung[];
      isInitTier: boolean;
      triggerReward: boolean;
      adminNote: string | null;
    }
  | (OrderDetails & {
      type: 'RecordOrder';
      meta: CommandMeta;
      discountCodes?: string[];
      /** The place_order rule that pays for this order (null: no active program). */
      earning?: OrderEarningRule | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    })
  /** Marks a coupon expired once its expiry has passed (unused, active coupons only). */
  | { type: 'ExpireCoupon'; meta: CommandMeta; couponCode: string }
  /** A tier reward coupon minted for the customer (once per reward id). */
  | {
      type: 'GrantCoupon';
      meta: CommandMeta;
      reward: RewardCoupon & { title: string };
      tierId: string;
      tierChangedEventId: string;
    }
  /**
   * Tier retention review: due `assessmentMonths` after the customer entered or last kept their tier;
   * the points that raised their tier point in the last `windowMonths` decide the tier they keep.
   */
  | { type: 'AssessTier'; meta: CommandMeta; tiers: TierRung[]; assessmentMonths: number; windowMonths: number }
  /** Warns 28, 14 and 1 day before a tier review (only the nearest warning that is due, once per cycle). */
  | { type: 'WarnTierReview'; meta: CommandMeta; tiers: TierRung[]; assessmentMonths: number; windowMonths: number }
  /** Releases every held order payment whose delay has passed. */
  | { type: 'ReleasePendingPoints'; meta: CommandMeta; tiers: TierRung[] }
  | { type: 'CancelOrder'; meta: CommandMeta; orderId: string }
  | { type: 'RecordRefund'; meta: CommandMeta; orderId: string; refundId: string; amountCents: number };
