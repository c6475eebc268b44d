import { parseMoney } from './money';

/**
 * The documented maxima of numbers the service accepts (docs/limits.md). Deciders check them (the
 * domain is the authority; DTOs repeat them so a client hears about them at the edge). Every bound
 * keeps arithmetic on points and cents exact: products stay far below Number.MAX_SAFE_INTEGER.
 */

/** Largest single change of points, balance set by a reset, tier target and earning cap. */
export const MAX_POINTS = 1_000_000_000;
/** Points per earning rule (earnPoint, tier rates, bonus points). */
export const MAX_EARN_POINT = 1_000_000;
/** Money amounts in the shop currency (rateMoney, rewardValue, a cart line's unit price): 0.01 to 1,000,000, cents. */
export const MIN_MONEY = 0.01;
export const MAX_MONEY = 1_000_000;
/** Days (coupon lifetimes, expiry, pending delays are lower where stated). */
export const MAX_DAYS = 3650;
/** Counts per customer or period (limitInterval, limitRedeem). */
export const MAX_COUNT = 1_000_000;
/** Redemptions of a program across a shop. */
export const MAX_TOTAL_COUNT = 1_000_000_000;
/** Program priority, either sign. */
export const MAX_PRIORITY = 1_000_000;
/** Units of one cart line. */
export const MAX_QUANTITY = 10_000;

/** A money amount: a number of whole cents within min..MAX_MONEY (the one money parser's rule). */
export function isMoney(value: unknown, min = MIN_MONEY): value is number {
  return typeof value === 'number' && 'cents' in parseMoney(value, min, MAX_MONEY);
}

export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
