import { spendingRules } from './spending-rules';
import { giftVariants, redemptionPoints, redemptionValue } from './redemption';
import { refusalOf } from '../../../test/support/decider-spec';
import { giftProduct, MUG } from '../../../test/support/spending-fixtures';

describe('spending rules', () => {
  it('reads defaults from the event and names the field of every bad value', () => {
    expect(spendingRules({ pointsCost: 100 }, 'free_shipping')).toMatchObject({
      rewardType: 'free_shipping',
      redeemType: 'fixed',
      limitRedeem: null,
      combinedWith: { orderDiscounts: false },
    });
    expect(spendingRules({ pointsCost: 100, rewardValue: 10 }, 'percentage_discount').rewardType).toBe('percentage');
    expect(refusalOf(() => spendingRules({ pointsCost: 100, rewardValue: 150 }, 'percentage_discount'))).toEqual([
      'BAD_REQUEST',
      'spending.rewardValue',
    ]);
    expect(
      refusalOf(() => spendingRules({ pointsCost: 100, rewardValue: 5, limitRedeem: 0 }, 'amount_discount')),
    ).toEqual(['BAD_REQUEST', 'spending.limitRedeem']);
    expect(
      refusalOf(() => spendingRules({ pointsCost: 100, rewardValue: 5, orderReqAmount: 'fifty' }, 'amount_discount')),
    ).toEqual(['BAD_REQUEST', 'spending.orderReqAmount']);
    expect(
      refusalOf(() =>
        spendingRules({ pointsCost: 100, rewardValue: 5, combinedWith: { orderDiscounts: 'yes' } }, 'amount_discount'),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.combinedWith']);
    expect(refusalOf(() => spendingRules({ pointsCost: 100 }, 'free_gift'))).toEqual([
      'BAD_REQUEST',
      'spending.giftProducts',
    ]);
    expect(
      refusalOf(() =>
        spendingRules(
          { pointsCost: 100, redeemType: 'dynamic', rewardValue: 1, minPoints: 500, maxPoints: 100 },
          'amount_discount',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.maxPoints']);
    expect(
      refusalOf(() =>
        spendingRules(
          { pointsCost: 100, rewardValue: 1, redeemType: 'dynamic', hasLimitCartValue: true, limitCartValue: 101 },
          'amount_discount',
        ),
      ),
    ).toEqual(['BAD_REQUEST', 'spending.limitCartValue']);
  });

  it('fixed rewards cost pointsCost per unit; dynamic ones stay within minPoints..maxPoints', () => {
    const fixed = spendingRules({ pointsCost: 500, rewardValue: 5 }, 'amount_discount');
    expect(redemptionPoints(fixed, 3)).toBe(1500);
    expect(redemptionValue(fixed, 3)).toBe(15);
    const dynamic = spendingRules(
      { pointsCost: 100, rewardValue: 1, redeemType: 'dynamic', minPoints: 300, maxPoints: 1000 },
      'amount_discount',
    );
    expect(refusalOf(() => redemptionPoints(dynamic, 2))).toEqual(['BAD_REQUEST', 'quantity']);
    expect(redemptionPoints(dynamic, 3)).toBe(300);
    expect(redemptionPoints(dynamic, 10)).toBe(1000);
    expect(refusalOf(() => redemptionPoints(dynamic, 11))).toEqual(['BAD_REQUEST', 'quantity']);
    expect(refusalOf(() => redemptionPoints(fixed, 0))).toEqual(['BAD_REQUEST', 'quantity']);
    // A percentage bought twice is still that percentage.
    expect(redemptionValue(spendingRules({ pointsCost: 100, rewardValue: 10 }, 'percentage_discount'), 2)).toBe(10);
  });

  it('free_product: mode one needs a listed variant (one on offer is chosen by itself); mode all gives every variant', () => {
    const products = [MUG, giftProduct('2', 'Pen', '', ['21', 'Black'])];
    const one = spendingRules({ pointsCost: 100, giftProducts: products }, 'free_gift');
    expect(one.giftSelectionMode).toBe('one');
    expect(refusalOf(() => giftVariants(one, null))).toEqual(['GIFT_SELECTION_REQUIRED', 'variantId']);
    expect(refusalOf(() => giftVariants(one, '99'))).toEqual(['GIFT_UNAVAILABLE', 'variantId']);
    expect(giftVariants(one, '12')).toEqual(['12']);
    expect(giftVariants(spendingRules({ pointsCost: 100, giftProducts: [products[1]] }, 'free_gift'), null)).toEqual([
      '21',
    ]);
    expect(
      giftVariants(
        spendingRules({ pointsCost: 100, giftProducts: products, giftSelectionMode: 'all' }, 'free_gift'),
        null,
      ),
    ).toEqual(['11', '12', '21']);
  });
});
