import { stableStringify } from '../../src/shared/domain/ids';

/** The canonical JSON export lines and request hashes are made of. */
describe('canonical JSON (stableStringify)', () => {
  it('sorts keys by code unit at every level, drops undefined members, keeps arrays in order', () => {
    const value = {
      b: 1,
      a: { z: [3, undefined, { y: null, x: 'é"\n' }], é: true, B: -0.5 },
      c: undefined,
      _: [],
      '10': {},
      '2': 2,
    };
    expect(stableStringify(value)).toBe(
      '{"10":{},"2":2,"_":[],"a":{"B":-0.5,"z":[3,null,{"x":"é\\"\\n","y":null}],"é":true},"b":1}',
    );
  });

  it('is what JSON.parse reads back, and the same for the same content in any key order', () => {
    const one = { type: 'points.awarded.v1', points: 120, order: { orderId: '501', currency: 'USD' } };
    const two = { order: { currency: 'USD', orderId: '501' }, points: 120, type: 'points.awarded.v1' };
    expect(stableStringify(one)).toBe(stableStringify(two));
    expect(JSON.parse(stableStringify(one))).toEqual(one);
    expect(stableStringify('text')).toBe('"text"');
    expect(stableStringify(null)).toBe('null');
    expect(stableStringify(undefined)).toBe('null');
  });
});
