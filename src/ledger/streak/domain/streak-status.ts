import { dateAfter, daysBetween } from '../../../shared/domain/calendar';
import { StreakPosition } from './streak.state';

/** The personalised streak of one program on a local day (the storefront's `streak` object, less its text). */
export interface StreakStatus {
  /** Consecutive check-ins that still count today (0: none yet, missed a day, or another program's). */
  currentDay: number;
  totalDays: number;
  canClaimToday: boolean;
  /** The day the next check-in would be (1 after a break or a completed streak). */
  nextDay: number;
  /** The program ends before the streak can reach its last milestone. */
  cannotComplete: boolean;
}

/**
 * The one definition of where a streak stands, for the check-in decision and the storefront's
 * program list alike. `endDay` is the program's last local day (null: no end).
 */
export function streakStatus(
  position: StreakPosition | null,
  programId: string,
  today: string,
  totalDays: number,
  endDay: string | null,
): StreakStatus {
  const mine = position?.programId === programId ? position : null;
  const claimedToday = mine?.lastDay === today;
  // One check-in a day across all streak programs: switching resets the count, not the day's guard.
  const checkedInToday = position?.lastDay === today;
  const running = mine !== null && (claimedToday || mine.lastDay === dateAfter(today, -1));
  const currentDay = running ? mine.currentDay : 0;
  // After the last milestone day a streak starts over at day 1.
  const nextDay = currentDay >= totalDays ? 1 : currentDay + 1;
  const left = totalDays - (claimedToday ? currentDay : nextDay - 1);
  // Days still open for check-ins, today included when not yet claimed.
  const open = endDay === null ? Infinity : daysBetween(today, endDay) + (checkedInToday ? 0 : 1);
  return { currentDay, totalDays, canClaimToday: !checkedInToday, nextDay, cannotComplete: left > open };
}
