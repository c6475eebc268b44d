import { customerIdFor } from './customer-identity';
import { deterministicUuid } from '../shared/domain/ids';

describe('customerIdFor', () => {
  it('is the name-based id of (shop, platform id), the same however often and in whichever form it is asked', () => {
    const expected = deterministicUuid('customer', 'shop-1', '42');
    expect(customerIdFor('shop-1', 42)).toBe(expected);
    expect(customerIdFor('shop-1', '42')).toBe(expected);
    expect(customerIdFor('shop-1', 42)).toBe(expected);
  });

  it('differs between shops and between platform ids', () => {
    const ids = new Set([
      customerIdFor('shop-1', 42),
      customerIdFor('shop-2', 42),
      customerIdFor('shop-1', 43),
      customerIdFor('shop-1\u00004', 2),
    ]);
    expect(ids.size).toBe(4);
  });
});
