import {
  intervalStart,
  LocalDayFinder,
  localDayOf,
  localIso,
  nextIntervalStart,
  offsetMinutes,
  startOfLocalDay,
} from './zoned-days';

const ms = (iso: string) => Date.parse(iso);

describe('local days of a time zone', () => {
  it('a day across a daylight-saving change lasts 23 or 25 hours (Paris, 2026)', () => {
    const hours = (day: string, next: string) =>
      (startOfLocalDay(next, 'Europe/Paris') - startOfLocalDay(day, 'Europe/Paris')) / 3_600_000;
    expect(hours('2026-03-28', '2026-03-29')).toBe(24);
    expect(hours('2026-03-29', '2026-03-30')).toBe(23);
    expect(hours('2026-10-25', '2026-10-26')).toBe(25);
    expect(localIso(startOfLocalDay('2026-03-30', 'Europe/Paris'), 'Europe/Paris')).toBe('2026-03-30T00:00:00+02:00');
    expect(localIso(startOfLocalDay('2026-03-29', 'Europe/Paris'), 'Europe/Paris')).toBe('2026-03-29T00:00:00+01:00');
  });

  it('where a change skips midnight, the day begins at the first minute that exists (Santiago)', () => {
    expect(localIso(startOfLocalDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe(
      '2026-09-06T01:00:00-03:00',
    );
  });

  it('half-hour zones and UTC', () => {
    expect(new Date(startOfLocalDay('2026-03-01', 'Asia/Kolkata')).toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(offsetMinutes(ms('2026-03-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(localIso(ms('2026-03-01T00:00:00Z'), 'UTC')).toBe('2026-03-01T00:00:00Z');
  });

  it('an instant falls on the local day of its zone', () => {
    expect(localDayOf(ms('2026-03-28T23:30:00Z'), 'Europe/Paris')).toBe('2026-03-29');
    expect(localDayOf(ms('2026-03-28T22:59:59.999Z'), 'Europe/Paris')).toBe('2026-03-28');
    const finder = new LocalDayFinder('Europe/Paris');
    const instants = ['2026-03-28T22:00:00Z', '2026-03-28T23:00:00Z', '2026-03-29T21:59:59Z', '2026-03-29T22:00:00Z'];
    expect(instants.map((i) => finder.dayOf(ms(i)))).toEqual(['2026-03-28', '2026-03-29', '2026-03-29', '2026-03-30']);
    expect(finder.dayOf(ms('2026-03-01T12:00:00Z'))).toBe('2026-03-01');
  });

  it('weeks start on Monday; months on the 1st', () => {
    expect(intervalStart('week', '2026-03-01')).toBe('2026-02-23');
    expect(nextIntervalStart('week', '2026-03-01')).toBe('2026-03-02');
    expect(intervalStart('month', '2026-03-17')).toBe('2026-03-01');
    expect(nextIntervalStart('month', '2026-12-17')).toBe('2027-01-01');
    expect(nextIntervalStart('day', '2026-02-28')).toBe('2026-03-01');
  });
});
