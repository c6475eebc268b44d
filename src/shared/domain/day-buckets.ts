/**
 * Amounts per UTC day, for sums over a sliding window (the earning limit's period, the tier
 * retention window). Days older than BUCKET_DAYS before the day added to are dropped.
 */

/** Amounts by UTC day ('YYYY-MM-DD'), flat: the shape read models store. */
export type DayAmounts = Readonly<Record<string, number>>;

/** One month's amounts by day of the month (index 0: the 1st); a day never added to is undefined. */
export interface MonthAmounts {
  readonly month: string;
  readonly days: ReadonlyArray<number | undefined>;
}

/**
 * The same amounts as months in ascending order: the shape folds keep. Adding to a day copies the
 * list of months (about 27) and its month (31 slots), not every day kept: with the flat shape a
 * customer active on many days copied every day's key an event, so a long-lived customer's replay
 * grew with their history (months as records of days left most of that cost to the garbage
 * collector).
 */
export type DayBuckets = ReadonlyArray<MonthAmounts>;

export const NO_DAYS: DayBuckets = [];

const BUCKET_DAYS = 800;
const dayIndexOf = (day: string) => Number(day.slice(8, 10)) - 1;

/** Adds to the day of `at`, dropping days older than BUCKET_DAYS before it. */
export function addToDay(buckets: DayBuckets, at: string, amount: number): DayBuckets {
  if (amount === 0) return buckets;
  const day = at.slice(0, 10);
  const month = day.slice(0, 7);
  const oldest = oldestKept(day);
  const oldestMonth = oldest.slice(0, 7);
  let first = 0;
  while (first < buckets.length && buckets[first].month < oldestMonth) first++;
  const next = buckets.slice(first);
  if (next.length > 0 && next[0].month === oldestMonth) {
    const kept = monthFrom(next[0], dayIndexOf(oldest));
    if (kept) next[0] = kept;
    else next.shift();
  }
  let place = next.length;
  while (place > 0 && next[place - 1].month > month) place--;
  const index = dayIndexOf(day);
  if (place > 0 && next[place - 1].month === month) {
    const days = next[place - 1].days.slice();
    days[index] = (days[index] ?? 0) + amount;
    next[place - 1] = { month, days };
  } else {
    const days = emptyMonth();
    days[index] = amount;
    next.splice(place, 0, { month, days });
  }
  return next;
}

/** Sum of the days from `since` (an ISO instant; its UTC day counts). */
export function sumSince(buckets: DayBuckets, since: string): number {
  const fromMonth = since.slice(0, 7);
  const fromIndex = dayIndexOf(since.slice(0, 10));
  let sum = 0;
  for (let m = buckets.length - 1; m >= 0 && buckets[m].month >= fromMonth; m--) {
    const { month, days } = buckets[m];
    for (let i = month === fromMonth ? fromIndex : 0; i < days.length; i++) sum += days[i] ?? 0;
  }
  return sum;
}

/** The month without its days before `index`: itself when it has none, null when none is left. */
function monthFrom(month: MonthAmounts, index: number): MonthAmounts | null {
  if (!month.days.some((amount, i) => i < index && amount !== undefined)) return month;
  const days = month.days.map((amount, i) => (i < index ? undefined : amount));
  return days.some((amount) => amount !== undefined) ? { month: month.month, days } : null;
}

const emptyMonth = (): Array<number | undefined> => new Array<number | undefined>(31).fill(undefined);

/** Adds to the day of `at` in the flat shape (a read model's copy), with the same days dropped. */
export function addToDayAmounts(days: DayAmounts, at: string, amount: number): DayAmounts {
  if (amount === 0) return days;
  const day = at.slice(0, 10);
  const oldest = oldestKept(day);
  const next: Record<string, number> = {};
  for (const d in days) if (d >= oldest) next[d] = days[d];
  next[day] = (next[day] ?? 0) + amount;
  return next;
}

/** The flat shape of the months' amounts. */
export function dayAmountsOf(buckets: DayBuckets): DayAmounts {
  const flat: Record<string, number> = {};
  for (const { month, days } of buckets) {
    days.forEach((amount, i) => {
      if (amount !== undefined) flat[`${month}-${String(i + 1).padStart(2, '0')}`] = amount;
    });
  }
  return flat;
}

/** The months' shape of flat amounts (a read model's copy, to sum as the fold does). */
export function dayBucketsOf(flat: DayAmounts): DayBuckets {
  const months = new Map<string, Array<number | undefined>>();
  for (const day of Object.keys(flat).sort()) {
    const month = day.slice(0, 7);
    let days = months.get(month);
    if (!days) months.set(month, (days = emptyMonth()));
    days[dayIndexOf(day)] = flat[day];
  }
  return [...months].map(([month, days]) => ({ month, days }));
}

/** The oldest day kept beside `day`; remembered for the last day asked (a fold asks for the same day many times). */
let lastDay = '';
let lastOldest = '';
function oldestKept(day: string): string {
  if (day !== lastDay) {
    lastOldest = new Date(Date.parse(day) - BUCKET_DAYS * 86_400_000).toISOString().slice(0, 10);
    lastDay = day;
  }
  return lastOldest;
}
