import {
  bool,
  dateTime,
  int,
  nullable,
  num,
  object,
  oneOf,
  platformId,
  record,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the v2 customers, transactions and rewards endpoints, as their presenters write them. */

export const V2_CUSTOMER = record(
  'V2Customer',
  object({
    id: str,
    platformCustomerId: platformId,
    email: nullable(str),
    name: nullable(str),
    firstName: nullable(str),
    lastName: nullable(str),
    type: { type: 'string', description: '`member`, or `guest` before joining / after leaving' },
    point: int,
    tierPoint: num,
    totalEarnedPoints: int,
    pendingPoints: int,
    hasPoint: bool,
    hasJoinedProgram: bool,
    state: str,
    acceptsMarketing: bool,
    tierId: nullable(str),
    tierName: nullable(str),
    tierUpdatedAt: nullable(dateTime),
    pointsRemain: int,
    isCustomerB2B: bool,
    earnSignUp: bool,
    referralCode: str,
    hasTier: bool,
    totalSpent: num,
    totalSpentCurrencyCode: str,
    ordersCount: int,
    birthday: nullable({ type: 'string', description: 'MM/DD' }),
    dateOfBirth: nullable({ type: 'string', format: 'date' }),
    createdAt: dateTime,
    enrolledAt: dateTime,
    updatedAt: dateTime,
  }),
);

/** A write that names the customer it changed. */
export const CUSTOMER_IDS = record('CustomerIds', object({ id: str, platformCustomerId: platformId }));

export const CUSTOMER_TIER_CHANGE = record(
  'CustomerTierChange',
  object({
    id: str,
    platformCustomerId: platformId,
    tierId: str,
    tierName: str,
    tierPoint: num,
    tierUpdatedAt: nullable(dateTime),
  }),
);

export const CUSTOMER_MEMBERSHIP = record('CustomerMembership', object({ id: str, membership: oneOf('left') }));

export const TRANSACTION_KIND = oneOf('earn_point', 'redeem_point');

export const V2_TRANSACTION = record(
  'V2Transaction',
  object({
    id: str,
    shopId: str,
    customerId: str,
    platformCustomerId: platformId,
    email: nullable(str),
    content: str,
    type: TRANSACTION_KIND,
    source: str,
    event: str,
    oldPoint: int,
    newPoint: int,
    earnPoint: int,
    spendPoint: int,
    programId: nullable(str),
    programTitle: nullable(str),
    priceRuleId: nullable(str),
    discountId: nullable(str),
    couponCode: nullable(str),
    orderId: nullable(str),
    orderName: nullable(str),
    orderNumber: nullable(str),
    orderCurrency: nullable(str),
    earnBy: nullable(str),
    rateMoney: nullable(num),
    referralCustomerEmail: nullable(str),
    referredCustomerEmail: nullable(str),
    milestoneOrder: nullable(int),
    isPendingPointPlaceOrder: bool,
    refundPendingPoint: bool,
    pendingPointUntil: nullable(dateTime),
    pendingTransactionId: nullable(str),
    adminNote: nullable(str),
    userNote: nullable(str),
    reason: nullable(str),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

/** `meta` of a points change: the transaction written and the balance around it. */
export const POINTS_CHANGE_META = object({ transactionId: str, oldPoint: int, newPoint: int });

export const COUPON_STATUS = oneOf('active', 'refunded', 'used', 'expired');

export const V2_REWARD = record(
  'V2Reward',
  object({
    id: str,
    customerId: str,
    email: nullable(str),
    couponCode: str,
    programTitle: nullable(str),
    platformCustomerId: platformId,
    programDescription: nullable(str),
    orderReqAmount: { type: 'string', example: '0.00' },
    expiredAt: nullable(dateTime),
    discountStatus: COUPON_STATUS,
    program: object({ id: nullable(str), title: nullable(str) }),
    rewardType: str,
    rewardValue: nullable(num),
    pointsSpent: int,
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

/** `meta` of a redemption: the coupon minted and the balance after. */
export const REDEEM_META = object({ rewardId: str, couponCode: str, pointsSpent: int, newPoint: int });

export const COUPON_REFUND = record('CouponRefund', object({ success: bool, message: str }));

/** `meta` of a refund: what came back. */
export const REFUND_META = object({ pointsReturned: int, newPoint: int });

/** A storefront submission as the v2 moderation list shows it. */
export const V2_SUBMISSION = record(
  'V2Submission',
  object({
    id: str,
    customerId: str,
    platformCustomerId: platformId,
    email: nullable(str),
    programId: str,
    programTitle: str,
    event: oneOf('submit_form', 'fill_survey', 'submit_receipt', 'write_review', 'maps_review'),
    status: oneOf('pending', 'approved', 'rejected'),
    points: int,
    pointsEarned: int,
    answers: { type: 'object', additionalProperties: { type: 'string' } },
    imageUrls: { type: 'array', items: str },
    reason: nullable(str),
    createdAt: dateTime,
    decidedAt: nullable(dateTime),
    updatedAt: dateTime,
  }),
);
