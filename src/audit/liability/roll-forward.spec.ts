import { LiabilityFigures, noFigures } from './liability-movements';
import { DayFigures, periodsBetween, rollForward } from './roll-forward';
import { pointsValue, ratio } from './liability-value';

const day = (d: string, f: Partial<LiabilityFigures>): DayFigures => ({ ...noFigures(), ...f, day: d });

describe('roll-forward over day figures', () => {
  const days = [
    day('2026-02-20', { issuedManual: 100, customersGained: 1, pendingHeld: 40 }),
    day('2026-03-02', { issuedOrders: 50, redeemedSpent: 30, pendingReleased: 40 }),
    day('2026-03-09', { couponRefunds: 30, expired: 20, adjusted: -5, reversed: 10, customersGained: 2 }),
    day('2026-03-31', { issuedTierRewards: 7, customersLost: 1 }),
    day('2026-04-01', { issuedManual: 1000 }),
  ];

  it('the days before from make the opening; each period sums its days; the first and last may be partial', () => {
    const periods = periodsBetween('2026-03-01', '2026-04-01', 'week');
    expect(periods.map((p) => [p.startDay, p.endDay])).toEqual([
      ['2026-03-01', '2026-03-02'],
      ['2026-03-02', '2026-03-09'],
      ['2026-03-09', '2026-03-16'],
      ['2026-03-16', '2026-03-23'],
      ['2026-03-23', '2026-03-30'],
      ['2026-03-30', '2026-04-01'],
    ]);
    const rows = rollForward(days, periods, 'UTC');
    expect(
      rows.map((r) => [r.opening, r.issued.total, r.redeemed, r.expired, r.adjusted, r.reversed, r.closing]),
    ).toEqual([
      [100, 0, 0, 0, 0, 0, 100],
      [100, 50, 30, 0, 0, 0, 120],
      [120, 0, -30, 20, -5, 10, 115],
      [115, 0, 0, 0, 0, 0, 115],
      [115, 0, 0, 0, 0, 0, 115],
      [115, 7, 0, 0, 0, 0, 122],
    ]);
    expect(rows.map((r) => [r.pending.opening, r.pending.closing, r.customersWithBalance])).toEqual([
      [40, 40, 1],
      [40, 0, 1],
      [0, 0, 3],
      [0, 0, 3],
      [0, 0, 3],
      [0, 0, 2],
    ]);
    expect(rows[0]).toMatchObject({ start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' });
    expect(rows[2].couponRefunds).toBe(30);
  });

  it('a period with no days carries the balance on', () => {
    const rows = rollForward([], periodsBetween('2026-01-01', '2026-03-01', 'month'), 'Europe/Paris');
    expect(rows).toEqual([
      expect.objectContaining({ start: '2026-01-01T00:00:00+01:00', end: '2026-02-01T00:00:00+01:00', closing: 0 }),
      expect.objectContaining({ start: '2026-02-01T00:00:00+01:00', end: '2026-03-01T00:00:00+01:00', closing: 0 }),
    ]);
  });
});

describe('money view', () => {
  it('points times the point value, as decimals computed on integers', () => {
    expect(pointsValue(1550, '0.01')).toBe('15.50');
    expect(pointsValue(-3, '0.01')).toBe('-0.03');
    expect(pointsValue(7, '0.125')).toBe('0.875');
    expect(pointsValue(12, '2')).toBe('24.00');
    expect(pointsValue(0, '0.000001')).toBe('0.000000');
    expect(pointsValue(999_999_999_999, '0.000003')).toBe('2999999.999997');
  });

  it('breakage ratios round half up to 4 decimals; nothing issued: null', () => {
    expect(ratio(1, 3)).toBe('0.3333');
    expect(ratio(2, 3)).toBe('0.6667');
    expect(ratio(1657, 2174)).toBe('0.7622');
    expect(ratio(5, 0)).toBeNull();
  });
});
