import { toCents } from '../../shared/domain/money';
import { CustomerEvent, CustomerEventType as T, milestoneCoupons, ProgramRef } from '../customer-events';

/** A coupon the customer holds, as checkout, refunds and expiry need it. */
export interface CouponState {
  rewardId: string;
  points: number;
  status: 'active' | 'refunded' | 'used' | 'expired';
  programId?: string | null;
  /** The spending program's title when bought (a refund's transaction row names the program). */
  programTitle?: string | null;
  rewardType?: string;
  /** Minimum order subtotal in cents for the code to apply (null: none). */
  orderReqCents?: number | null;
  expiresAt?: string | null;
}

/** The spending program a coupon was bought from, as its refund's transaction row names it. */
export function couponProgramOf(coupon: Pick<CouponState, 'programId' | 'programTitle'>): ProgramRef | null {
  if (!coupon.programId) return null;
  return { programId: coupon.programId, programTitle: coupon.programTitle ?? '', earnBy: null, rateMoney: null };
}

/** Coupons and redemption's share: the customer's coupons by code. */
export interface CouponsShare {
  coupons: Readonly<Record<string, CouponState>>;
}

export const initialCoupons = (): CouponsShare => ({ coupons: {} });

/** A coupon just issued, as its entry of the customer's coupons. */
function issuedIn(
  reward: { couponCode: string; rewardId: string; rewardType: string; expiresAt: string | null },
  origin: Pick<CouponState, 'points' | 'programId' | 'programTitle' | 'orderReqCents'>,
): Record<string, CouponState> {
  return {
    [reward.couponCode]: {
      rewardId: reward.rewardId,
      status: 'active',
      rewardType: reward.rewardType,
      expiresAt: reward.expiresAt,
      ...origin,
    },
  };
}

export function evolveCoupons(state: CouponsShare, event: CustomerEvent): Partial<CouponsShare> | undefined {
  const withStatus = (code: string, status: CouponState['status']) => ({
    coupons: { ...state.coupons, [code]: { ...state.coupons[code], status } },
  });
  /** A coupon just issued (bought with points, or granted): active until used, refunded or expired. */
  const issued = (
    reward: {
      couponCode: string;
      rewardId: string;
      rewardType: CouponState['rewardType'];
      expiresAt: CouponState['expiresAt'];
    },
    origin: Pick<CouponState, 'points' | 'programId' | 'programTitle' | 'orderReqCents'>,
  ) => ({
    coupons: {
      ...state.coupons,
      [reward.couponCode]: {
        rewardId: reward.rewardId,
        status: 'active' as const,
        rewardType: reward.rewardType,
        expiresAt: reward.expiresAt,
        ...origin,
      },
    },
  });
  switch (event.type) {
    case T.PointsRedeemed:
      return issued(event.reward, {
        points: event.points,
        programId: event.program?.programId ?? null,
        programTitle: event.program?.programTitle ?? null,
        orderReqCents: event.reward.orderReqAmount ? toCents(event.reward.orderReqAmount) : null,
      });
    case T.CouponGranted:
      return issued(event.reward, {
        points: 0,
        programId: event.referral?.programId ?? null,
        programTitle: null,
        // Tier coupons were always read without their minimum (kept so, as their streams were decided).
        orderReqCents: event.referral && event.reward.orderReqAmount ? toCents(event.reward.orderReqAmount) : null,
      });
    // The codes of a milestone step's discounts and gifts: granted, no points spent.
    case T.MilestoneStepClaimed:
    case T.MilestoneGiftChosen: {
      const origin = {
        points: 0,
        programId: event.step.programId,
        programTitle: event.step.programTitle,
        orderReqCents: null,
      };
      let coupons = state.coupons;
      for (const coupon of milestoneCoupons(event)) coupons = { ...coupons, ...issuedIn(coupon, origin) };
      return coupons === state.coupons ? undefined : { coupons };
    }
    case T.CouponRefunded:
      return withStatus(event.couponCode, 'refunded');
    case T.CouponUsed:
      return withStatus(event.couponCode, 'used');
    case T.CouponExpired:
      return withStatus(event.couponCode, 'expired');
    // A referrer's coupon taken back (its friend's order refunded; policy reverse): it stops working.
    case T.ReferralRefundAfterReward:
      return event.couponCode ? withStatus(event.couponCode, 'refunded') : undefined;
    default:
      return undefined;
  }
}

declare module '../customer-state' {
  interface CustomerShares {
    coupons: CouponsShare;
  }
}
