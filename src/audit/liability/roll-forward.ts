import { DayInterval, LocalDay, localIso, nextIntervalStart, startOfLocalDay } from '../../shared/domain/zoned-days';
import { addFigures, balanceChange, LiabilityFigures, noFigures, pendingChange } from './liability-movements';

/** A period of the roll-forward: local days `[startDay, endDay)` of the shop. */
export interface PeriodDays {
  startDay: LocalDay;
  endDay: LocalDay;
}

/** One period of the roll-forward, in whole points. */
export interface LiabilityPeriod {
  /** Its first instant and the first instant after it, in the shop's local time with the offset. */
  start: string;
  end: string;
  opening: number;
  issued: {
    total: number;
    orders: number;
    programs: number;
    tierRewards: number;
    milestones: number;
    referrals: number;
    manual: number;
  };
  /** Spent on rewards, less what refunded coupons gave back (`couponRefunds`, already subtracted). */
  redeemed: number;
  couponRefunds: number;
  expired: number;
  /** Signed. */
  adjusted: number;
  /** Refunds and cancellations of orders that had paid points. */
  reversed: number;
  /** opening + issued - redeemed - expired + adjusted - reversed. */
  closing: number;
  /** Held order points: not in the balance. */
  pending: { opening: number; held: number; released: number; cancelled: number; closing: number };
  /** Customers with a balance above 0 at the period's end. */
  customersWithBalance: number;
}

/** The periods from `fromDay` to `toDay` by interval; the first and last may be partial (cut at from and to). */
export function periodsBetween(fromDay: LocalDay, toDay: LocalDay, interval: DayInterval): PeriodDays[] {
  const periods: PeriodDays[] = [];
  for (let start = fromDay; start < toDay;) {
    const next = nextIntervalStart(interval, start);
    const endDay = next < toDay ? next : toDay;
    periods.push({ startDay: start, endDay });
    start = endDay;
  }
  return periods;
}

/** A day's figures, as the projection's documents and the recompute from the log both give them. */
export type DayFigures = LiabilityFigures & { day: LocalDay };

/** Running totals from the first day of the log: the balance, held points and customers with a balance. */
interface Running {
  balance: number;
  pending: number;
  customers: number;
}

function periodOf(days: PeriodDays, zone: string, before: Running, f: LiabilityFigures): LiabilityPeriod {
  const issued = {
    orders: f.issuedOrders,
    programs: f.issuedPrograms,
    tierRewards: f.issuedTierRewards,
    milestones: f.issuedMilestones,
    referrals: f.issuedReferrals,
    manual: f.issuedManual,
  };
  return {
    start: localIso(startOfLocalDay(days.startDay, zone), zone),
    end: localIso(startOfLocalDay(days.endDay, zone), zone),
    opening: before.balance,
    issued: { total: Object.values(issued).reduce((a, b) => a + b, 0), ...issued },
    redeemed: f.redeemedSpent - f.couponRefunds,
    couponRefunds: f.couponRefunds,
    expired: f.expired,
    adjusted: f.adjusted,
    reversed: f.reversed,
    closing: before.balance + balanceChange(f),
    pending: {
      opening: before.pending,
      held: f.pendingHeld,
      released: f.pendingReleased,
      cancelled: f.pendingCancelled,
      closing: before.pending + pendingChange(f),
    },
    customersWithBalance: before.customers + f.customersGained - f.customersLost,
  };
}

/**
 * The roll-forward: every day before the first period makes the opening (the sum of the days
 * before it: a shop's whole history is a few thousand day documents at most), then each period
 * sums its days. `days` in ascending order; days at or after the last period's end are ignored.
 */
export function rollForward(days: Iterable<DayFigures>, periods: PeriodDays[], zone: string): LiabilityPeriod[] {
  const running: Running = { balance: 0, pending: 0, customers: 0 };
  const result: LiabilityPeriod[] = [];
  let index = 0;
  let current = noFigures();
  const close = () => {
    const period = periodOf(periods[index], zone, running, current);
    result.push(period);
    running.balance = period.closing;
    running.pending = period.pending.closing;
    running.customers = period.customersWithBalance;
    current = noFigures();
    index++;
  };
  for (const day of days) {
    if (index >= periods.length) break;
    if (day.day < periods[0].startDay) {
      running.balance += balanceChange(day);
      running.pending += pendingChange(day);
      running.customers += day.customersGained - day.customersLost;
      continue;
    }
    while (index < periods.length && day.day >= periods[index].endDay) close();
    if (index < periods.length) addFigures(current, day);
  }
  while (index < periods.length) close();
  return result;
}
