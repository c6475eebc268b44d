import { periodStart } from './calendar';

describe('limit periods', () => {
  it.each([
    ['day', '2026-03-04T15:00:00.000Z', '2026-03-04T00:00:00.000Z'],
    ['week', '2026-03-04T15:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['week', '2026-03-08T23:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ['month', '2026-03-04T15:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['year', '2026-03-04T15:00:00.000Z', '2026-01-01T00:00:00.000Z'],
  ] as const)('are calendar periods in UTC (weeks from Monday): the %s of %s starts at %s', (unit, at, start) => {
    expect(periodStart(unit, at)).toBe(start);
  });
});
