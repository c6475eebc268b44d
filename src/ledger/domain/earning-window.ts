import { nextPeriodStart, periodStart } from '../../programs/domain/order-earning';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { CustomerState } from './customer-state';

/** Counting earned points over time: the global earning limit and the tier retention window. */
/** The same instant `months` calendar months earlier (clamped to the month's last day). */
export function monthsBefore(at: string, months: number): string {
  const d = new Date(at);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() - months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

/** The same instant `months` calendar months later (clamped to the month's last day). */
export function monthsAfter(at: string, months: number): string {
  return monthsBefore(at, -months);
}

/** Sum of the day buckets from `since` (an ISO instant; its UTC day counts). */
export function sumSince(buckets: Readonly<Record<string, number>>, since: string): number {
  const from = since.slice(0, 10);
  let sum = 0;
  for (const [d, n] of Object.entries(buckets)) if (d >= from) sum += n;
  return sum;
}

/** The cap that applies to this customer: the tier's own, else the shop's; null = unlimited. */
export function earningCap(
  policy: EarningLimitPolicy | null | undefined,
  tierId: string | null,
): { maxPoints: number; period: EarningLimitPolicy['period'] } | null {
  if (!policy?.enabled) return null;
  const override = tierId ? policy.tiers.find((t) => t.tierId === tierId) : undefined;
  const maxPoints = override ? override.maxPoints : policy.maxPoints;
  return maxPoints === null ? null : { maxPoints, period: policy.period };
}

/** How many more program points the customer may earn in the current period (Infinity: no limit). */
export function earningRoom(state: CustomerState, policy: EarningLimitPolicy | null | undefined, at: string): number {
  const cap = earningCap(policy, state.tierId);
  if (!cap) return Infinity;
  return Math.max(0, cap.maxPoints - sumSince(state.programEarnedByDay, periodStart(cap.period, at)));
}

/** Limit status for display: whether the cap is reached and when the period restarts ('' when unlimited). */
export function earningLimitStatus(
  state: CustomerState,
  policy: EarningLimitPolicy | null | undefined,
  at: string,
): { reached: boolean; resetDate: string } | null {
  if (!policy?.enabled) return null;
  const cap = earningCap(policy, state.tierId);
  if (!cap) return { reached: false, resetDate: '' };
  return { reached: earningRoom(state, policy, at) === 0, resetDate: nextPeriodStart(cap.period, at) };
}
