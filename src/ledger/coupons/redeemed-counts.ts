import { because, DomainError } from '../../shared/domain/domain-error';
import { RewardDoc } from '../read-models/reward-read-models';

/** A coupon's state as the counts read it. */
export type CouponStatus = RewardDoc['discountStatus'];

/** A redemption given back (its coupon refunded, its quota slot released): the one state that does not count. */
export const GIVEN_BACK: CouponStatus = 'refunded';

/**
 * Whether a redemption counts against a program's limits. "Refunded coupons do not count", written
 * once: the per-customer decision, the shop-wide quota (a released slot is given back) and the
 * projected counts the queries read (`redeemed-counts.projection.ts`) all count through `redeemedOf`.
 */
export const countsAsRedeemed = (status: CouponStatus): boolean => status !== GIVEN_BACK;

/** A redemption as the counts see it: the program it was bought from and its coupon's state. */
export interface CountedRedemption {
  programId?: string | null;
  status: CouponStatus;
}

/** The redemptions of a program that count against its limits (a customer's coupons, a quota's slots). */
export function redeemedOf(redemptions: Readonly<Record<string, CountedRedemption>>, programId: string): number {
  let count = 0;
  for (const id in redemptions) {
    const r = redemptions[id];
    if (r.programId === programId && countsAsRedeemed(r.status)) count++;
  }
  return count;
}

/** Whether a count has reached a limit (null: unlimited). */
export const limitReached = (count: number, limit: number | null): boolean =>
  limit !== null && limit > 0 && count >= limit;

/** A redemption refused by one of its limits: per customer (`limitRedeem`) or shop-wide (`totalLimitationRedeem`). */
export function redemptionLimitReached(scope: 'customer' | 'shop', limit: number): DomainError {
  return because.limitReached(
    scope === 'customer'
      ? `This reward can be redeemed ${limit} time(s) per customer`
      : `This reward has been redeemed the most times allowed (${limit})`,
  );
}
