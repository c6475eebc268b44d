import { assertNever } from '../../shared/domain/decider';
import { toCents } from '../../platform/money';
import { CustomerEvent, CustomerEventType as T, PointsAwarded, PointsContext } from './customer-events';

/** What a customer's stream folds to: what the ledger needs to decide the next command. */

/** A tier as the ledger needs it. */
export interface TierRung {
  id: string;
  name: string;
  targetPoint: number;
  /** Bonus points the tier pays on entry when rewards are triggered (its `points` tier rewards). */
  bonusPoints?: number;
}

export interface CustomerState {
  enrolled: boolean;
  shopId: string | null;
  customerId: string | null;
  platformCustomerId: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  points: number;
  /** Running total of earned points that places the customer on the tier ladder. */
  tierPoint: number;
  totalEarned: number;
  tierId: string | null;
  tierName: string | null;
  birthday: string | null;
  dateOfBirth: string | null;
  /** Idempotency keys already applied to this customer, with the hash of the request that used them. */
  idempotency: Readonly<Record<string, { requestHash: string; transactionId: string }>>;
  orders: Readonly<Record<string, OrderState>>;
  refunds: Readonly<Record<string, true>>;
  /** How many times each program has paid this customer (single-event programs pay once). */
  earnedPrograms: Readonly<Record<string, number>>;
  /** The last period each periodic program paid for (birthday: the year). */
  earnedPeriods: Readonly<Record<string, string>>;
  /** When each program paid this customer (recent payments, for per-program limits). */
  programPayments: Readonly<Record<string, readonly string[]>>;
  /** Last time the customer earned or spent (inactivity expiry counts from it). */
  lastActivityAt: string | null;
  /** Expiry cycles already expired, and warnings already given (cycle|daysLeft). */
  expiredCycles: Readonly<Record<string, true>>;
  warnings: Readonly<Record<string, true>>;
  /** Coupons bought with points, by coupon code. */
  coupons: Readonly<Record<string, CouponState>>;
  ordersCount: number;
  totalSpentCents: number;
  /** Points earned from programs per UTC day (the global earning limit counts them); last 800 days. */
  programEarnedByDay: Readonly<Record<string, number>>;
  /** Points that raised the tier point per UTC day (the tier retention window counts them); last 800 days. */
  tierEarnedByDay: Readonly<Record<string, number>>;
  /** When the customer entered the current tier or last kept it at a review. */
  tierSince: string | null;
  /** Tiers whose entry bonus was paid (once per tier per customer). */
  tierRewardsPaid: Readonly<Record<string, true>>;
  /** Tier review warnings given (cycle|daysLeft). */
  tierReviewWarnings: Readonly<Record<string, true>>;
}

/** A coupon bought with points, as checkout and refunds need it. */
export interface CouponState {
  rewardId: string;
  points: number;
  status: 'active' | 'refunded' | 'used' | 'expired';
  programId?: string | null;
  rewardType?: string;
  /** Minimum order subtotal in cents for the code to apply (null: none). */
  orderReqCents?: number | null;
  expiresAt?: string | null;
}

/** What the ledger remembers of an order: what it still counts for, and the points it earned. */
export interface OrderState {
  totalCents: number;
  remainingCents: number;
  refundedCents: number;
  cancelled: boolean;
  earnedPoints: number;
  revokedPoints: number;
  earnTransactionId: string | null;
  autoRemovePoints: boolean;
  /** Points held until `pendingReleaseAt` (the program's delay). */
  pendingPoints: number;
  pendingReleaseAt: string | null;
  pendingTransactionId: string | null;
  /** The program and order the held points name (copied onto the release). */
  pendingProgram?: PointsAwarded['program'];
  pendingOrder?: PointsAwarded['order'];
}

export const initialCustomerState = (): CustomerState => ({
  enrolled: false,
  shopId: null,
  customerId: null,
  platformCustomerId: null,
  email: null,
  firstName: null,
  lastName: null,
  acceptsMarketing: false,
  points: 0,
  tierPoint: 0,
  totalEarned: 0,
  tierId: null,
  tierName: null,
  birthday: null,
  dateOfBirth: null,
  idempotency: {},
  orders: {},
  refunds: {},
  earnedPrograms: {},
  earnedPeriods: {},
  programPayments: {},
  lastActivityAt: null,
  expiredCycles: {},
  warnings: {},
  coupons: {},
  ordersCount: 0,
  totalSpentCents: 0,
  programEarnedByDay: {},
  tierEarnedByDay: {},
  tierSince: null,
  tierRewardsPaid: {},
  tierReviewWarnings: {},
});

const BUCKET_DAYS = 800;

