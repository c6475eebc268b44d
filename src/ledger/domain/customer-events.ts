/**
 * Events of one customer's stream (`customer-<shopId>_<customerId>`). The `type` strings are what is
 * stored: they never change when code is renamed. Each event carries the values it used (notes,
 * reason, source, balances), so a transaction row can be rebuilt from the event alone.
 */
export const CustomerEventType = {
  Enrolled: 'customer.enrolled.v1',
  ProfileUpdated: 'customer.profile-updated.v1',
  BirthdaySet: 'customer.birthday-set.v1',
  PointsAwarded: 'points.awarded.v1',
  PointsDeducted: 'points.deducted.v1',
  PointsAdjusted: 'points.adjusted.v1',
  PointsReset: 'points.reset.v1',
  PointsRevoked: 'points.revoked.v1',
  PointsRedeemed: 'points.redeemed.v1',
  CouponRefunded: 'points.coupon-refunded.v1',
  CouponUsed: 'reward.coupon-used.v1',
  PointsExpired: 'points.expired.v1',
  PointsExpiryWarned: 'points.expiry-warned.v1',
  TierChanged: 'tier.changed.v1',
  OrderRecorded: 'order.recorded.v1',
  OrderCancelled: 'order.cancelled.v1',
  RefundRecorded: 'order.refund-recorded.v1',
  PointsPending: 'points.pending.v1',
  PendingPointsCancelled: 'points.pending-cancelled.v1',
  TierRetained: 'tier.retained.v1',
  CouponGranted: 'reward.coupon-granted.v1',
  CouponExpired: 'reward.coupon-expired.v1',
  TierReviewWarned: 'tier.review-warned.v1',
} as const;

interface Base {
  eventId: string;
  occurredAt: string;
  shopId: string;
  customerId: string;
}

export interface CustomerEnrolled extends Base {
  type: typeof CustomerEventType.Enrolled;
  platformCustomerId: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  /** When the platform says the customer was created (may precede enrolment). */
  platformCreatedAt: string | null;
  tierId: string | null;
  tierName: string | null;
  source: string;
}

export interface CustomerProfileUpdated extends Base {
  type: typeof CustomerEventType.ProfileUpdated;
  changes: { email?: string | null; firstName?: string | null; lastName?: string | null; acceptsMarketing?: boolean };
  source: string;
}

export interface BirthdaySet extends Base {
  type: typeof CustomerEventType.BirthdaySet;
  birthday: string | null;
  dateOfBirth: string | null;
  source: string;
}

/** Who asked and why: recorded on every balance change. */
export interface PointsContext {
  transactionId: string;
  platformCustomerId: number;
  email: string | null;
  oldPoint: number;
  newPoint: number;
  source: string;
  event: string;
  adminNote: string | null;
  userNote: string | null;
  reason: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** The program whose rule paid (absent on manual changes and on events recorded before programs). */
  program?: { programId: string; programTitle: string; earnBy: string | null; rateMoney: number | null } | null;
  /** The order the change belongs to. */
  order?: { orderId: string; orderName: string | null; currency: string | null } | null;
}

export interface PointsAwarded extends Base, PointsContext {
  type: typeof CustomerEventType.PointsAwarded;
  points: number;
  /** For periodic programs, the period paid (birthday: the year). */
  period?: string;
  /** The order's pending points, released after the program's delay (counted against the earning limit when held). */
  releasesPending?: boolean;
  /** Bonus points of a tier reward: the tier entered and the TierChanged event that paid them. */
  tierReward?: { tierId: string; tierChangedEventId: string };
}
export interface PointsDeducted extends Base, PointsContext {
  type: typeof CustomerEventType.PointsDeducted;
  points: number;
}
export interface PointsAdjusted extends Base, PointsContext {
  type: typeof CustomerEventType.PointsAdjusted;
  /** Signed. */
  points: number;
}
export interface PointsReset extends Base, PointsContext {
  type: typeof CustomerEventType.PointsReset;
  /** The new balance. */
  resetTo: number;
}

