/**
 * Local days of a time zone (the shop's): which day an instant falls on there, when a day begins
 * there (a day across a daylight-saving change lasts 23 or 25 hours), and calendar steps on days
 * written `YYYY-MM-DD`. Days are compared as text: `YYYY-MM-DD` sorts as time does.
 */

export type LocalDay = string;
export type DayInterval = 'day' | 'week' | 'month';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in minutes (Paris in winter: 60). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((local - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

/** The local day an instant falls on in the zone. */
export function localDayOf(ms: number, timeZone: string): LocalDay {
  return new Date(ms + offsetMinutes(ms, timeZone) * MINUTE).toISOString().slice(0, 10);
}

/**
 * The first instant of a local day in the zone (its midnight; where a change skips midnight, the
 * first minute that exists). Found by bisection over minutes, so no assumption about offsets holds.
 */
export function startOfLocalDay(day: LocalDay, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let lo = (utcMidnight - 15 * 3_600_000) / MINUTE;
  let hi = (utcMidnight + 15 * 3_600_000) / MINUTE;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayOf(mid * MINUTE, timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  return lo * MINUTE;
}

/** An instant written in the zone's local time with its offset (`2026-03-01T00:00:00+01:00`; UTC: `Z`). */
export function localIso(ms: number, timeZone: string): string {
  const offset = offsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * MINUTE).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${offset < 0 ? '-' : '+'}${hhmm}`;
}

export function addDays(day: LocalDay, days: number): LocalDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the interval that contains `day` (weeks start on Monday). */
export function intervalStart(interval: DayInterval, day: LocalDay): LocalDay {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the next interval after the one that contains `day`. */
export function nextIntervalStart(interval: DayInterval, day: LocalDay): LocalDay {
  if (interval === 'day') return addDays(day, 1);
  if (interval === 'week') return addDays(intervalStart('week', day), 7);
  const d = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/**
 * Finds local days of one zone for instants that mostly come in time order (a log's events): the
 * day last found is kept with its bounds, so most instants cost a comparison, not a time zone lookup.
 */
export class LocalDayFinder {
  private day: LocalDay | null = null;
  private start = 0;
  private end = 0;

  constructor(readonly timeZone: string) {}

  dayOf(ms: number): LocalDay {
    if (this.day === null || ms < this.start || ms >= this.end) {
      this.day = localDayOf(ms, this.timeZone);
      this.start = startOfLocalDay(this.day, this.timeZone);
      this.end = startOfLocalDay(addDays(this.day, 1), this.timeZone);
    }
    return this.day;
  }
}
