import { nextPeriodStart, periodStart } from '../../shared/domain/calendar';
import { sumSince } from '../../shared/domain/day-buckets';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { EarningLimitShare } from './earning-limit.state';

/**
 * The shop's global earning limit, counted per customer on their stream: program points (orders,
 * sign-up, birthday, social) per calendar period, the tier's own cap replacing the shop's. Manual
 * awards and tier bonuses are not capped; reversals give no room back.
 */
type Counted = EarningLimitShare & { tierId: string | null };

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
export function earningRoom(state: Counted, policy: EarningLimitPolicy | null | undefined, at: string): number {
  const cap = earningCap(policy, state.tierId);
  if (!cap) return Infinity;
  return Math.max(0, cap.maxPoints - sumSince(state.programEarnedByDay, periodStart(cap.period, at)));
}

/** Limit status for display: whether the cap is reached and when the period restarts ('' when unlimited). */
export function earningLimitStatus(
  state: Counted,
  policy: EarningLimitPolicy | null | undefined,
  at: string,
): { reached: boolean; resetDate: string } | null {
  if (!policy?.enabled) return null;
  const cap = earningCap(policy, state.tierId);
  if (!cap) return { reached: false, resetDate: '' };
  return { reached: earningRoom(state, policy, at) === 0, resetDate: nextPeriodStart(cap.period, at) };
}