export interface TierChanged extends Base {
  type: typeof CustomerEventType.TierChanged;
  platformCustomerId: number;
  email: string | null;
  fromTierId: string | null;
  fromTierName: string | null;
  toTierId: string;
  toTierName: string;
  direction: 'up' | 'down' | 'same';
  /** `points`: tier point crossed a target; `manual`: set through the API; `assessment`: the retention review. */
  trigger: 'points' | 'manual' | 'assessment';
  tierPoint: number;
  isInitTier: boolean;
  triggerReward: boolean;
  adminNote: string | null;
}

export interface OrderLineItem {
  productId: string | null;
  variantId: string | null;
  quantity: number;
  priceCents: number;
  title: string | null;
  /** The product's collections when the paying rule is scoped to collections (as known at that time). */
  collectionIds?: string[];
}

/** What the platform says about an order, as the ledger keeps it. */
export interface OrderDetails {
  orderId: string;
  orderName: string | null;
  /** Minor units (cents), so sums stay exact. */
  totalCents: number;
  currency: string | null;
  sourceName: string | null;
  lineItems: OrderLineItem[];
  platformCreatedAt: string | null;
}

export interface OrderRecorded extends Base, OrderDetails {
  type: typeof CustomerEventType.OrderRecorded;
  /** Whether a cancellation or refund takes this order's points back (the paying program's setting). */
  autoRemovePoints?: boolean;
}

export interface OrderCancelled extends Base {
  type: typeof CustomerEventType.OrderCancelled;
  orderId: string;
  /** What the order still counted for in amount spent when it was cancelled. */
  remainingCents: number;
}

export interface RefundRecorded extends Base {
  type: typeof CustomerEventType.RefundRecorded;
  orderId: string;
  refundId: string;
  amountCents: number;
}

/**
 * Points an order earned, taken back because it was cancelled or refunded: a compensating event
 * naming the order and the transaction it reverses. Never below a zero balance: what could not be
 * taken is recorded as `shortfall`.
 */
export interface PointsRevoked extends Base, PointsContext {
  type: typeof CustomerEventType.PointsRevoked;
  /** Taken from the balance. */
  points: number;
  /** What the rule said to take back (points + shortfall); tier point and earned total drop by it. */
  requested: number;
  shortfall: number;
  reversesTransactionId: string;
  cause: 'order_cancelled' | 'order_refunded';
}

/**
 * Points an order earned, held until `releaseAt` (the program's pending delay): not spendable yet.
 * The scheduler releases them as a PointsAwarded; a cancellation or refund first cancels from them.
 */
export interface PointsPending extends Base {
  type: typeof CustomerEventType.PointsPending;
  transactionId: string;
  platformCustomerId: number;
  email: string | null;
  points: number;
  releaseAt: string;
  program: { programId: string; programTitle: string; earnBy: string | null; rateMoney: number | null };
  order: { orderId: string; orderName: string | null; currency: string | null };
}

/** Held points of an order given up because the order was cancelled or refunded inside the delay. */
export interface PendingPointsCancelled extends Base {
  type: typeof CustomerEventType.PendingPointsCancelled;
  orderId: string;
  /** Cancelled now. */
  points: number;
  /** Still held after this. */
  remaining: number;
  pendingTransactionId: string;
  cause: 'order_cancelled' | 'order_refunded';
}

/** A tier review kept the customer's tier (retention policy): the next review counts from here. */
export interface TierRetained extends Base {
  type: typeof CustomerEventType.TierRetained;
  platformCustomerId: number;
  email: string | null;
  tierId: string;
  tierName: string;
  windowPoints: number;
}

/**
 * A warning before a tier review (retention policy): when it happens, what the window holds now, and
 * how many more points keep the tier (feeds tier/about_to_reset_4_weeks, _2_weeks, _1_day).
 */
