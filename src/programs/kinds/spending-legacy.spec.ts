import { legacySpending } from './spending-legacy';
import { spendingRules } from './spending-rules';
import { storedSpending } from './spending-wire';
import { giftProduct, MUG } from '../../../test/support/spending-fixtures';

/** What an old event read as when the upcast parsed it again: the parser's answer, or no reward. */
const parsedAgain = (recorded: Record<string, unknown>, event: string) => {
  try {
    return storedSpending(spendingRules(recorded, event));
  } catch {
    return {};
  }
};

describe('rewards recorded before the typed rule', () => {
  it.each([
    ['amount_discount', { pointsCost: 100, rewardValue: 5, limitRedeem: 2 }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, orderReqAmount: 50, expiresInDays: 30 }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, orderReqAmount: '25.50', totalLimitationRedeem: 9 }],
    ['amount_discount', { pointsCost: 10, redeemType: 'dynamic', rewardValue: 1, minPoints: 10, maxPoints: 500 }],
    [
      'amount_discount',
      { pointsCost: 10, redeemType: 'dynamic', rewardValue: 1, hasLimitCartValue: true, limitCartValue: 50 },
    ],
    ['amount_discount', { pointsCost: 10, rewardValue: 1, minPoints: 10, hasLimitCartValue: true, limitCartValue: 50 }],
    ['amount_discount', { pointsCost: 10, rewardValue: 1, combinedWith: { orderDiscounts: true } }],
    ['amount_discount', { pointsCost: 10, rewardValue: 1, showLoyaltyPage: false }],
    ['amount_discount', { pointsCost: 10, rewardValue: 1, appliedTo: 'sf_product', specificProductIds: ['1', '2'] }],
    ['amount_discount', { pointsCost: 10, rewardValue: 1, appliedTo: 'sf_collection', appliedCollectionIds: ['7'] }],
    [
      'amount_discount',
      { pointsCost: 10, rewardValue: 1, appliedTo: 'sf_collection', specificCollections: [{ id: '7', title: 'Teas' }] },
    ],
    ['percentage_discount', { pointsCost: 100, rewardValue: 10 }],
    ['free_shipping', { pointsCost: 100 }],
    ['free_gift', { pointsCost: 100, giftProducts: [MUG] }],
    [
      'free_gift',
      {
        pointsCost: 100,
        giftSelectionMode: 'all',
        giftProducts: [MUG, giftProduct('2', 'Cap', 'cap.png', ['21', 'One'])],
      },
    ],
    ['free_gift', { pointsCost: 100, giftProducts: [{ ...MUG, image: { src: 'mug.png' } }] }],
    // What no read could redeem stays no reward.
    ['amount_discount', { rewardValue: 5 }],
    ['amount_discount', { pointsCost: 100 }],
    ['percentage_discount', { pointsCost: 100, rewardValue: 150 }],
    ['amount_discount', { pointsCost: 1.5, rewardValue: 5 }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, rewardType: 'cash' }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, limitRedeem: 0 }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, orderReqAmount: 'fifty' }],
    ['amount_discount', { pointsCost: 100, rewardValue: 5, appliedTo: 'sf_product' }],
    ['free_gift', { pointsCost: 100 }],
  ])('%s %j reads as the write edge stored it', (event, recorded) => {
    expect(legacySpending(recorded, event)).toEqual(parsedAgain(recorded, event));
  });

  it('an earning program, or a reward that is not an object, has none', () => {
    expect(legacySpending({ pointsCost: 100, rewardValue: 5 }, 'place_order')).toEqual({});
    expect(legacySpending('100 points', 'amount_discount')).toEqual({});
  });
});
