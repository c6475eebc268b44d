import { quoteLargeIntegers } from './large-integers';

describe('quoteLargeIntegers', () => {
  it('turns integers beyond 2^53 - 1 into strings of their digits, anywhere in the body', () => {
    const text = '{"id":820982911946154508,"a":[{"id":-9007199254740993}],"n":9007199254740991}';
    expect(JSON.parse(quoteLargeIntegers(text))).toEqual({
      id: '820982911946154508',
      a: [{ id: '-9007199254740993' }],
      n: 9007199254740991,
    });
  });

  it('leaves strings (with escaped quotes), fractions, exponents and small numbers as they are', () => {
    const text = '{"note":"order \\"820982911946154508\\" ok","p":12345678901234567.5,"e":1e400,"q":2}';
    expect(quoteLargeIntegers(text)).toBe(text);
  });

  it('does not make text that is not JSON into JSON', () => {
    expect(() => JSON.parse(quoteLargeIntegers('{"id":0123456789012345678}'))).toThrow();
    expect(() => JSON.parse(quoteLargeIntegers('{"id":820982911946154508'))).toThrow();
  });
});