export interface TierReviewWarned extends Base {
  type: typeof CustomerEventType.TierReviewWarned;
  platformCustomerId: number;
  email: string | null;
  tierId: string;
  tierName: string;
  reviewAt: string;
  daysLeft: number;
  windowPoints: number;
  pointsToKeep: number;
  /** When the customer entered or last kept the tier: one warning of each kind per cycle. */
  cycle: string;
}

/** A coupon passed its expiry unused: it no longer works and its points are not returned. */
export interface CouponExpired extends Base {
  type: typeof CustomerEventType.CouponExpired;
  rewardId: string;
  couponCode: string;
  expiresAt: string;
}

/** A coupon given for free (a tier reward on entering a tier): no points were spent. */
export interface CouponGranted extends Base {
  type: typeof CustomerEventType.CouponGranted;
  platformCustomerId: number;
  email: string | null;
  reward: RewardCoupon & { title: string };
  reason: 'tier_reward';
  tierId: string;
  tierChangedEventId: string;
}

/** The reward a redemption bought: a coupon minted on the commerce platform. */
export interface RewardCoupon {
  rewardId: string;
  couponCode: string;
  discountId: string | null;
  priceRuleId: string | null;
  rewardType: string;
  rewardValue: number | null;
  redeemType: string;
  orderReqAmount: string | null;
  expiresAt: string | null;
  programDescription: string | null;
  /** free_product: the gift variants the code makes free. */
  giftVariantIds?: string[];
}

/** Points spent on a spending program's reward. */
export interface PointsRedeemed extends Base, PointsContext {
  type: typeof CustomerEventType.PointsRedeemed;
  points: number;
  quantity: number;
  reward: RewardCoupon;
}

/** A coupon given back: its points return to the customer and the coupon stops working. */
export interface CouponRefunded extends Base, PointsContext {
  type: typeof CustomerEventType.CouponRefunded;
  points: number;
  rewardId: string;
  couponCode: string;
}

/** The balance expired under the shop's policy (inactivity or a fixed date). */
export interface PointsExpired extends Base, PointsContext {
  type: typeof CustomerEventType.PointsExpired;
  points: number;
  policy: 'inactivity' | 'fixed_date';
  /** What this expiry answers: the last activity (inactivity) or the year (fixed date). */
  cycle: string;
}

export type PointsEvent =
  | PointsAwarded
  | PointsDeducted
  | PointsAdjusted
  | PointsReset
  | PointsRevoked
  | PointsRedeemed
  | CouponRefunded
  | PointsExpired;

/** A coupon bought with points was used at checkout. */
export interface CouponUsed extends Base {
  type: typeof CustomerEventType.CouponUsed;
  rewardId: string;
  couponCode: string;
  orderId: string;
  platformCustomerId: number;
  email: string | null;
}

/** A warning that the balance will expire (feeds points/about_to_expire_N_days). */
export interface PointsExpiryWarned extends Base {
  type: typeof CustomerEventType.PointsExpiryWarned;
  platformCustomerId: number;
  email: string | null;
  points: number;
  daysLeft: number;
  expiresAt: string;
  cycle: string;
}

export type CustomerEvent =
  | CustomerEnrolled
  | CustomerProfileUpdated
  | BirthdaySet
  | PointsEvent
  | TierChanged
  | OrderRecorded
  | OrderCancelled
  | RefundRecorded
  | CouponUsed
  | PointsExpiryWarned
  | PointsPending
  | PendingPointsCancelled
  | TierRetained
  | CouponGranted
  | CouponExpired
  | TierReviewWarned;

export const POINTS_EVENT_TYPES: ReadonlySet<string> = new Set([
  CustomerEventType.PointsAwarded,
  CustomerEventType.PointsDeducted,
  CustomerEventType.PointsAdjusted,
  CustomerEventType.PointsReset,
  CustomerEventType.PointsRevoked,
  CustomerEventType.PointsRedeemed,
  CustomerEventType.CouponRefunded,
  CustomerEventType.PointsExpired,
]);

export function customerStreamId(shopId: string, customerId: string): string {
  return `customer-${shopId}_${customerId}`;
}
