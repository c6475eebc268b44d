import {
  addToDay,
  addToDayAmounts,
  DayAmounts,
  DayBuckets,
  dayAmountsOf,
  dayBucketsOf,
  NO_DAYS,
  sumSince,
} from './day-buckets';

const DAY = 86_400_000;
const at = (day: string, time = '12:00:00.000') => `${day}T${time}Z`;
const dayAfter = (day: string, days: number) => new Date(Date.parse(day) + days * DAY).toISOString().slice(0, 10);

/** A deterministic sequence of adds, mostly forward in time, some back-dated, over about three years. */
function adds(count: number, seed: number): Array<{ at: string; amount: number }> {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  let day = '2024-01-01';
  return Array.from({ length: count }, () => {
    day = dayAfter(day, Math.floor(next() * 3));
    const backDated = next() < 0.1 ? dayAfter(day, -Math.floor(next() * 900)) : day;
    return { at: at(backDated), amount: Math.floor(next() * 200) - 50 };
  });
}

describe('Day buckets', () => {
  it('Given days in several months, when summed since an instant, then the days from its UTC day on count', () => {
    let buckets: DayBuckets = NO_DAYS;
    buckets = addToDay(buckets, at('2025-01-30'), 5);
    buckets = addToDay(buckets, at('2025-01-31', '23:59:59.999'), 7);
    buckets = addToDay(buckets, at('2025-02-01', '00:00:00.000'), 11);
    buckets = addToDay(buckets, at('2025-02-01', '18:00:00.000'), 13);
    buckets = addToDay(buckets, at('2025-03-15'), 17);

    expect(sumSince(buckets, at('2025-01-31', '08:00:00.000'))).toBe(7 + 11 + 13 + 17);
    expect(sumSince(buckets, at('2025-02-01', '23:00:00.000'))).toBe(11 + 13 + 17);
    expect(sumSince(buckets, at('2025-02-02'))).toBe(17);
    expect(sumSince(buckets, at('2025-03-16'))).toBe(0);
    expect(dayAmountsOf(buckets)).toEqual({ '2025-01-30': 5, '2025-01-31': 7, '2025-02-01': 24, '2025-03-15': 17 });
  });

  it('Given a day added to, then days more than 800 days before it are dropped and the rest kept', () => {
    let buckets: DayBuckets = NO_DAYS;
    buckets = addToDay(buckets, at('2023-01-01'), 1);
    buckets = addToDay(buckets, at('2023-01-02'), 2);
    buckets = addToDay(buckets, at('2023-02-01'), 3);
    buckets = addToDay(buckets, at(dayAfter('2023-01-02', 800)), 4);

    expect(dayAmountsOf(buckets)).toEqual({ '2023-01-02': 2, '2023-02-01': 3, [dayAfter('2023-01-02', 800)]: 4 });
    buckets = addToDay(buckets, at(dayAfter('2023-02-02', 800)), 5);
    expect(Object.keys(dayAmountsOf(buckets))).toEqual([dayAfter('2023-01-02', 800), dayAfter('2023-02-02', 800)]);
    expect(buckets.map((m) => m.month)).toEqual([dayAfter('2023-01-02', 800).slice(0, 7), '2025-04']);
    expect(buckets.every((m) => m.days.some((amount) => amount !== undefined))).toBe(true);
  });

  it('Given any sequence of adds, then the grouped and the flat shapes keep the same days and sums', () => {
    for (const seed of [1, 7, 42]) {
      let grouped: DayBuckets = NO_DAYS;
      let flat: DayAmounts = {};
      for (const { at: when, amount } of adds(1200, seed)) {
        grouped = addToDay(grouped, when, amount);
        flat = addToDayAmounts(flat, when, amount);
      }
      expect(dayAmountsOf(grouped)).toEqual(flat);
      expect(dayBucketsOf(flat)).toEqual(grouped);
      for (const since of ['2024-01-01', '2025-06-15', '2025-06-30', '2026-01-01', '2026-03-01']) {
        const fromDay = Object.keys(flat).filter((d) => d >= since);
        expect(sumSince(grouped, at(since))).toBe(fromDay.reduce((sum, d) => sum + flat[d], 0));
      }
    }
  });

  it('When a day is added to, then the buckets before are unchanged and only its month is copied', () => {
    let buckets: DayBuckets = NO_DAYS;
    for (let i = 0; i < 400; i++) buckets = addToDay(buckets, at(dayAfter('2025-01-01', i)), 1);
    const before = JSON.stringify(buckets);

    const after = addToDay(buckets, at('2026-02-04'), 3);

    expect(JSON.stringify(buckets)).toBe(before);
    const monthOf = (b: DayBuckets, month: string) => b.find((m) => m.month === month)!;
    expect(monthOf(after, '2026-02')).not.toBe(monthOf(buckets, '2026-02'));
    expect(sumSince(after, at('2026-02-04')) - sumSince(buckets, at('2026-02-04'))).toBe(3);
    const untouched = buckets.filter((m) => m.month !== '2026-02');
    expect(untouched.length).toBeGreaterThan(10);
    for (const month of untouched) expect(monthOf(after, month.month)).toBe(month);
  });

  it('When nothing is added, then the same buckets are answered', () => {
    const buckets = addToDay(NO_DAYS, at('2025-05-05'), 2);
    expect(addToDay(buckets, at('2025-05-06'), 0)).toBe(buckets);
    const flat = addToDayAmounts({}, at('2025-05-05'), 2);
    expect(addToDayAmounts(flat, at('2025-05-06'), 0)).toBe(flat);
  });
});
