import { couponExpiry, couponProblem, platformCouponOf, referralCouponTitle, referralRuleOf } from './referral-rule';

describe('referral rule', () => {
  it('settles unset fields: points to the referrer, 10 off for the friend, any paid order, no wait, reverse', () => {
    expect(referralRuleOf(null)).toEqual({
      referrerReward: 'points',
      referrerCoupon: null,
      friendCoupon: { type: 'amount_discount', value: 10, orderReqAmount: null, expiresInDays: null, codePrefix: null },
      minimumSubtotal: 0,
      waitingDays: 0,
      refundAfterReward: 'reverse',
    });
    expect(
      referralRuleOf({
        referrerReward: 'coupon',
        referrerCoupon: { type: 'free_shipping', value: 5 },
        friendCoupon: { type: 'percentage_discount', value: 15, expiresInDays: 30 },
        minimumSubtotal: 50,
        waitingDays: 14,
        refundAfterReward: 'keep',
      }),
    ).toMatchObject({
      referrerCoupon: { type: 'free_shipping', value: null },
      friendCoupon: { type: 'percentage_discount', value: 15, expiresInDays: 30 },
      minimumSubtotal: 50,
      waitingDays: 14,
      refundAfterReward: 'keep',
    });
  });

  it("a coupon on the platform: the tier coupons' reward types, its minimum as money text, its title and expiry", () => {
    const c = referralRuleOf({
      friendCoupon: { type: 'amount_discount', value: 7.5, orderReqAmount: 40 },
    }).friendCoupon;
    expect(platformCouponOf(c)).toEqual({ rewardType: 'fixed_amount', rewardValue: 7.5, orderReqAmount: '40.00' });
    // The title in the shop's words: the catalogue's sentence, the amount as money in the shop's currency.
    const words = {
      t: (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`,
      money: (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`,
    };
    expect(referralCouponTitle(c, words, 'EUR')).toBe('reward.description.fixed_amount {"amount":"EUR 7.50"}');
    expect(referralCouponTitle({ ...c, type: 'percentage_discount', value: 15 }, words, 'EUR')).toBe(
      'reward.description.percentage {"percent":15}',
    );
    expect(couponExpiry({ ...c, expiresInDays: 2 }, '2026-03-01T10:00:00.000Z')).toBe('2026-03-03T10:00:00.000Z');
    expect(couponExpiry(c, '2026-03-01T10:00:00.000Z')).toBeNull();
    expect(platformCouponOf({ ...c, type: 'free_shipping', value: null })).toMatchObject({
      rewardType: 'free_shipping',
      rewardValue: null,
    });
  });

  it('a coupon says how much it is worth: a positive amount, a percent up to 100, nothing for free shipping', () => {
    const c = referralRuleOf({}).friendCoupon;
    expect(couponProblem({ ...c, value: null }, 'f')).toEqual([
      'f.value',
      'must be a positive amount for amount_discount',
    ]);
    expect(couponProblem({ ...c, type: 'percentage_discount', value: 101 }, 'f')).toEqual([
      'f.value',
      'must be a percent from 1 to 100',
    ]);
    expect(couponProblem({ ...c, type: 'free_shipping', value: null }, 'f')).toBeNull();
  });
});
