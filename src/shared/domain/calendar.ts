/** Calendar arithmetic on ISO instants (UTC unless a time zone is named): periods, months, local days. */

/** The calendar periods a limit resets on (the shop's earning limit; weeks start on Monday). */
export const CALENDAR_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type CalendarPeriod = (typeof CALENDAR_PERIODS)[number];
/** What a program's payments can be limited per (its `limitUnit`): a calendar period, or the customer's lifetime. */
export const PERIOD_UNITS = [...CALENDAR_PERIODS, 'lifetime'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** Start of the limit period that contains `at` (UTC calendar periods; weeks start on Monday). */
export function periodStart(unit: PeriodUnit, at: string): string {
  const d = new Date(at);
  if (unit === 'lifetime') return '0000';
  if (unit === 'year') return `${d.getUTCFullYear()}-01-01T00:00:00.000Z`;
  if (unit === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  if (unit === 'day') return day.toISOString();
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000).toISOString();
}

/** Start of the period after the one that contains `at` (when a periodic limit resets). */
export function nextPeriodStart(unit: CalendarPeriod, at: string): string {
  const start = new Date(periodStart(unit, at));
  if (unit === 'year') return new Date(Date.UTC(start.getUTCFullYear() + 1, 0, 1)).toISOString();
  if (unit === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString();
  return new Date(start.getTime() + (unit === 'day' ? 1 : 7) * 86_400_000).toISOString();
}

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

/** Today's MM/DD and year in a time zone. */
export function localDay(now: Date, timeZone: string): { monthDay: string; year: string; leap: boolean } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const year = Number(get('year'));
  return {
    monthDay: `${get('month')}/${get('day')}`,
    year: String(year),
    leap: (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0,
  };
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a time zone. */
export function localDate(at: string, timeZone: string): string {
  const { monthDay, year } = localDay(new Date(at), timeZone);
  return `${year}-${monthDay.replace('/', '-')}`;
}

/** The calendar date `days` after `date` (`YYYY-MM-DD`; negative: before). */
export function dateAfter(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (`YYYY-MM-DD` each; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}
