import { walletPassContent } from './wallet-pass-content';

describe('the wallet card content', () => {
  it('shows the balance, the tier and a barcode of the customer code, with one serial per customer and shop', () => {
    expect(walletPassContent({ shopId: 's1', customerId: 'c1', points: 120, tierName: 'Gold' }, 'Shop')).toEqual({
      serialNumber: 's1-c1',
      programName: 'Shop',
      balance: 120,
      tierName: 'Gold',
      barcode: 'c1',
    });
    expect(
      walletPassContent({ shopId: 's1', customerId: 'c2', points: 0, tierName: null }, 'Shop').tierName,
    ).toBeNull();
  });
});
