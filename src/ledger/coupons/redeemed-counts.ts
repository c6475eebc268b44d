import { because, DomainError } from '../../shared/domain/domain-error';
import { RewardDoc } from '../read-models/reward-read-models';

/** A coupon's state as the counts read it. */
type CouponStatus = RewardDoc['discountStatus'];

/** A redemption whose coupon was refunded gives its place back: the one status that does not count. */
const NOT_COUNTED: CouponStatus = 'refunded';

/**
 * Whether a redemption counts against a program's limits. "Refunded coupons do not count", written
 * once: the per-customer decision, the shop-wide quota (a refund releases its slot) and every read of
 * a count (`redeemedCount`) go through it.
 */
export const countsAsRedeemed = (status: CouponStatus): boolean => status !== NOT_COUNTED;

/** The redemptions of a program among a customer's coupons that count against its limit. */
export function redeemedOf(
  coupons: Readonly<Record<string, { programId?: string | null; status: CouponStatus }>>,
  programId: string,
): number {
  return Object.values(coupons).filter((c) => c.programId === programId && countsAsRedeemed(c.status)).length;
}

/** The redemptions of a program that count, by one customer or across the shop, as the rewards read model holds them. */
export function redeemedCount(
  rewards: { count(filter: Record<string, unknown>): Promise<number> },
  programId: string,
  by: { customerId: string } | { shopId: string },
): Promise<number> {
  return rewards.count({ ...by, programId, discountStatus: { $ne: NOT_COUNTED } });
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
