import { remembered } from './ids';

describe('remembered', () => {
  it('computes each key once and answers the same afterwards', () => {
    const compute = jest.fn((key: string) => key.toUpperCase());
    const upper = remembered(compute);
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `limit` answers, then forgets them and computes again, with the same answers', () => {
    const compute = jest.fn((key: string) => `${key}!`);
    const marked = remembered(compute, 2);
    expect([marked('a'), marked('b'), marked('c'), marked('a')]).toEqual(['a!', 'b!', 'c!', 'a!']);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