/** Adds to a day bucket, dropping days older than BUCKET_DAYS before `at`. */
function addToDay(buckets: Readonly<Record<string, number>>, at: string, points: number): Record<string, number> {
  if (points === 0) return buckets as Record<string, number>;
  const day = at.slice(0, 10);
  const oldest = new Date(new Date(at).getTime() - BUCKET_DAYS * 86_400_000).toISOString().slice(0, 10);
  const next: Record<string, number> = {};
  for (const [d, n] of Object.entries(buckets)) if (d >= oldest) next[d] = n;
  next[day] = (next[day] ?? 0) + points;
  return next;
}

function rememberKey(state: CustomerState, ctx: PointsContext): CustomerState['idempotency'] {
  if (!ctx.idempotencyKey || !ctx.requestHash) return state.idempotency;
  return {
    ...state.idempotency,
    [ctx.idempotencyKey]: { requestHash: ctx.requestHash, transactionId: ctx.transactionId },
  };
}

/** Earning and spending are activity; expiry, warnings and profile changes are not. */
const ACTIVITY: ReadonlySet<string> = new Set([
  T.PointsAwarded,
  T.PointsDeducted,
  T.PointsAdjusted,
  T.PointsRedeemed,
  T.OrderRecorded,
]);

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  const next = evolveBalance(state, event);
  return ACTIVITY.has(event.type) ? { ...next, lastActivityAt: event.occurredAt } : next;
}

