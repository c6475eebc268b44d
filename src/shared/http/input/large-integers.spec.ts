import { parseKeepingLargeIntegers } from './large-integers';

describe('parseKeepingLargeIntegers', () => {
  it('reads integers beyond 2^53 - 1 as strings of their digits, anywhere in the body', () => {
    const text = '{"id":820982911946154508,"a":[{"id":-9007199254740993}],"n":9007199254740991}';
    expect(parseKeepingLargeIntegers(text)).toEqual({
      id: '820982911946154508',
      a: [{ id: '-9007199254740993' }],
      n: 9007199254740991,
    });
  });

  it('reads strings (with escaped quotes), fractions, exponents and small numbers as JSON.parse does', () => {
    const text = '{"note":"order \\"820982911946154508\\" ok","p":12345678901234567.5,"e":1e400,"q":2}';
    expect(parseKeepingLargeIntegers(text)).toEqual(JSON.parse(text));
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseKeepingLargeIntegers('{"id":0123456789012345678}')).toThrow();
    expect(() => parseKeepingLargeIntegers('{"id":820982911946154508')).toThrow();
  });

  it('keeps a "__proto__" key an own property, as JSON.parse does', () => {
    const value = parseKeepingLargeIntegers('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
