import { isoInstant } from './iso-instant';

describe('isoInstant', () => {
  it('is toISOString for instants across days, years, leap days, before 1970 and past 9999', () => {
    const instants = [
      0,
      -1,
      1,
      999,
      1000,
      86_399_999,
      86_400_000,
      -86_400_000,
      -86_400_001,
      Date.parse('2024-02-29T23:59:59.999Z'),
      Date.parse('2024-03-01T00:00:00.000Z'),
      Date.parse('1969-12-31T23:59:59.999Z'),
      Date.parse('2026-11-28T01:02:03.004Z'),
      Date.parse('+010000-01-01T00:00:00.000Z'),
      Date.parse('-000001-06-15T12:30:45.678Z'),
    ];
    // And a run of random instants, consecutive ones often on the same day (as in a replay).
    let at = Date.parse('2025-01-01T00:00:00.000Z');
    for (let i = 0; i < 5000; i++) {
      at += Math.floor(Math.random() * (i % 50 === 0 ? 40 * 86_400_000 : 3_600_000));
      instants.push(at);
    }
    for (let i = 0; i < 2000; i++) instants.push(Math.floor((Math.random() - 0.5) * 2 * 8.64e15));
    for (const ms of instants) expect([ms, isoInstant(ms)]).toEqual([ms, new Date(ms).toISOString()]);
  });
});
