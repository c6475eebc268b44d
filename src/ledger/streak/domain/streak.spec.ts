import { CustomerCommand } from '../../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { givenCustomer, ledgerSpec as spec } from '../../../../test/support/customer-ledger-given';
import { ClaimStreakDay } from './streak.decisions';
import { streakStatus } from './streak-status';

const { meta, enrolled: enrolledAs, awarded } = givenCustomer();
const enrolled = enrolledAs({ tierId: null, tierName: null });

/** Milestones: day 3 pays 10, day 5 pays 50 (five days in all). */
const MILESTONES = [
  { day: 3, points: 10 },
  { day: 5, points: 50 },
];
const checkIn = (at: string, program: Partial<ClaimStreakDay['program']> = {}, extra = {}): CustomerCommand => ({
  type: 'ClaimStreakDay',
  meta: meta(at),
  program: {
    programId: 'streak',
    programTitle: 'Daily',
    event: 'streak_interact_website',
    milestones: MILESTONES,
    endDay: null,
    ...program,
  },
  // New York: 03:00 UTC is still the day before there.
  timeZone: 'America/New_York',
  source: 'source_headless',
  tiers: [],
  ...extra,
});

/** The events of check-ins at each of `times`, in order. */
function run(times: string[], from: CustomerEvent[] = [enrolled], program = {}): CustomerEvent[] {
  let events = from;
  for (const at of times) events = [...events, ...spec.given(events).when(checkIn(at, program)).events()];
  return events;
}
const days = (events: CustomerEvent[]) =>
  events.flatMap((e) => (e.type === T.StreakDayClaimed ? [[e.day, e.currentDay, e.points]] : []));

describe('customer ledger: daily streak', () => {
  it('consecutive local days count up; milestone days pay their points, other days nothing', () => {
    const events = run([
      '2026-03-01T15:00:00.000Z',
      '2026-03-02T15:00:00.000Z',
      '2026-03-03T15:00:00.000Z',
      '2026-03-04T15:00:00.000Z',
      '2026-03-05T15:00:00.000Z',
      '2026-03-06T15:00:00.000Z',
    ]);
    expect(days(events)).toEqual([
      ['2026-03-01', 1, 0],
      ['2026-03-02', 2, 0],
      ['2026-03-03', 3, 10],
      ['2026-03-04', 4, 0],
      ['2026-03-05', 5, 50],
      // After the last milestone the streak starts over.
      ['2026-03-06', 1, 0],
    ]);
    const paid = events.filter((e) => e.type === T.PointsAwarded);
    expect(paid).toMatchObject([
      { points: 10, newPoint: 10, event: 'streak_interact_website', program: { programId: 'streak' } },
      { points: 50, newPoint: 60 },
    ]);
  });

  it('a second check-in the same local day is LIMIT_REACHED (the day is the shop’s, not UTC’s)', () => {
    const first = run(['2026-03-01T15:00:00.000Z']);
    spec.given(first).when(checkIn('2026-03-01T23:59:00.000Z')).thenThrows('LIMIT_REACHED', 400);
    // 03:00 UTC on the 2nd is still the 1st in New York.
    spec.given(first).when(checkIn('2026-03-02T03:00:00.000Z')).thenThrows('LIMIT_REACHED', 400);
    spec
      .given(first)
      .when(checkIn('2026-03-02T05:00:00.000Z'))
      .thenMatches([{ type: T.StreakDayClaimed, day: '2026-03-02', currentDay: 2, totalDays: 5, points: 0 }]);
  });

  it('a missed day resets to 0 and the next check-in is day 1; so does checking in on another program', () => {
    const two = run(['2026-03-01T15:00:00.000Z', '2026-03-02T15:00:00.000Z']);
    spec
      .given(two)
      .when(checkIn('2026-03-04T15:00:00.000Z'))
      .thenMatches([{ type: T.StreakDayClaimed, day: '2026-03-04', currentDay: 1 }]);
    const switched = run(['2026-03-03T15:00:00.000Z'], two, { programId: 'other' });
    expect(days(switched).at(-1)).toEqual(['2026-03-03', 1, 0]);
    spec
      .given(switched)
      .when(checkIn('2026-03-04T15:00:00.000Z'))
      .thenMatches([{ type: T.StreakDayClaimed, programId: 'streak', currentDay: 1 }]);
  });

  it('one check-in a day across all streak programs: a switch the same day is LIMIT_REACHED, pays nothing', () => {
    const first = run(['2026-03-01T15:00:00.000Z']);
    spec
      .given(first)
      .when(checkIn('2026-03-01T16:00:00.000Z', { programId: 'other', milestones: [{ day: 1, points: 7 }] }))
      .thenThrows('LIMIT_REACHED', 400);
    // Alternating between two programs over three days: one check-in a day, each a new day 1.
    let events = first;
    for (const [at, programId] of [
      ['2026-03-02T15:00:00.000Z', 'other'],
      ['2026-03-03T15:00:00.000Z', 'streak'],
    ]) {
      events = [...events, ...spec.given(events).when(checkIn(at, { programId })).events()];
      for (const again of ['streak', 'other'])
        spec
          .given(events)
          .when(checkIn(at.replace('15:00', '16:00'), { programId: again }))
          .thenThrows('LIMIT_REACHED', 400);
    }
    expect(days(events)).toEqual([
      ['2026-03-01', 1, 0],
      ['2026-03-02', 1, 0],
      ['2026-03-03', 1, 0],
    ]);
  });

  it("a milestone day lowered by the shop's earning limit; none left is LIMIT_REACHED and records nothing", () => {
    const limit = (maxPoints: number): EarningLimitPolicy => ({ enabled: true, maxPoints, period: 'month', tiers: [] });
    const two = run(
      ['2026-03-01T15:00:00.000Z', '2026-03-02T15:00:00.000Z'],
      [enrolled, awarded(95, 0, { program: { programId: 'x' } })],
    );
    spec
      .given(two)
      .when(checkIn('2026-03-03T15:00:00.000Z', {}, { earningLimit: limit(100) }))
      .thenMatches([
        { type: T.StreakDayClaimed, currentDay: 3, points: 5 },
        { type: T.PointsAwarded, points: 5 },
      ]);
    spec
      .given(two)
      .when(checkIn('2026-03-03T15:00:00.000Z', {}, { earningLimit: limit(95) }))
      .thenThrows('LIMIT_REACHED', 400);
  });

  it('only members check in', () => {
    spec
      .given([enrolledAs({ tierId: null, tierName: null, membership: 'guest' } as never)])
      .when(checkIn('2026-03-01T15:00:00.000Z'))
      .thenThrows('NOT_ELIGIBLE', 403);
  });
});

