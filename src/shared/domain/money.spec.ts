import { parseMoney } from './money';
import { isMoney } from './limits';

describe('parseMoney: the one money parser', () => {
  const cents = (value: unknown, min = 0.01, max = 1_000_000) => parseMoney(value, min, max);

  it('reads numbers and decimal strings as whole cents, exactly', () => {
    expect(cents(0.01)).toEqual({ cents: 1 });
    expect(cents(0.29)).toEqual({ cents: 29 });
    expect(cents(49.9)).toEqual({ cents: 4990 });
    expect(cents('49.90')).toEqual({ cents: 4990 });
    expect(cents(' 5 ')).toEqual({ cents: 500 });
    expect(cents(5.1)).toEqual({ cents: 510 });
    expect(cents(1_000_000)).toEqual({ cents: 100_000_000 });
    expect(cents('5.000')).toEqual({ cents: 500 });
  });

  it('reads exponent notation digit by digit: tiny amounts are too precise, never 0 cents', () => {
    expect(cents(1e-9)).toEqual({ problem: 'too_precise' });
    expect(cents(1e-7)).toEqual({ problem: 'too_precise' });
    expect(cents(5e-324)).toEqual({ problem: 'too_precise' });
    expect(cents(5.000000001)).toEqual({ problem: 'too_precise' });
    expect(cents(1e-9, 0)).toEqual({ problem: 'too_precise' });
    expect(cents(1e2)).toEqual({ cents: 10_000 });
    expect(cents(1.5e-1)).toEqual({ cents: 15 });
  });

  it('bounds: 0.01 is the smallest non-zero amount; -0 is 0; huge and negative amounts are out of range', () => {
    expect(cents(0)).toEqual({ problem: 'too_small' });
    expect(cents(-0, 0)).toEqual({ cents: 0 });
    expect(cents(0, 0)).toEqual({ cents: 0 });
    expect(cents(-1, 0)).toEqual({ problem: 'too_small' });
    expect(cents(1e308)).toEqual({ problem: 'too_large' });
    expect(cents(1e21)).toEqual({ problem: 'too_large' });
    expect(cents(1_000_000.01)).toEqual({ problem: 'too_large' });
    expect(cents(-1e308, 0)).toEqual({ problem: 'too_small' });
  });

  it('refuses what is not an amount', () => {
    for (const value of [NaN, Infinity, -Infinity, '1e-9', '12,50', '', 'abc', null, undefined, true, [], {}])
      expect(cents(value)).toEqual({ problem: 'not_an_amount' });
  });

  it("isMoney (the deciders' check) follows it", () => {
    expect(isMoney(0.01)).toBe(true);
    expect(isMoney(1e-9, 0)).toBe(false);
    expect(isMoney(5.000000001)).toBe(false);
    expect(isMoney(0, 0)).toBe(true);
    expect(isMoney('5.00')).toBe(false);
  });
});
