import { IMPACT_STATUS, IMPACT_UNIT } from '../../ledger/impact/http/impact.openapi';
import {
  anyObject,
  arrayOf,
  bool,
  dateTime,
  int,
  nullable,
  num,
  object,
  oneOf,
  platformId,
  record,
  Schema,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the headless customer API, as its presenters write them. */

export const HEADLESS_TOKEN = record(
  'HeadlessToken',
  object({ token: str, tokenType: oneOf('Bearer'), expiresIn: { type: 'integer', description: 'Seconds' } }),
);

export const HEADLESS_CUSTOMER = record(
  'HeadlessCustomer',
  object({
    id: str,
    type: { type: 'string', description: '`guest` before joining and after leaving; else a member' },
    points: int,
    totalOrders: int,
    totalEarned: int,
    tier: nullable(object({ id: str, name: str })),
    tierProgress: nullable(
      object({ nextTierName: str, pointsToNext: num, percentage: num, currentTarget: num, nextTarget: num }),
    ),
    memberSince: dateTime,
    marketingConsent: nullable(bool),
    smsMarketingConsent: nullable(bool),
    avatarUrl: nullable(str),
    earningLimit: nullable(object({ reached: bool, resetDate: str, message: nullable(str) })),
    birthday: nullable({ type: 'string', description: 'MM/DD' }),
    dateOfBirth: nullable({ type: 'string', format: 'date' }),
    phone: nullable(str),
    tierPoint: num,
    social: object({
      photoUsername: nullable(str),
      chatLinked: bool,
      chatFollowedOA: bool,
      feedConnected: bool,
      feedName: nullable(str),
    }),
    createdAlphaPass: bool,
    qrCodeDownloadAlphaPass: nullable(str),
  }),
);

const REWARD_TYPE = oneOf(
  'amount_discount',
  'free_shipping',
  'fixed_amount',
  'percentage',
  'free_product',
  'store_credit',
  'impact',
);

export const HEADLESS_PROGRAM = record(
  'HeadlessProgram',
  object(
    {
      id: str,
      programType: oneOf('earning', 'spending'),
      key: str,
      title: str,
      description: str,
      iconUrl: str,
      points: { type: 'integer', description: 'Earning programs' },
      pointsCost: { type: 'integer', description: 'Spending programs' },
      rewardType: REWARD_TYPE,
      rewardValue: num,
      redeemType: nullable(oneOf('fixed', 'dynamic')),
      actionUrl: nullable(str),
      lineJoinType: nullable(oneOf('follow_oa', 'join_link')),
      rateMoney: nullable(num),
      conditions: arrayOf(str),
      isEarned: { type: 'boolean', description: 'Personalised list, earning programs only' },
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
      googleReview: nullable(
        object(
          {
            urlLocation: str,
            status: nullable(oneOf('pending', 'approved', 'rejected')),
            statusText: nullable(str),
          },
          ['status', 'statusText'],
        ),
      ),
      streak: nullable(object({ currentDay: int, totalDays: int, canClaimToday: bool, message: nullable(str) })),
      birthday: nullable(
        object({
          rewardOptions: arrayOf(object({ id: str, label: str, imageUrl: nullable(str) })),
          rewardSelection: str,
          dateFormat: str,
        }),
      ),
      referral: nullable(
        object({
          code: nullable({ ...str, description: "Personalised list: the customer's referral code" }),
          link: nullable({ ...str, description: "Personalised list: the customer's referral link" }),
          friendReward: str,
          yourReward: str,
          headline: str,
          explanation: str,
          minimumSubtotal: num,
          waitingDays: int,
        }),
      ),
    },
    ['points', 'pointsCost', 'rewardType', 'rewardValue', 'isEarned'],
  ),
);

export const HEADLESS_ACTIVITY = record(
  'HeadlessActivity',
  object(
    {
      id: str,
      type: oneOf(
        'earn_point',
        'redeem_point',
        'adjust_point',
        'reset_point',
        'revoke_point',
        'refund_point',
        'expire_point',
        'pending_point',
      ),
      title: str,
      points: int,
      createdAt: dateTime,
      updatedAt: dateTime,
      couponCode: nullable(str),
      orderId: nullable(str),
      rawType: oneOf('earn_point', 'redeem_point'),
      oldPoint: int,
      newPoint: int,
      source: str,
      event: str,
      typeCustom: str,
      programId: str,
      programTitle: str,
      program: object({ id: str, title: nullable(str) }),
      redeemPoint: int,
      discountId: object({ id: str }),
      priceRuleId: object({ id: str }),
      customerId: str,
      email: nullable(str),
      shopId: str,
      platformCustomerId: platformId,
    },
    ['program', 'discountId', 'priceRuleId'],
  ),
);

export const AVAILABLE_REWARD = record(
  'HeadlessAvailableReward',
  object({
    programId: str,
    key: str,
    title: str,
    description: str,
    iconUrl: str,
    conditions: arrayOf(str),
    pointsCost: int,
    rewardType: REWARD_TYPE,
    rewardValue: num,
    redeemType: oneOf('fixed', 'dynamic'),
    minPoints: nullable(int),
    maxPoints: nullable(int),
    hasLimitCartValue: bool,
    limitCartValue: nullable(int),
    affordable: bool,
    giftSelectionMode: nullable(oneOf('all', 'one')),
    giftProducts: arrayOf(
      object(
        {
          id: str,
          title: str,
          image: str,
          handle: str,
          variants: arrayOf(object({ id: str, title: str, price: str }, ['price'])),
        },
        ['handle'],
      ),
    ),
    impactProvider: nullable(str),
  }),
);

export const REDEEMED_COUPON = record(
  'HeadlessCoupon',
  object({
    id: str,
    couponCode: str,
    programId: nullable(str),
    title: str,
    rewardType: str,
    rewardValue: nullable(num),
    pointsSpent: int,
    couponStatus: oneOf('active', 'refunded', 'used', 'expired'),
    statusText: str,
    expiredAt: nullable(dateTime),
    expiryText: str,
    createdAt: dateTime,
  }),
);

export const HEADLESS_REDEMPTION = record(
  'HeadlessRedemption',
  object(
    {
      rewardId: str,
      couponCode: { type: 'string', description: 'The discount code; an impact reward: its ledger code (impact-<id>)' },
      pointsSpent: int,
      newPoint: {
        type: 'integer',
        description: 'The balance after the redemption (after a refund, for a failed impact)',
      },
      impact: object({ id: str, provider: str, unit: IMPACT_UNIT, quantity: int, status: IMPACT_STATUS }),
    },
    ['impact'],
  ),
);

export const HEADLESS_ORDER = record(
  'HeadlessOrder',
  object({
    id: platformId,
    name: str,
    createdAt: dateTime,
    financialStatus: str,
    fulfillmentStatus: nullable(str),
    currencyCode: str,
    totalPrice: int,
    subtotalPrice: int,
    totalTax: int,
    totalDiscounts: int,
    totalShipping: int,
    orderStatusUrl: str,
    paymentGatewayNames: arrayOf(str),
    customer: object({ email: nullable(str), firstName: nullable(str), lastName: nullable(str) }),
    shippingMethod: str,
    discounts: arrayOf(object({ code: str, type: str, targetType: str, amount: int, percentage: nullable(num) })),
    lineItemCount: int,
    lineItems: arrayOf(
      object({
        title: str,
        quantity: int,
        price: int,
        image: str,
        variantTitle: str,
        variantId: str,
        productId: platformId,
        productHandle: str,
      }),
    ),
    shippingAddress: anyObject,
    billingAddress: anyObject,
  }),
);

export const STORE_CREDIT_TRANSACTION = record(
  'StoreCreditTransaction',
  object({
    id: str,
    type: oneOf('credit', 'debit'),
    amount: num,
    currencyCode: str,
    reference: str,
    createdAt: dateTime,
  }),
);

export const STORE_CREDIT_PAGINATION = object({
  hasNext: bool,
  hasPre: bool,
  startCursor: nullable(str),
  endCursor: nullable(str),
});

export const SHOP_CONFIG = record(
  'HeadlessShopConfig',
  object({ optInEnrollmentEnabled: bool, currency: str, currencyFormat: str, isNewFormatDOB: bool, locale: str }),
);

/** A loyalty-page parity answer: not the envelope; a handled failure is 200 with success false. */
export const parityAnswer = (item: Schema): Schema =>
  object({ success: bool, data: arrayOf(item), pageInfo: object({ hasNext: bool, hasPre: bool }), error: str });
