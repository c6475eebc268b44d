import type { StreakPosition } from '../streak/domain/streak.events';
import type { SubmissionStatus } from '../submissions/domain/submissions.events';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** One customer as the management API shows it (spec 2.9 Customer), kept current by CustomerViewProjection. */
export interface CustomerDoc {
  id: string;
  shopId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  point: number;
  tierPoint: number;
  totalEarnedPoints: number;
  tierId: string | null;
  tierUpdatedAt: string | null;
  birthday: string | null;
  dateOfBirth: string | null;
  ordersCount: number;
  totalSpentCents: number;
  /** Sign-up points were paid. */
  earnSignUp?: boolean;
  /** Programs that have paid this customer (for isEarned). */
  earnedProgramIds?: string[];
  /** When each program paid other than for an order (recent payments; isEarned of a limited program). */
  programPayments?: Record<string, readonly string[]>;
  /** The streak checked in last (the ledger's streak position): absent before any check-in. */
  streak?: StreakPosition | null;
  /** Where the customer's last submission to each program stands (the storefront's map review status). */
  submissionStatus?: Record<string, SubmissionStatus>;
  /** Last earning or spending (points expiry by inactivity counts from it). */
  lastActivityAt?: string | null;
  /** Order points held until their release (program pending delay). */
  pendingPoints?: number;
  pendingOrders?: Record<string, { points: number; releaseAt: string }>;
  /** When the next held payment is due (null: none held). */
  nextPendingReleaseAt?: string | null;
  /** Entered the current tier or kept it at a review (tier retention counts from it). */
  tierAssessedAt?: string | null;
  /** Opt-in enrolment: absent means member (customers enrolled before it existed). */
  membership?: 'guest' | 'member' | 'left';
  joinedAt?: string | null;
  phone?: string | null;
  /** null or absent: the platform never said (spec 2.2 tri-state). */
  marketingConsent?: boolean | null;
  smsMarketingConsent?: boolean | null;
  tags?: string[];
  segmentIds?: string[];
  isB2B?: boolean;
  /** The photo handle the customer linked (trimmed, lowercased); null or absent: none. */
  photoUsername?: string | null;
  /** The page of the customer's messaging link, and the name it gave; null or absent: none. */
  feedPageId?: string | null;
  feedName?: string | null;
  /** The chat login is done; the linked user follows the shop's official account (absent: false). */
  chatLinked?: boolean;
  chatFollowedOA?: boolean;
  /** The customer's alpha wallet pass on file (its stored key and the QR of its URL); null or absent: none. */
  alphaPassKey?: string | null;
  alphaPassQrUrl?: string | null;
  /** Program points per UTC day (the earning limit's count, for its status). */
  programEarnedByDay?: Record<string, number>;
  platformCreatedAt: string | null;
  /** The Customer record's `createdAt`: when the platform created the customer, else when enrolled. */
  createdAt: string;
  /** When the service enrolled the customer (its first event). */
  enrolledAt: string;
  updatedAt: string;
  /** Last stream revision applied: a redelivered event at or below it is skipped. */
  streamRevision: string;
}

/**
 * What a transaction row records, finer than its v2 `type` (the direction): the headless Activity's
 * `type`. `pending_point`: order points held for the program's delay (no balance change).
 */
export type TransactionKind =
  | 'earn_point'
  | 'redeem_point'
  | 'adjust_point'
  | 'reset_point'
  | 'revoke_point'
  | 'refund_point'
  | 'expire_point'
  | 'pending_point';

/**
 * A customer's `createdAt`: the platform's creation time when it sent one (the customer existed
 * before joining the loyalty program), else the enrolment. In UTC, so lists sort and filter on it.
 */
export function recordCreatedAt(platformCreatedAt: string | null, enrolledAt: string): string {
  const platform = platformCreatedAt ? new Date(platformCreatedAt) : null;
  return platform && !Number.isNaN(platform.getTime()) ? platform.toISOString() : enrolledAt;
}

