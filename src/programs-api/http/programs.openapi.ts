import {
  anyValue,
  arrayOf,
  bool,
  dateTime,
  extend,
  int,
  mapOf,
  nullable,
  num,
  object,
  oneOf,
  record,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the v2 and v1 program endpoints, as the program presenters write them. */

const ids = arrayOf(object({ id: str }));
const image = object({ src: str });

const REFERRAL_COUPON = object({
  type: oneOf('amount_discount', 'percentage_discount', 'free_shipping'),
  value: nullable(num),
  orderReqAmount: nullable(num),
  expiresInDays: nullable(int),
  codePrefix: nullable(str),
});

/** A referral program's settled settings (null on other programs). */
const REFERRAL_RULE = object({
  referrerReward: oneOf('points', 'coupon'),
  referrerCoupon: nullable(REFERRAL_COUPON),
  friendCoupon: REFERRAL_COUPON,
  minimumSubtotal: num,
  waitingDays: int,
  refundAfterReward: oneOf('reverse', 'keep'),
});

/** The fields of every v2 Program; `type` tells which kind's fields follow. */
const programFields = (kind: 'earning' | 'spending') =>
  object({
    id: str,
    numericId: nullable(int),
    title: str,
    description: str,
    type: oneOf(kind),
    event: str,
    status: bool,
    priority: int,
    createdAt: dateTime,
    updatedAt: dateTime,
    expired: bool,
    isDraft: bool,
    translateTitle: mapOf(str),
    giftStatus: nullable(oneOf('available', 'sold_out')),
    startDate: nullable(str),
    endDate: nullable(str),
  });

export const EARNING_PROGRAM = record(
  'V2EarningProgram',
  extend(
    programFields('earning'),
    object(
      {
        earnBy: oneOf('price', 'flat'),
        rateMoney: nullable(num),
        earnPoint: int,
        autoRemovePoints: bool,
        appliedPlaceOrderTo: str,
        appliedSource: arrayOf(oneOf('web', 'pos')),
        skipEarnPointGuest: bool,
        roundingMethod: oneOf('round', 'floor', 'ceil'),
        earnPointsTiers: arrayOf(object({ tierId: str, earnPoint: int, rateMoney: nullable(num) })),
        typeMilestone: nullable(str),
        milestones: arrayOf(anyValue),
        includeProducts: ids,
        excludeProducts: ids,
        includeCollections: ids,
        excludeCollections: ids,
        pendingDays: int,
        hasLimit: bool,
        limitUnit: oneOf('day', 'week', 'month', 'year', 'lifetime'),
        limitInterval: int,
        form: nullable(
          object({
            headerImage: str,
            successIconUrl: str,
            requireImage: bool,
            autoApprove: bool,
            instantRewardEnabled: bool,
            instantRewardPoints: int,
          }),
        ),
        review: nullable(object({ redirectUrl: nullable(str), headerImage: str, extraPoints: int })),
        referral: nullable(REFERRAL_RULE),
        isEarned: { type: 'boolean', description: 'Eligibility list only, on single-event programs' },
      },
      ['isEarned'],
    ),
  ),
);

const GIFT_PRODUCT = object(
  {
    id: str,
    title: str,
    image: str,
    handle: str,
    variants: arrayOf(object({ id: str, title: str, price: str }, ['price'])),
  },
  ['handle'],
);

export const SPENDING_PROGRAM = record(
  'V2SpendingProgram',
  extend(
    programFields('spending'),
    object(
      {
        spendPoint: int,
        earnAmount: nullable(num),
        redeemType: oneOf('fixed', 'dynamic'),
        minSpendPoint: nullable(int),
        maxSpendPoint: nullable(int),
        expiredTime: nullable(int),
        appliedTo: oneOf('all', 'sf_product', 'sf_collection'),
        appliedCollectionIds: arrayOf(str),
        redeemIn: oneOf('available_in_online_store'),
        orderReq: str,
        orderReqAmount: str,
        userAvailability: oneOf('userRedeemed'),
        showLoyaltyPage: bool,
        limitRedeem: str,
        limitRedeemPerCustomer: nullable(int),
        totalLimitationRedeem: nullable(int),
        combinedWith: arrayOf(oneOf('orderDiscounts', 'productDiscounts', 'shippingDiscounts')),
        specificProducts: arrayOf(
          object({
            id: str,
            title: str,
            handle: str,
            image,
            variants: arrayOf(object({ id: str, price: nullable(str), title: str, inventory_quantity: nullable(int) })),
          }),
        ),
        specificProductIds: arrayOf(str),
        freeProductIds: arrayOf(str),
        variantIds: arrayOf(str),
        specificCollections: arrayOf(object({ id: str, title: str })),
        includeProducts: arrayOf(object({ id: str, title: str, image })),
        excludeProducts: arrayOf(object({ id: str, title: str, image })),
        conditions: arrayOf(object({ type: str, field: str, typeMatch: str })),
        pointsCost: int,
        rewardType: oneOf(
          'amount_discount',
          'free_shipping',
          'fixed_amount',
          'percentage',
          'free_product',
          'store_credit',
          'impact',
        ),
        rewardValue: nullable(num),
        minPoints: nullable(int),
        maxPoints: nullable(int),
        expiresInDays: nullable(int),
        hasLimitCartValue: bool,
        limitCartValue: nullable(int),
        giftSelectionMode: nullable(oneOf('all', 'one')),
        giftProducts: arrayOf(GIFT_PRODUCT),
        affordable: { type: 'boolean', description: 'With a customer: they can afford it' },
        redeemedCount: { type: 'integer', description: 'With a customer: times they redeemed it' },
        remainingRedemptions: { type: 'integer', nullable: true, description: 'With a customer; null: no limit' },
        canRedeem: { type: 'boolean', description: 'With a customer: affordable and within the limits' },
        impact: {
          ...nullable(object({ provider: str, unit: oneOf('trees', 'plastic_bottles'), quantity: int })),
          description: 'environmental_impact only: the provider, the unit and the units per redemption',
        },
      },
      ['affordable', 'redeemedCount', 'remainingRedemptions', 'canRedeem', 'impact'],
    ),
  ),
);

/** A v2 Program: earning or spending, told apart by `type`. */
export const V2_PROGRAM = record('V2Program', {
  oneOf: [EARNING_PROGRAM.ref, SPENDING_PROGRAM.ref],
  discriminator: {
    propertyName: 'type',
    mapping: { earning: EARNING_PROGRAM.ref.$ref, spending: SPENDING_PROGRAM.ref.$ref },
  },
});

export const CART_POINTS = record(
  'CartPoints',
  object({
    pointsEarn: int,
    products: arrayOf(object({ id: str, quantity: int, price: num, points: int })),
    programId: nullable(str),
  }),
);

const V1_PRODUCT = object({
  image,
  images: arrayOf(str),
  options: arrayOf(str),
  handle: str,
  id: { oneOf: [int, str] },
  variants: arrayOf(anyValue),
  title: str,
});

const V1_ITEM_FIELDS = object({
  showLoyaltyPage: bool,
  social: str,
  urlLocation: str,
  limitUnit: str,
  urlAccount: str,
  title: str,
  type: oneOf('earning', 'spending'),
  priority: int,
  earnPoint: int,
  signUpGuide: str,
  enabledAntiCheat: bool,
  hasLimit: bool,
  action: str,
  earnPointsTiers: mapOf(object({ earnPoint: int, limitUnit: str }, ['limitUnit'])),
  shopId: str,
  event: str,
  startDate: nullable(str),
  expired: bool,
  id: str,
  numericId: nullable(int),
  changeProgramTitle: bool,
  isDraft: bool,
  rateMoney: { oneOf: [str, num] },
  translateTitle: { oneOf: [mapOf(str), str] },
  createdAt: dateTime,
  giftStatus: str,
  status: bool,
  updatedAt: dateTime,
});

export const V1_EARNING_ITEM = record('V1EarningProgram', V1_ITEM_FIELDS);

export const V1_CUSTOMER_ITEM = record(
  'V1CustomerEarningProgram',
  extend(
    V1_ITEM_FIELDS,
    object({
      excludePOSOrderProducts: bool,
      excludeOSOrderProducts: bool,
      includeProducts: arrayOf(V1_PRODUCT),
      excludeProducts: arrayOf(V1_PRODUCT),
      appliedCollectionIds: arrayOf(str),
      autoRemovePoints: bool,
      earnBy: oneOf('price', 'flat'),
      typeProductMatch: str,
      typeCondition: str,
      conditions: arrayOf(anyValue),
      limitInterval: int,
      statusUseCondition: bool,
      appliedPlaceOrderTo: str,
      isEarned: bool,
    }),
  ),
);

export const V1_EARNING_DETAIL = record(
  'V1EarningProgramDetail',
  object({
    id: str,
    numericId: nullable(int),
    limitUnit: str,
    includeProducts: arrayOf(V1_PRODUCT),
    excludeProducts: arrayOf(V1_PRODUCT),
    appliedCollectionIds: arrayOf(str),
    autoRemovePoints: bool,
    earnBy: oneOf('price', 'flat'),
    type: oneOf('earning', 'spending'),
    title: str,
    priority: int,
    productPointsCalculator: object({ color: str, fontSize: int, type: str, font: str }),
    earnPoint: int,
    hasLimit: bool,
    typeProductMatch: str,
    priorityPlaceOrder: int,
    typeCondition: str,
    statusProductPointsCalculator: bool,
    shopId: str,
    event: str,
    conditions: arrayOf(anyValue),
    statusUseCondition: bool,
    status: bool,
    limitInterval: int,
    createdAt: dateTime,
    rateMoney: num,
    updatedAt: dateTime,
  }),
);
