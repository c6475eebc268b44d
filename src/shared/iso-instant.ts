const DAY_MS = 86_400_000;

/** The last UTC day formatted, and its date part (`2026-11-28T`): a replay's events share few days. */
let lastDay = NaN;
let lastDate = '';

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, for a run of instants: the date part is V8's own, made once per UTC
 * day; the time of day is counted here. toISOString was a visible part of a long replay.
 */
export function isoInstant(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    const whole = new Date(day * DAY_MS).toISOString();
    lastDate = whole.slice(0, whole.indexOf('T') + 1);
    lastDay = day;
  }
  const time = ms - day * DAY_MS;
  const hours = Math.floor(time / 3_600_000);
  const minutes = Math.floor((time % 3_600_000) / 60_000);
  const seconds = Math.floor((time % 60_000) / 1000);
  return `${lastDate}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(time % 1000)}Z`;
}