function evolveBalance(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case T.Enrolled:
      return {
        ...state,
        enrolled: true,
        shopId: event.shopId,
        customerId: event.customerId,
        platformCustomerId: event.platformCustomerId,
        email: event.email,
        firstName: event.firstName,
        lastName: event.lastName,
        acceptsMarketing: event.acceptsMarketing,
        tierId: event.tierId,
        tierName: event.tierName,
        tierSince: event.tierId ? event.occurredAt : null,
      };
    case T.ProfileUpdated:
      return { ...state, ...event.changes };
    case T.BirthdaySet:
      return { ...state, birthday: event.birthday, dateOfBirth: event.dateOfBirth };
    case T.PointsAwarded: {
      const orderId = event.order?.orderId;
      const order = orderId ? state.orders[orderId] : undefined;
      const programId = event.program?.programId;
      return {
        ...state,
        points: event.newPoint,
        tierEarnedByDay: addToDay(state.tierEarnedByDay, event.occurredAt, event.points),
        // Held order points were counted when they were held.
        ...(programId && !event.releasesPending
          ? { programEarnedByDay: addToDay(state.programEarnedByDay, event.occurredAt, event.points) }
          : {}),
        tierPoint: state.tierPoint + event.points,
        totalEarned: state.totalEarned + event.points,
        idempotency: rememberKey(state, event),
        ...(programId
          ? { earnedPrograms: { ...state.earnedPrograms, [programId]: (state.earnedPrograms[programId] ?? 0) + 1 } }
          : {}),
        ...(event.tierReward ? { tierRewardsPaid: { ...state.tierRewardsPaid, [event.tierReward.tierId]: true } } : {}),
        ...(programId && event.period ? { earnedPeriods: { ...state.earnedPeriods, [programId]: event.period } } : {}),
        // Keep the last 100 payment times per program: enough for any configured limit.
        ...(programId
          ? {
              programPayments: {
                ...state.programPayments,
                [programId]: [...(state.programPayments[programId] ?? []), event.occurredAt].slice(-100),
              },
            }
          : {}),
        ...(order && orderId
          ? {
              orders: {
                ...state.orders,
                [orderId]: {
                  ...order,
                  earnedPoints: order.earnedPoints + event.points,
                  earnTransactionId: event.transactionId,
                  ...(event.releasesPending ? { pendingPoints: 0, pendingReleaseAt: null } : {}),
                },
              },
            }
          : {}),
      };
    }
    case T.PointsAdjusted: {
      const earned = Math.max(0, event.points);
      return {
        ...state,
        points: event.newPoint,
        tierEarnedByDay: addToDay(state.tierEarnedByDay, event.occurredAt, earned),
        tierPoint: state.tierPoint + earned,
        totalEarned: state.totalEarned + earned,
        idempotency: rememberKey(state, event),
      };
    }
    case T.PointsDeducted:
    case T.PointsReset:
      return { ...state, points: event.newPoint, idempotency: rememberKey(state, event) };
    case T.PointsRedeemed:
      return {
        ...state,
        points: event.newPoint,
        idempotency: rememberKey(state, event),
        coupons: {
          ...state.coupons,
          [event.reward.couponCode]: {
            rewardId: event.reward.rewardId,
            points: event.points,
            status: 'active',
            programId: event.program?.programId ?? null,
            rewardType: event.reward.rewardType,
            orderReqCents: event.reward.orderReqAmount ? toCents(event.reward.orderReqAmount) : null,
            expiresAt: event.reward.expiresAt,
          },
        },
      };
    case T.CouponRefunded:
      return {
        ...state,
        points: event.newPoint,
        coupons: { ...state.coupons, [event.couponCode]: { ...state.coupons[event.couponCode], status: 'refunded' } },
      };
    case T.PointsExpired:
      return { ...state, points: event.newPoint, expiredCycles: { ...state.expiredCycles, [event.cycle]: true } };
    case T.PointsExpiryWarned:
      return { ...state, warnings: { ...state.warnings, [`${event.cycle}|${event.daysLeft}`]: true } };
    case T.CouponUsed:
      return {
        ...state,
        coupons: { ...state.coupons, [event.couponCode]: { ...state.coupons[event.couponCode], status: 'used' } },
      };
    case T.PointsRevoked: {
      const order = state.orders[event.order!.orderId];
      return {
        ...state,
        points: event.newPoint,
        tierPoint: Math.max(0, state.tierPoint - event.requested),
        totalEarned: Math.max(0, state.totalEarned - event.requested),
        tierEarnedByDay: addToDay(state.tierEarnedByDay, event.occurredAt, -event.requested),
        orders: {
          ...state.orders,
          [event.order!.orderId]: { ...order, revokedPoints: order.revokedPoints + event.requested },
        },
      };
    }
    case T.TierChanged:
      return {
        ...state,
        tierId: event.toTierId,
        tierName: event.toTierName,
        tierPoint: event.tierPoint,
        tierSince: event.occurredAt,
      };
    case T.TierRetained:
      return { ...state, tierSince: event.occurredAt };
    case T.TierReviewWarned:
      return {
        ...state,
        tierReviewWarnings: { ...state.tierReviewWarnings, [`${event.cycle}|${event.daysLeft}`]: true },
      };
    case T.CouponExpired:
      return {
        ...state,
        coupons: { ...state.coupons, [event.couponCode]: { ...state.coupons[event.couponCode], status: 'expired' } },
      };
    case T.CouponGranted:
      return {
        ...state,
        coupons: {
          ...state.coupons,
          [event.reward.couponCode]: {
            rewardId: event.reward.rewardId,
            points: 0,
            status: 'active',
            programId: null,
            rewardType: event.reward.rewardType,
            orderReqCents: null,
            expiresAt: event.reward.expiresAt,
          },
        },
      };
    case T.PointsPending: {
      const order = state.orders[event.order.orderId];
      return {
        ...state,
        programEarnedByDay: addToDay(state.programEarnedByDay, event.occurredAt, event.points),
        orders: {
          ...state.orders,
          [event.order.orderId]: {
            ...order,
            pendingPoints: event.points,
            pendingReleaseAt: event.releaseAt,
            pendingTransactionId: event.transactionId,
            pendingProgram: event.program,
            pendingOrder: event.order,
          },
        },
      };
    }
    case T.PendingPointsCancelled: {
      // Cancelled held points count as earned-then-revoked, so later refunds stay pro rata on the whole.
      const order = state.orders[event.orderId];
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.orderId]: {
            ...order,
            pendingPoints: event.remaining,
            pendingReleaseAt: event.remaining > 0 ? order.pendingReleaseAt : null,
            earnedPoints: order.earnedPoints + event.points,
            revokedPoints: order.revokedPoints + event.points,
          },
        },
      };
    }
    case T.OrderRecorded:
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.orderId]: {
            totalCents: event.totalCents,
            remainingCents: event.totalCents,
            refundedCents: 0,
            cancelled: false,
            earnedPoints: 0,
            revokedPoints: 0,
            earnTransactionId: null,
            autoRemovePoints: event.autoRemovePoints ?? true,
            pendingPoints: 0,
            pendingReleaseAt: null,
            pendingTransactionId: null,
          },
        },
        ordersCount: state.ordersCount + 1,
        totalSpentCents: state.totalSpentCents + event.totalCents,
      };
    case T.OrderCancelled:
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.orderId]: { ...state.orders[event.orderId], remainingCents: 0, cancelled: true },
        },
        ordersCount: state.ordersCount - 1,
        totalSpentCents: state.totalSpentCents - event.remainingCents,
      };
    case T.RefundRecorded: {
      const order = state.orders[event.orderId];
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.orderId]: {
            ...order,
            remainingCents: order.remainingCents - event.amountCents,
            refundedCents: order.refundedCents + event.amountCents,
          },
        },
        refunds: { ...state.refunds, [event.refundId]: true },
        totalSpentCents: state.totalSpentCents - event.amountCents,
      };
    }
    default:
      return assertNever(event);
  }
}