describe('streak status (the storefront’s streak object)', () => {
  const at = (programId: string, lastDay: string, currentDay: number) => ({ programId, lastDay, currentDay });

  it('currentDay counts while the streak runs (claimed today or yesterday), else 0', () => {
    expect(streakStatus(null, 'p', '2026-03-05', 5, null)).toEqual({
      currentDay: 0,
      totalDays: 5,
      canClaimToday: true,
      nextDay: 1,
      cannotComplete: false,
    });
    expect(streakStatus(at('p', '2026-03-05', 2), 'p', '2026-03-05', 5, null)).toMatchObject({
      currentDay: 2,
      canClaimToday: false,
    });
    expect(streakStatus(at('p', '2026-03-04', 2), 'p', '2026-03-05', 5, null)).toMatchObject({
      currentDay: 2,
      canClaimToday: true,
      nextDay: 3,
    });
    expect(streakStatus(at('p', '2026-03-03', 2), 'p', '2026-03-05', 5, null)).toMatchObject({ currentDay: 0 });
    // Another program checked in today: this one's count is 0, and today's check-in is spent.
    expect(streakStatus(at('q', '2026-03-05', 2), 'p', '2026-03-05', 5, null)).toMatchObject({
      currentDay: 0,
      canClaimToday: false,
    });
    expect(streakStatus(at('q', '2026-03-04', 2), 'p', '2026-03-05', 5, null)).toMatchObject({
      currentDay: 0,
      canClaimToday: true,
    });
  });

  it('cannotComplete when the days left before the end date are fewer than the days still needed', () => {
    // Day 2 done yesterday; days 3, 4, 5 need today and two more days.
    const yesterday = at('p', '2026-03-04', 2);
    expect(streakStatus(yesterday, 'p', '2026-03-05', 5, '2026-03-07').cannotComplete).toBe(false);
    expect(streakStatus(yesterday, 'p', '2026-03-05', 5, '2026-03-06').cannotComplete).toBe(true);
    // Claimed today: days 4 and 5 are tomorrow and after.
    expect(streakStatus(at('p', '2026-03-05', 3), 'p', '2026-03-05', 5, '2026-03-07').cannotComplete).toBe(false);
    expect(streakStatus(at('p', '2026-03-05', 3), 'p', '2026-03-05', 5, '2026-03-06').cannotComplete).toBe(true);
  });
});
