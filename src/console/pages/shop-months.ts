import { localIso, localDayOf, nextIntervalStart, startOfLocalDay } from '../../shared/domain/zoned-days';

/**
 * Midnights of the shop's time zone (the liability roll-forward takes nothing else): the first of
 * `year`'s January, and the first of the month after `now`'s (or the next January, for a past year).
 */
export function yearToDate(year: number, now: Date, timeZone: string): { from: string; to: string } {
  const today = localDayOf(now.getTime(), timeZone);
  const endDay = Number(today.slice(0, 4)) > year ? `${year + 1}-01-01` : nextIntervalStart('month', today);
  return {
    from: localIso(startOfLocalDay(`${year}-01-01`, timeZone), timeZone),
    to: localIso(startOfLocalDay(endDay, timeZone), timeZone),
  };
}

/** This month of the shop's time zone, from its first midnight to the next month's. */
export function thisMonth(now: Date, timeZone: string): { from: Date; to: Date } {
  const today = localDayOf(now.getTime(), timeZone);
  return {
    from: new Date(startOfLocalDay(`${today.slice(0, 8)}01`, timeZone)),
    to: new Date(startOfLocalDay(nextIntervalStart('month', today), timeZone)),
  };
}