/** One balance change, or one hold of order points (spec 2.9 Transaction). */
export interface TransactionDoc {
  id: string;
  shopId: string;
  customerId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  content: string;
  /** `earn_point` or `redeem_point`: the direction of the change (see directionOf). */
  type: 'earn_point' | 'redeem_point';
  kind: TransactionKind;
  source: string;
  event: string;
  oldPoint: number;
  newPoint: number;
  earnPoint: number;
  spendPoint: number;
  programId: string | null;
  programTitle: string | null;
  priceRuleId: string | null;
  discountId: string | null;
  couponCode: string | null;
  orderId: string | null;
  orderName: string | null;
  orderNumber: string | null;
  orderCurrency: string | null;
  earnBy: string | null;
  rateMoney: number | null;
  /** A referral reward's row: the referrer's email (the row's own customer). */
  referralCustomerEmail: string | null;
  /** A referral reward's row: the friend's email, read from the friend's record when the row is read (null here). */
  referredCustomerEmail: string | null;
  /** A referral reward's row: the friend it was for, and how the referrer sees them (a masked email). */
  referredCustomerId?: string | null;
  referredFriendLabel?: string | null;
  milestoneOrder: number | null;
  isPendingPointPlaceOrder: boolean;
  refundPendingPoint: boolean;
  pendingPointUntil: string | null;
  /** A release: the held row it pays. */
  pendingTransactionId: string | null;
  /** A held row: how many of its points refunds or the cancellation took back (the headless sentence). */
  pendingCancelledPoint: number;
  adminNote: string | null;
  userNote: string | null;
  reason: string | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  eventId: string;
  /** createdAt plus the stream revision: rows of one customer in the order they happened, even within a millisecond. */
  sortKey: string;
  createdAt: string;
  updatedAt: string;
}

export const CUSTOMERS: CollectionDefinition = {
  // v3: createdAt is the platform's creation time when it sent one; enrolledAt the enrolment.
  // v4: program payment times (isEarned of a limited program) and social links.
  name: 'customers_v4',
  // Read on every customer request (v2 read, every headless endpoint).
  cachedInMemory: true,
  // Every index is rewritten on every balance change: only the list's main paths are indexed.
  indexes: [
    ['shopId', 'createdAt'],
    ['shopId', 'email'],
  ],
  numericFields: ['platformCustomerId', 'point', 'tierPoint', 'totalEarnedPoints'],
};

export const TRANSACTIONS: CollectionDefinition = {
  // v2: direction types, the finer kind, held rows, release and hold linked, names on reversals and refunds.
  name: 'transactions_v2',
  indexes: [['customerId', 'sortKey']],
  numericFields: ['platformCustomerId', 'oldPoint', 'newPoint', 'earnPoint', 'spendPoint'],
  // A plain award leaves most of these null: its row is stored at about half the size.
  storedOnlyWhenSet: [
    'email',
    'programId',
    'programTitle',
    'priceRuleId',
    'discountId',
    'couponCode',
    'orderId',
    'orderName',
    'orderNumber',
    'orderCurrency',
    'earnBy',
    'rateMoney',
    'referralCustomerEmail',
    'referredCustomerEmail',
    'referredCustomerId',
    'referredFriendLabel',
    'milestoneOrder',
    'pendingPointUntil',
    'pendingTransactionId',
    'adminNote',
    'userNote',
    'reason',
    'idempotencyKey',
    'requestHash',
  ],
  // Most rows are neither held nor both earning and spending: their flags and zero counts are left out.
  storedUnlessDefault: {
    isPendingPointPlaceOrder: false,
    refundPendingPoint: false,
    pendingCancelledPoint: 0,
    earnPoint: 0,
    spendPoint: 0,
  },
};

/** Idempotency keys of a shop (id `<shopId>:<key>`), so a key reused on another customer is caught. */
export interface IdempotencyKeyDoc {
  id: string;
  shopId: string;
  customerId: string;
  requestHash: string;
  transactionId: string;
}

export const IDEMPOTENCY_KEYS: CollectionDefinition = { name: 'idempotency_keys_v1' };

export const idempotencyKeyId = (shopId: string, key: string) => `${shopId}:${key}`;
