import { decideSpending, presentSpending, storedSpending } from './spending-wire';
import { spendingRules } from './spending-rules';
import { entitledScope } from './redemption';
import { DomainError } from '../../shared/domain/domain-error';
import { SPEC_NAMED_FIVE_OFF } from '../../../test/support/spending-fixtures';

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).details?.field;
  }
  return null;
};

const GIFTS = [
  {
    id: '10',
    title: 'Mug',
    handle: 'mug',
    image: { src: 'https://cdn.example.com/mug.png' },
    variants: [
      { id: '101', title: 'Red', price: '12.00', inventory_quantity: 4 },
      { id: '102', title: 'Blue', price: '12.00' },
    ],
  },
];

describe('spending programs under the spec names (2.9) and their aliases', () => {
  it('spec names at the top level store the same reward as the aliases in `spending`', () => {
    const spec = decideSpending('amount_discount', {}, undefined, {
      ...SPEC_NAMED_FIVE_OFF,
      combinedWith: ['shippingDiscounts'],
      showLoyaltyPage: false,
    });
    const alias = decideSpending(
      'amount_discount',
      {},
      {
        pointsCost: 500,
        rewardValue: 5,
        expiresInDays: 30,
        orderReqAmount: 50,
        limitRedeem: 2,
        totalLimitationRedeem: 100,
        combinedWith: { shippingDiscounts: true },
        showLoyaltyPage: false,
      },
      undefined,
    );
    expect(spec).toEqual(alias);
    expect(spec).toMatchObject({ pointsCost: 500, rewardValue: 5, orderReqAmount: '50.00', limitRedeem: 2 });
  });

  it('reading the stored reward again gives the same rules (nothing is lost or added on a rebuild)', () => {
    for (const [event, sp] of [
      ['amount_discount', { pointsCost: 100, rewardValue: 1, redeemType: 'dynamic', minPoints: 200, maxPoints: 900 }],
      ['free_gift', { pointsCost: 300, giftProducts: GIFTS, giftSelectionMode: 'all' }],
      ['amount_discount', { pointsCost: 100, rewardValue: 5, appliedTo: 'sf_product', specificProductIds: ['1', '2'] }],
      [
        'percentage_discount',
        { pointsCost: 100, rewardValue: 10, appliedTo: 'sf_collection', appliedCollectionIds: ['7'] },
      ],
    ] as const) {
      const rules = spendingRules({ ...sp }, event);
      expect(spendingRules(storedSpending(rules), event)).toEqual(rules);
    }
  });

  it('an update with spec names changes only those fields; `spending` replaces the reward as before', () => {
    const base = decideSpending('amount_discount', {}, { pointsCost: 500, rewardValue: 5, limitRedeem: 3 }, undefined);
    expect(decideSpending('amount_discount', base, undefined, { earnAmount: 6 })).toMatchObject({
      pointsCost: 500,
      rewardValue: 6,
      limitRedeem: 3,
    });
    expect(decideSpending('amount_discount', base, undefined, { limitRedeem: 'redeemWithoutLimit' }).limitRedeem).toBe(
      null,
    );
    // redeemWithLimit keeps a count already set.
    expect(decideSpending('amount_discount', base, undefined, { limitRedeem: 'redeemWithLimit' }).limitRedeem).toBe(3);
    expect(decideSpending('amount_discount', base, { pointsCost: 200, rewardValue: 2 }, undefined)).toMatchObject({
      pointsCost: 200,
      limitRedeem: null,
    });
  });

  it('errors name the field as the client wrote it', () => {
    const top = (fields: Record<string, unknown>, event = 'amount_discount') =>
      fieldOf(() => decideSpending(event, {}, undefined, fields));
    expect(top({ earnAmount: 5 })).toBe('spendPoint');
    expect(top({ spendPoint: 100, earnAmount: 150 }, 'percentage_discount')).toBe('earnAmount');
    expect(top({ spendPoint: 100, earnAmount: 1, redeemType: 'dynamic', minSpendPoint: 9, maxSpendPoint: 1 })).toBe(
      'maxSpendPoint',
    );
    expect(top({ spendPoint: 100, earnAmount: 1, combinedWith: ['everything'] })).toBe('combinedWith');
    expect(top({ spendPoint: 100, earnAmount: 1, limitRedeem: 'sometimes' })).toBe('limitRedeem');
    expect(top({ spendPoint: 100, earnAmount: 1, limitRedeem: 'redeemWithLimit' })).toBe('limitRedeemPerCustomer');
    expect(top({ spendPoint: 100, earnAmount: 1, orderReq: 'min_amount' })).toBe('orderReqAmount');
    expect(top({ spendPoint: 100, earnAmount: 1, orderReq: 'none', orderReqAmount: '5.00' })).toBe('orderReqAmount');
    expect(top({ spendPoint: 100, earnAmount: 1, conditions: [{ type: 'tag' }] })).toBe('conditions');
    expect(top({ spendPoint: 100, earnAmount: 1, redeemIn: 'available_in_pos' })).toBe('redeemIn');
    expect(top({ spendPoint: 100, earnAmount: 1, userAvailability: 'everyone' })).toBe('userAvailability');
    expect(top({ spendPoint: 100, earnAmount: 1, appliedTo: 'sf_product' })).toBe('specificProductIds');
    expect(top({ spendPoint: 100, earnAmount: 1, specificProductIds: ['1'] })).toBe('specificProductIds');
    expect(top({ spendPoint: 100, appliedTo: 'sf_product', specificProductIds: ['1'] }, 'free_shipping')).toBe(
      'appliedTo',
    );
    expect(top({ spendPoint: 100, earnAmount: 1, variantIds: ['1'] })).toBe('variantIds');
    // One field under two names must say one thing.
    expect(
      fieldOf(() => decideSpending('amount_discount', {}, { pointsCost: 100, rewardValue: 1 }, { spendPoint: 200 })),
    ).toBe('spendPoint');
    expect(top({ spendPoint: 100, earnAmount: 1, minSpendPoint: 1, minPoints: 2 })).toBe('minPoints');
    // Inside `spending`, under the spending. prefix.
    expect(fieldOf(() => decideSpending('amount_discount', {}, { spendPoint: 0, earnAmount: 1 }, undefined))).toBe(
      'spending.spendPoint',
    );
  });

  it('a free gift: specificProducts are the gifts; variantIds and freeProductIds sent back must agree with them', () => {
    const stored = decideSpending('free_gift', {}, undefined, { spendPoint: 300, specificProducts: GIFTS });
    const rules = spendingRules(stored, 'free_gift');
    expect(rules.giftProducts).toEqual([
      {
        id: '10',
        title: 'Mug',
        handle: 'mug',
        image: 'https://cdn.example.com/mug.png',
        variants: [
          { id: '101', title: 'Red', price: '12.00' },
          { id: '102', title: 'Blue', price: '12.00' },
        ],
      },
    ]);
    const wire = presentSpending(rules);
    expect(wire).toMatchObject({
      appliedTo: 'sf_product',
      specificProductIds: ['10'],
      freeProductIds: ['10'],
      variantIds: ['101', '102'],
      specificProducts: [
        {
          id: '10',
          title: 'Mug',
          handle: 'mug',
          image: { src: 'https://cdn.example.com/mug.png' },
          variants: [
            { id: '101', price: '12.00', title: 'Red', inventory_quantity: null },
            { id: '102', price: '12.00', title: 'Blue', inventory_quantity: null },
          ],
        },
      ],
    });
    // The record written back as read changes nothing.
    const { specificProducts, variantIds, freeProductIds, specificProductIds } = wire;
    expect(
      decideSpending('free_gift', stored, undefined, {
        specificProducts,
        variantIds,
        freeProductIds,
        specificProductIds,
      }),
    ).toEqual(stored);
    expect(fieldOf(() => decideSpending('free_gift', stored, undefined, { variantIds: ['101'] }))).toBe('variantIds');
    expect(fieldOf(() => decideSpending('free_gift', stored, undefined, { appliedTo: 'all' }))).toBe('appliedTo');
  });

  it('a discount limited to products or collections: the coupon is entitled to them', () => {
    const products = spendingRules(
      decideSpending('amount_discount', {}, undefined, {
        spendPoint: 100,
        earnAmount: 5,
        appliedTo: 'sf_product',
        specificProducts: [{ id: '1', title: 'Tea', image: { src: '' }, variants: [] }],
      }),
      'amount_discount',
    );
    expect(entitledScope(products)).toEqual({ entitledProductIds: ['1'], entitledCollectionIds: [] });
    const collections = spendingRules(
      decideSpending('amount_discount', {}, undefined, {
        spendPoint: 100,
        earnAmount: 5,
        appliedTo: 'sf_collection',
        specificCollections: [{ id: '7', title: 'Teas' }],
      }),
      'amount_discount',
    );
    expect(entitledScope(collections)).toEqual({ entitledProductIds: [], entitledCollectionIds: ['7'] });
    expect(presentSpending(collections)).toMatchObject({
      appliedCollectionIds: ['7'],
      specificCollections: [{ id: '7', title: 'Teas' }],
    });
    expect(entitledScope(spendingRules({ pointsCost: 1, rewardValue: 1 }, 'amount_discount'))).toEqual({
      entitledProductIds: [],
      entitledCollectionIds: [],
    });
  });

  it('the record reads "0.00"/none, redeemWithoutLimit and [] where a reward has no such term', () => {
    expect(presentSpending(spendingRules({ pointsCost: 100, rewardValue: 5 }, 'amount_discount'))).toMatchObject({
      orderReq: 'none',
      orderReqAmount: '0.00',
      limitRedeem: 'redeemWithoutLimit',
      limitRedeemPerCustomer: null,
      combinedWith: [],
      appliedTo: 'all',
      redeemIn: 'available_in_online_store',
      userAvailability: 'userRedeemed',
      showLoyaltyPage: true,
      includeProducts: [],
      excludeProducts: [],
      conditions: [],
      variantIds: [],
      freeProductIds: [],
    });
  });
});
