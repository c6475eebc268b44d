import { REFERRAL_REFUSAL_REASONS } from '../../ledger/events/referrals.events';
import {
  anyObject,
  arrayOf,
  bool,
  dateTime,
  int,
  mapOf,
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

export const SOCIAL_EARN_RESULT = record(
  'SocialEarnResult',
  object({
    programId: str,
    key: str,
    pointsEarned: {
      type: 'integer',
      description: "Paid; lower than the program's points when the earning limit caps it",
    },
    totalPoints: { type: 'integer', description: 'Balance after the claim' },
  }),
);

export const PHOTO_LINK_RESULT = record(
  'InstagramLinkResult',
  object({
    photoUsername: { type: 'string', description: 'Trimmed and lowercased; empty when unlinked' },
    rewardEarned: bool,
    pointsEarned: { type: 'integer', description: '0 when rewardEarned is false' },
  }),
);

export const FEED_DISCONNECT_RESULT = record('FeedDisconnectResult', object({ disconnected: bool }));

export const CHAT_AUTH_URL = record(
  'ChatAuthUrl',
  object({
    authUrl: {
      type: 'string',
      format: 'uri',
      description: "The chat network's authorization page with this login's single-use state (open it in a popup)",
    },
  }),
);

export const CHAT_LOGIN_RESULT = record(
  'ChatLoginResult',
  object({
    chatLinked: { type: 'boolean', enum: [true] },
    pointsEarned: {
      type: 'integer',
      description: "The follow_oa join-chat program's payment with this link (0: none)",
    },
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

/** The answer of `POST /customer/earn`. */
export const EARN_RESULT = record(
  'EarnResult',
  object({
    programId: str,
    key: str,
    status: { ...oneOf('earned', 'pending'), description: 'earned: paid now; pending: waits for the merchant' },
    pointsEarned: int,
    totalPoints: int,
  }),
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

/** An impact event's status (spec 2.7): confirmed, refunded, pending while sent, or a raw provider status. */
const IMPACT_STATUS = {
  type: 'string',
  description:
    '`confirmed` (default), `refunded` (the provider failed it; its points were returned), `pending` while it is sent; any other raw provider status passes through unchanged',
} as const;

const IMPACT_UNIT = oneOf('trees', 'plastic_bottles');

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

export const IMPACT_HISTORY = record(
  'ImpactHistory',
  object({
    connected: { type: 'boolean', description: 'false: the provider could not be reached; totals are last known' },
    totals: object({ trees: num, plasticBottles: num }),
    events: arrayOf(
      object({
        id: { type: 'string', description: 'The contribution id (a cursor of the list)' },
        type: IMPACT_UNIT,
        quantity: num,
        status: IMPACT_STATUS,
        createdAt: dateTime,
      }),
    ),
  }),
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

const GIFT_PRODUCT = object({ id: str, title: str, image: str, variants: arrayOf(object({ id: str, title: str })) });

export const MILESTONE_STEP = record(
  'MilestoneStep',
  object(
    {
      claimKey: { type: 'string', description: 'Opaque: the raw value, or {programId}_{stepType}_{value} on mixed' },
      stepType: str,
      label: str,
      state: oneOf('locked', 'current', 'claimable', 'achieved', 'passed_unclaimed'),
      reached: bool,
      note: nullable(str),
      rewardLogic: str,
      maxRewardSelect: int,
      progress: object({ percent: int, completedText: str, remainingText: nullable(str) }),
      rewards: arrayOf(
        object({ index: int, action: str, text: str, needsVariantChoice: bool, giftProducts: arrayOf(GIFT_PRODUCT) }),
      ),
    },
    ['progress'],
  ),
);

export const MILESTONE_LADDER = record(
  'MilestoneLadder',
  object({
    programId: str,
    title: str,
    subheading: str,
    typeMilestone: str,
    supported: bool,
    orderRequirement: nullable(str),
    steps: arrayOf(MILESTONE_STEP.ref),
  }),
);

export const MILESTONE_CLAIM_RESULT = record(
  'MilestoneClaimResult',
  object({
    claimedRewardIds: arrayOf(int),
    pointsEarned: int,
    totalPoints: int,
    blocked: { type: 'boolean', description: "The shop's earning limit refused every point; the step is claimed" },
    step: MILESTONE_STEP.ref,
  }),
);

export const MILESTONE_PROGRESS = record('MilestoneProgress', mapOf(num));

const PENDING_KEYS = [
  'pendingMilestoneOrder',
  'pendingMilestoneMixed',
  'pendingMilestoneReferral',
  'pendingMilestoneSpentAmount',
  'pendingMilestoneEarnPoint',
  'pendingMilestoneReviews',
  'pendingMilestoneSubscription',
  'pendingMilestoneInactivity',
];

export const FLAT_MILESTONE_CLAIM = record(
  'FlatMilestoneClaimResult',
  object({ point: int, ...Object.fromEntries(PENDING_KEYS.map((k) => [k, arrayOf(num)])) }, PENDING_KEYS),
);

// The refusal rules, then why a reward went away (ReferralCancelCause).
const REFUSAL_REASONS = [...REFERRAL_REFUSAL_REASONS, 'order_cancelled', 'order_refunded'];

/** One friend of the referral history (GET /customer/referral-history and its loyalty-page parity read). */
export const REFERRAL_HISTORY_ITEM = record(
  'ReferralHistoryItem',
  object({
    id: { type: 'string', description: "The friend's key in the shop (a cursor of the list)" },
    friend: { type: 'string', description: 'The friend as the referrer may see them: a masked email' },
    state: oneOf('invited', 'joined', 'qualified', 'rewarded', 'refused'),
    reason: nullable({ ...oneOf(...REFUSAL_REASONS), description: 'refused: the rule, or why the reward went away' }),
    via: nullable(oneOf('claim', 'discount_code', 'landing_attribute')),
    programId: nullable(str),
    pointsEarned: int,
    rewardId: nullable({ ...str, description: 'A coupon reward: its reward id (the code is in the rewards)' }),
    invitedAt: nullable(dateTime),
    joinedAt: nullable(dateTime),
    qualifiedAt: nullable(dateTime),
    rewardDueAt: nullable({ ...dateTime, description: 'qualified: when the reward is paid (waiting days)' }),
    rewardedAt: nullable(dateTime),
    refusedAt: nullable(dateTime),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const REFERRAL_LINK_RESULT = record(
  'ReferralLink',
  object({
    code: str,
    link: { type: 'string', format: 'uri', description: "The program's page (else the shop) with ?ref=<code>" },
    programId: str,
    createdAt: dateTime,
    created: { type: 'boolean', description: 'Made by this call (the first time it was asked for)' },
  }),
);

const REFERRAL_COUPON = object({
  type: oneOf('amount_discount', 'percentage_discount', 'free_shipping'),
  value: nullable(num),
  orderReqAmount: nullable(num),
  expiresInDays: nullable(int),
  codePrefix: nullable(str),
});

export const REFERRAL_CLAIM_RESULT = record(
  'ReferralClaim',
  object({
    code: str,
    state: oneOf('invited'),
    programId: str,
    friendCoupon: { ...REFERRAL_COUPON, description: 'The welcome coupon given when the friend signs up' },
  }),
);
