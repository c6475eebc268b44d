/**
 * Amounts per UTC day, for sums over a sliding window (the earning limit's period, the tier
 * retention window). Days older than BUCKET_DAYS are dropped as new ones are added.
 */
export type DayBuckets = Readonly<Record<string, number>>;

const BUCKET_DAYS = 800;

/** Adds to the day of `at`, dropping days older than BUCKET_DAYS before it. */
export function addToDay(buckets: DayBuckets, at: string, amount: number): DayBuckets {
  if (amount === 0) return buckets;
  const day = at.slice(0, 10);
  const oldest = oldestKept(day);
  const next: Record<string, number> = {};
  for (const d in buckets) if (d >= oldest) next[d] = buckets[d];
  next[day] = (next[day] ?? 0) + amount;
  return next;
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

/** Sum of the days from `since` (an ISO instant; its UTC day counts). */
export function sumSince(buckets: DayBuckets, since: string): number {
  const from = since.slice(0, 10);
  let sum = 0;
  for (const [d, n] of Object.entries(buckets)) if (d >= from) sum += n;
  return sum;
}
