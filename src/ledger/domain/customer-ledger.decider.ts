import { assertNever, Decider } from '../../shared/domain/decider';
import { earningBaseCents, nextPeriodStart, OrderEarningRule, periodStart, pointsForOrder, pointsToRevoke } from '../../programs/domain/order-earning';
import { because, DomainError } from '../../shared/domain/domain-error';
import {
  CustomerEvent,
  CustomerEventType as T,
  OrderDetails,
  PendingPointsCancelled,
  PointsAwarded,
  PointsContext,
  PointsRevoked,
  RewardCoupon,
  TierChanged,
} from './customer-events';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { toCents } from '../../platform/money';

/** Largest single change and balance we accept: far below Number.MAX_SAFE_INTEGER, so sums stay exact. */
export const MAX_POINTS = 1_000_000_000;

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

/** What every command carries: who, when, and how to make ids (injected, so replays are deterministic). */
export interface CommandMeta {
  shopId: string;
  customerId: string;
  occurredAt: string;
  newId: () => string;
}

export interface PointsRequest {
  points: number;
  source: string;
  event: string;
  adminNote?: string | null;
  userNote?: string | null;
  reason?: string | null;
  idempotency?: { key: string; requestHash: string } | null;
}

export type CustomerCommand =
  | {
      type: 'EnrolCustomer';
      meta: CommandMeta;
      platformCustomerId: number;
      email: string | null;
      firstName: string | null;
      lastName: string | null;
      acceptsMarketing: boolean;
      platformCreatedAt: string | null;
      baseTier: TierRung | null;
      source: string;
      /** The active sign_up program, if any: its points are paid with the enrolment. */
      signUp?: { programId: string; programTitle: string; points: number } | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    }
  | {
      type: 'UpdateProfile';
      meta: CommandMeta;
      email?: string | null;
      firstName?: string | null;
      lastName?: string | null;
      acceptsMarketing?: boolean;
      source: string;
    }
  | { type: 'SetBirthday'; meta: CommandMeta; birthday?: string | null; dateOfBirth?: string | null; source: string }
  | { type: 'AwardPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | {
      type: 'EarnFromProgram';
      meta: CommandMeta;
      /** once: one payment per customer; period: one per period (e.g. "2026" for a yearly birthday reward); limit: at most `times` per `unit`. */
      program: {
        programId: string;
        programTitle: string;
        event: string;
        points: number;
        once: boolean;
        period?: string;
        limit?: { unit: 'day' | 'week' | 'month' | 'year' | 'lifetime'; times: number };
      };
      source: string;
      tiers: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    }
  | {
      type: 'RedeemReward';
      meta: CommandMeta;
      program: { programId: string; programTitle: string; event: string };
      points: number;
      quantity: number;
      reward: RewardCoupon;
      source: string;
      /** Redemptions of this program allowed per customer (refunded ones do not count); null: unlimited. */
      limitPerCustomer?: number | null;
    }
  | { type: 'RefundCoupon'; meta: CommandMeta; couponCode: string; reason: string | null; source: string }
  /** Expire the whole balance if this cycle applies: inactivity since `cutoff`, or the year of a fixed date. */
  | { type: 'ExpirePoints'; meta: CommandMeta; policy: 'inactivity' | 'fixed_date'; cycle: string; inactiveSince?: string }
  | { type: 'WarnExpiry'; meta: CommandMeta; cycle: string; daysLeft: number; expiresAt: string; inactiveSince?: string }
  | { type: 'DeductPoints'; meta: CommandMeta; request: PointsRequest }
  | { type: 'AdjustPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | { type: 'ResetPoints'; meta: CommandMeta; request: PointsRequest }
  | {
      type: 'ChangeTier';
      meta: CommandMeta;
      tier: TierRung;
      tiers: TierRung[];
      isInitTier: boolean;
      triggerReward: boolean;
      adminNote: string | null;
    }
  | (OrderDetails & {
      type: 'RecordOrder';
      meta: CommandMeta;
      discountCodes?: string[];
      /** The place_order rule that pays for this order (null: no active program). */
      earning?: OrderEarningRule | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
    })
  /** Marks a coupon expired once its expiry has passed (unused, active coupons only). */
  | { type: 'ExpireCoupon'; meta: CommandMeta; couponCode: string }
  /** A tier reward coupon minted for the customer (once per reward id). */
  | { type: 'GrantCoupon'; meta: CommandMeta; reward: RewardCoupon & { title: string }; tierId: string; tierChangedEventId: string }
  /**
   * Tier retention review: due `assessmentMonths` after the customer entered or last kept their tier;
   * the points that raised their tier point in the last `windowMonths` decide the tier they keep.
   */
  | { type: 'AssessTier'; meta: CommandMeta; tiers: TierRung[]; assessmentMonths: number; windowMonths: number }
  /** Releases every held order payment whose delay has passed. */
  | { type: 'ReleasePendingPoints'; meta: CommandMeta; tiers: TierRung[] }
  | { type: 'CancelOrder'; meta: CommandMeta; orderId: string }
  | { type: 'RecordRefund'; meta: CommandMeta; orderId: string; refundId: string; amountCents: number };

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

/** The same instant `months` calendar months earlier (clamped to the month's last day). */
export function monthsBefore(at: string, months: number): string {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

/** Sum of the day buckets from `since` (an ISO instant; its UTC day counts). */
export function sumSince(buckets: Readonly<Record<string, number>>, since: string): number {
  const from = since.slice(0, 10);
  let sum = 0;
  for (const [d, n] of Object.entries(buckets)) if (d >= from) sum += n;
  return sum;
}

/** The cap that applies to this customer: the tier's own, else the shop's; null = unlimited. */
export function earningCap(policy: EarningLimitPolicy | null | undefined, tierId: string | null): { maxPoints: number; period: EarningLimitPolicy['period'] } | null {
  if (!policy?.enabled) return null;
  const override = tierId ? policy.tiers.find((t) => t.tierId === tierId) : undefined;
  const maxPoints = override ? override.maxPoints : policy.maxPoints;
  return maxPoints === null ? null : { maxPoints, period: policy.period };
}

/** How many more program points the customer may earn in the current period (Infinity: no limit). */
export function earningRoom(state: CustomerState, policy: EarningLimitPolicy | null | undefined, at: string): number {
  const cap = earningCap(policy, state.tierId);
  if (!cap) return Infinity;
  return Math.max(0, cap.maxPoints - sumSince(state.programEarnedByDay, periodStart(cap.period, at)));
}

/** Limit status for display: whether the cap is reached and when the period restarts ('' when unlimited). */
export function earningLimitStatus(state: CustomerState, policy: EarningLimitPolicy | null | undefined, at: string): { reached: boolean; resetDate: string } | null {
  if (!policy?.enabled) return null;
  const cap = earningCap(policy, state.tierId);
  if (!cap) return { reached: false, resetDate: '' };
  return { reached: earningRoom(state, policy, at) === 0, resetDate: nextPeriodStart(cap.period, at) };
}

function rememberKey(state: CustomerState, ctx: PointsContext): CustomerState['idempotency'] {
  if (!ctx.idempotencyKey || !ctx.requestHash) return state.idempotency;
  return { ...state.idempotency, [ctx.idempotencyKey]: { requestHash: ctx.requestHash, transactionId: ctx.transactionId } };
}

/** Earning and spending are activity; expiry, warnings and profile changes are not. */
const ACTIVITY: ReadonlySet<string> = new Set([T.PointsAwarded, T.PointsDeducted, T.PointsAdjusted, T.PointsRedeemed, T.OrderRecorded]);

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
        ...(programId && !event.releasesPending ? { programEarnedByDay: addToDay(state.programEarnedByDay, event.occurredAt, event.points) } : {}),
        tierPoint: state.tierPoint + event.points,
        totalEarned: state.totalEarned + event.points,
        idempotency: rememberKey(state, event),
        ...(programId ? { earnedPrograms: { ...state.earnedPrograms, [programId]: (state.earnedPrograms[programId] ?? 0) + 1 } } : {}),
        ...(event.tierReward ? { tierRewardsPaid: { ...state.tierRewardsPaid, [event.tierReward.tierId]: true } } : {}),
        ...(programId && event.period ? { earnedPeriods: { ...state.earnedPeriods, [programId]: event.period } } : {}),
        // Keep the last 100 payment times per program: enough for any configured limit.
        ...(programId ? { programPayments: { ...state.programPayments, [programId]: [...(state.programPayments[programId] ?? []), event.occurredAt].slice(-100) } } : {}),
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
      return { ...state, coupons: { ...state.coupons, [event.couponCode]: { ...state.coupons[event.couponCode], status: 'used' } } };
    case T.PointsRevoked: {
      const order = state.orders[event.order!.orderId];
      return {
        ...state,
        points: event.newPoint,
        tierPoint: Math.max(0, state.tierPoint - event.requested),
        totalEarned: Math.max(0, state.totalEarned - event.requested),
        tierEarnedByDay: addToDay(state.tierEarnedByDay, event.occurredAt, -event.requested),
        orders: { ...state.orders, [event.order!.orderId]: { ...order, revokedPoints: order.revokedPoints + event.requested } },
      };
    }
    case T.TierChanged:
      return { ...state, tierId: event.toTierId, tierName: event.toTierName, tierPoint: event.tierPoint, tierSince: event.occurredAt };
    case T.TierRetained:
      return { ...state, tierSince: event.occurredAt };
    case T.CouponExpired:
      return { ...state, coupons: { ...state.coupons, [event.couponCode]: { ...state.coupons[event.couponCode], status: 'expired' } } };
    case T.CouponGranted:
      return {
        ...state,
        coupons: {
          ...state.coupons,
          [event.reward.couponCode]: { rewardId: event.reward.rewardId, points: 0, status: 'active', programId: null, rewardType: event.reward.rewardType, orderReqCents: null, expiresAt: event.reward.expiresAt },
        },
      };
    case T.PointsPending: {
      const order = state.orders[event.order.orderId];
      return {
        ...state,
        programEarnedByDay: addToDay(state.programEarnedByDay, event.occurredAt, event.points),
        orders: { ...state.orders, [event.order.orderId]: {
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
        orders: { ...state.orders, [event.orderId]: { ...state.orders[event.orderId], remainingCents: 0, cancelled: true } },
        ordersCount: state.ordersCount - 1,
        totalSpentCents: state.totalSpentCents - event.remainingCents,
      };
    case T.RefundRecorded: {
      const order = state.orders[event.orderId];
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.orderId]: { ...order, remainingCents: order.remainingCents - event.amountCents, refundedCents: order.refundedCents + event.amountCents },
        },
        refunds: { ...state.refunds, [event.refundId]: true },
        totalSpentCents: state.totalSpentCents - event.amountCents,
      };
    }
    default:
      return assertNever(event);
  }
}

const BIRTHDAY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/;
const DATE_OF_BIRTH = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `MM/DD` of a real calendar day (02/29 allowed: leap-day birthdays exist). */
export function isValidBirthday(value: string): boolean {
  const m = BIRTHDAY.exec(value);
  return !!m && Number(m[2]) <= DAYS_IN_MONTH[Number(m[1]) - 1];
}

export function isValidDateOfBirth(value: string, today: string): boolean {
  const m = DATE_OF_BIRTH.exec(value);
  if (!m) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900 && value <= today.slice(0, 10);
}

function requireEnrolled(state: CustomerState): void {
  if (!state.enrolled) throw because.notFound('Customer');
}

function requirePoints(points: number, field: string, { allowZero = false, signed = false } = {}): void {
  const ok =
    Number.isInteger(points) &&
    Math.abs(points) <= MAX_POINTS &&
    (signed ? points !== 0 : allowZero ? points >= 0 : points > 0);
  if (!ok) {
    const rule = signed ? 'a non-zero integer' : allowZero ? 'an integer of 0 or more' : 'a positive integer';
    throw because.badRequest(`${field} must be ${rule} (at most ${MAX_POINTS})`, { field });
  }
}

/** A repeat of an applied idempotency key: nothing new happens; another body under the same key is refused. */
export function replayOf(state: CustomerState, request: PointsRequest): { transactionId: string } | null {
  const key = request.idempotency?.key;
  if (!key) return null;
  const seen = state.idempotency[key];
  if (!seen) return null;
  if (seen.requestHash !== request.idempotency!.requestHash) throw because.idempotencyConflict(key);
  return { transactionId: seen.transactionId };
}

function pointsContext(state: CustomerState, meta: CommandMeta, request: PointsRequest, newPoint: number): PointsContext & {
  eventId: string;
  occurredAt: string;
  shopId: string;
  customerId: string;
} {
  return {
    eventId: meta.newId(),
    occurredAt: meta.occurredAt,
    shopId: meta.shopId,
    customerId: meta.customerId,
    transactionId: meta.newId(),
    platformCustomerId: state.platformCustomerId!,
    email: state.email,
    oldPoint: state.points,
    newPoint,
    source: request.source,
    event: request.event,
    adminNote: request.adminNote ?? null,
    userNote: request.userNote ?? null,
    reason: request.reason ?? null,
    idempotencyKey: request.idempotency?.key ?? null,
    requestHash: request.idempotency?.requestHash ?? null,
  };
}

/** A move from the customer's tier to `to`. */
function tierChanged(
  state: CustomerState,
  meta: CommandMeta,
  to: TierRung,
  fields: Pick<TierChanged, 'direction' | 'trigger' | 'tierPoint' | 'isInitTier' | 'triggerReward' | 'adminNote'>,
): TierChanged {
  return {
    type: T.TierChanged,
    eventId: meta.newId(),
    occurredAt: meta.occurredAt,
    shopId: meta.shopId,
    customerId: meta.customerId,
    platformCustomerId: state.platformCustomerId!,
    email: state.email,
    fromTierId: state.tierId,
    fromTierName: state.tierName,
    toTierId: to.id,
    toTierName: to.name,
    ...fields,
  };
}

/** The highest rung the tier point reaches, if it is above the customer's current tier. */
function upgradeFor(state: CustomerState, tierPoint: number, tiers: TierRung[], meta: CommandMeta): TierChanged[] {
  const current = tiers.find((t) => t.id === state.tierId);
  const currentTarget = current ? current.targetPoint : -1;
  const reached = tiers
    .filter((t) => t.targetPoint <= tierPoint && t.targetPoint > currentTarget)
    .sort((a, b) => b.targetPoint - a.targetPoint)[0];
  if (!reached) return [];
  return [tierChanged(state, meta, reached, { direction: 'up', trigger: 'points', tierPoint, isInitTier: false, triggerReward: true, adminNote: null })];
}

function couponApplies(coupon: CouponState | undefined, totalCents: number, at: string): boolean {
  if (!coupon || coupon.status !== 'active') return false;
  if (coupon.expiresAt && coupon.expiresAt < at) return false;
  return !(coupon.orderReqCents && totalCents < coupon.orderReqCents);
}

/**
 * Takes back what an order no longer earns: first from its held (pending) points, which were never
 * spendable, then from the balance. Held points are cancelled whatever autoRemovePoints says: they
 * were never paid.
 */
function takeBack(state: CustomerState, meta: CommandMeta, orderId: string, requested: number, cause: PointsRevoked['cause']): Array<PendingPointsCancelled | PointsRevoked> {
  const order = state.orders[orderId];
  if (requested <= 0) return [];
  const fromPending = Math.min(requested, order.pendingPoints);
  const out: Array<PendingPointsCancelled | PointsRevoked> = [];
  let current = state;
  if (fromPending > 0) {
    const cancelled: PendingPointsCancelled = {
      type: T.PendingPointsCancelled,
      eventId: meta.newId(),
      occurredAt: meta.occurredAt,
      shopId: meta.shopId,
      customerId: meta.customerId,
      orderId,
      points: fromPending,
      remaining: order.pendingPoints - fromPending,
      pendingTransactionId: order.pendingTransactionId!,
      cause,
    };
    out.push(cancelled);
    current = evolveCustomer(state, cancelled);
  }
  return [...out, ...revokeFor(current, meta, orderId, requested - fromPending, cause)];
}

/** Takes back up to `requested` points an order earned, if its program says so; never below zero. */
function revokeFor(state: CustomerState, meta: CommandMeta, orderId: string, requested: number, cause: PointsRevoked['cause']): PointsRevoked[] {
  const order = state.orders[orderId];
  if (!order.autoRemovePoints || requested <= 0 || !order.earnTransactionId) return [];
  const points = Math.min(requested, state.points);
  const request: PointsRequest = { points, source: 'platform', event: cause, reason: null };
  return [
    {
      ...pointsContext(state, meta, request, state.points - points),
      type: T.PointsRevoked,
      points,
      requested,
      shortfall: requested - points,
      reversesTransactionId: order.earnTransactionId,
      cause,
      order: { orderId, orderName: null, currency: null },
    },
  ];
}

/**
 * Decides a command, then pays the entry bonus of every tier the customer moves up into (when the
 * move triggers rewards, once per tier per customer); bonus points can carry the customer further up.
 */
export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const events = decideCore(command, state);
  const tiers = 'tiers' in command ? (command.tiers ?? []) : [];
  if (!tiers.some((t) => t.bonusPoints)) return events;
  const out: CustomerEvent[] = [];
  const queue = [...events];
  let current = state;
  for (let e = queue.shift(); e; e = queue.shift()) {
    out.push(e);
    current = evolveCustomer(current, e);
    if (e.type !== T.TierChanged || e.direction !== 'up' || !e.triggerReward) continue;
    const bonus = tiers.find((t) => t.id === e!.toTierId)?.bonusPoints ?? 0;
    if (bonus <= 0 || current.tierRewardsPaid[e.toTierId]) continue;
    const request: PointsRequest = { points: bonus, source: 'tier', event: 'tier_reward', reason: `Entered ${e.toTierName}` };
    const awarded: PointsAwarded = {
      ...pointsContext(current, command.meta, request, current.points + bonus),
      type: T.PointsAwarded,
      points: bonus,
      tierReward: { tierId: e.toTierId, tierChangedEventId: e.eventId },
    };
    queue.unshift(awarded, ...upgradeFor(evolveCustomer(current, awarded), current.tierPoint + bonus, tiers, command.meta));
  }
  return out;
}

function decideCore(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const { meta } = command;
  const base = { eventId: '', occurredAt: meta.occurredAt, shopId: meta.shopId, customerId: meta.customerId };
  const withId = <E extends { eventId: string }>(e: E): E => ({ ...e, eventId: meta.newId() });

  switch (command.type) {
    case 'EnrolCustomer': {
      if (state.enrolled) return [];
      const enrolled = withId({
        ...base,
        type: T.Enrolled,
        platformCustomerId: command.platformCustomerId,
        email: command.email,
        firstName: command.firstName,
        lastName: command.lastName,
        acceptsMarketing: command.acceptsMarketing,
        platformCreatedAt: command.platformCreatedAt,
        tierId: command.baseTier?.id ?? null,
        tierName: command.baseTier?.name ?? null,
        source: command.source,
      } as CustomerEvent & { eventId: string });
      const signUp = command.signUp;
      const after = evolveCustomer(state, enrolled);
      const signUpPoints = signUp ? Math.min(signUp.points, earningRoom(after, command.earningLimit, meta.occurredAt)) : 0;
      if (!signUp || signUpPoints <= 0) return [enrolled];
      const request: PointsRequest = { points: signUpPoints, source: command.source, event: 'sign_up', reason: null };
      const awarded: CustomerEvent = {
        ...pointsContext(after, meta, request, signUpPoints),
        type: T.PointsAwarded,
        points: signUpPoints,
        program: { programId: signUp.programId, programTitle: signUp.programTitle, earnBy: 'flat', rateMoney: null },
        order: null,
      };
      return [enrolled, awarded, ...upgradeFor(after, signUpPoints, command.tiers ?? [], meta)];
    }
    case 'UpdateProfile': {
      requireEnrolled(state);
      const changes: Record<string, unknown> = {};
      for (const field of ['email', 'firstName', 'lastName', 'acceptsMarketing'] as const) {
        const value = command[field];
        if (value !== undefined && value !== state[field]) changes[field] = value;
      }
      if (Object.keys(changes).length === 0) return [];
      return [withId({ ...base, type: T.ProfileUpdated, changes, source: command.source })];
    }
    case 'SetBirthday': {
      requireEnrolled(state);
      const { birthday, dateOfBirth } = command;
      if (birthday == null && dateOfBirth == null) {
        throw because.badRequest('birthday or dateOfBirth is required', { field: 'birthday' });
      }
      if (birthday != null && !isValidBirthday(birthday)) {
        throw because.badRequest('birthday must be a calendar day as MM/DD', { field: 'birthday' });
      }
      if (dateOfBirth != null && !isValidDateOfBirth(dateOfBirth, meta.occurredAt)) {
        throw because.badRequest('dateOfBirth must be a past date as YYYY-MM-DD', { field: 'dateOfBirth' });
      }
      const fromDate = dateOfBirth ? `${dateOfBirth.slice(5, 7)}/${dateOfBirth.slice(8, 10)}` : null;
      if (birthday && fromDate && birthday !== fromDate) {
        throw because.badRequest('birthday and dateOfBirth name different days', { field: 'dateOfBirth' });
      }
      const nextBirthday = birthday ?? fromDate;
      // Write-once: a birthday, once known, never moves (it pays a yearly reward).
      if (state.birthday !== null && nextBirthday !== state.birthday) {
        throw new DomainError('BAD_REQUEST', `birthday is already set to ${state.birthday} and cannot change`, 400, {
          field: birthday ? 'birthday' : 'dateOfBirth',
        });
      }
      if (state.dateOfBirth !== null && dateOfBirth && dateOfBirth !== state.dateOfBirth) {
        throw because.badRequest(`dateOfBirth is already set to ${state.dateOfBirth} and cannot change`, {
          field: 'dateOfBirth',
        });
      }
      const next = { birthday: nextBirthday ?? state.birthday, dateOfBirth: dateOfBirth ?? state.dateOfBirth };
      if (next.birthday === state.birthday && next.dateOfBirth === state.dateOfBirth) return [];
      return [withId({ ...base, type: T.BirthdaySet, ...next, source: command.source })];
    }
    case 'AwardPoints': {
      requireEnrolled(state);
      const { request } = command;
      requirePoints(request.points, 'point');
      if (replayOf(state, request)) return [];
      const newPoint = state.points + request.points;
      if (newPoint > Number.MAX_SAFE_INTEGER) throw because.badRequest('balance would overflow', { field: 'point' });
      const awarded = { ...pointsContext(state, meta, request, newPoint), type: T.PointsAwarded, points: request.points };
      return [awarded, ...upgradeFor(state, state.tierPoint + request.points, command.tiers, meta)];
    }
    case 'EarnFromProgram': {
      requireEnrolled(state);
      const { program } = command;
      if (program.limit) {
        const since = periodStart(program.limit.unit, meta.occurredAt);
        const paid = (state.programPayments[program.programId] ?? []).filter((at) => at >= since).length;
        if (paid >= program.limit.times) {
          throw new DomainError('LIMIT_REACHED', `Program ${program.programId} pays at most ${program.limit.times} time(s) per ${program.limit.unit}`, 400);
        }
      } else if (program.once && state.earnedPrograms[program.programId]) {
        throw new DomainError('LIMIT_REACHED', `Program ${program.programId} has already paid this customer`, 400);
      }
      if (program.period && state.earnedPeriods[program.programId] === program.period) {
        throw new DomainError('LIMIT_REACHED', `Program ${program.programId} has already paid this customer for ${program.period}`, 400);
      }
      // A tier rate of 0 means this tier gets nothing from the program.
      if (program.points === 0) return [];
      requirePoints(program.points, 'earnPoint');
      // The shop's global limit lowers the payment to what is left, and refuses when nothing is.
      const room = earningRoom(state, command.earningLimit, meta.occurredAt);
      if (room === 0) throw new DomainError('LIMIT_REACHED', 'The shop\'s earning limit is reached for this period', 400);
      const points = Math.min(program.points, room);
      const request: PointsRequest = { points, source: command.source, event: program.event, reason: null };
      const awarded: CustomerEvent = {
        ...pointsContext(state, meta, request, state.points + points),
        type: T.PointsAwarded,
        points,
        program: { programId: program.programId, programTitle: program.programTitle, earnBy: 'flat', rateMoney: null },
        order: null,
        ...(program.period ? { period: program.period } : {}),
      };
      return [awarded, ...upgradeFor(state, state.tierPoint + points, command.tiers, meta)];
    }
    case 'RedeemReward': {
      requireEnrolled(state);
      requirePoints(command.points, 'quantity');
      if (command.limitPerCustomer) {
        const redeemed = Object.values(state.coupons).filter((c) => c.programId === command.program.programId && c.status !== 'refunded').length;
        if (redeemed >= command.limitPerCustomer) {
          throw new DomainError('LIMIT_REACHED', `This reward can be redeemed ${command.limitPerCustomer} time(s) per customer`, 400);
        }
      }
      if (command.points > state.points) throw because.insufficientPoints(state.points, command.points);
      const request: PointsRequest = { points: command.points, source: command.source, event: command.program.event, reason: null };
      return [
        {
          ...pointsContext(state, meta, request, state.points - command.points),
          type: T.PointsRedeemed,
          points: command.points,
          quantity: command.quantity,
          reward: command.reward,
          program: { programId: command.program.programId, programTitle: command.program.programTitle, earnBy: null, rateMoney: null },
          order: null,
        },
      ];
    }
    case 'RefundCoupon': {
      requireEnrolled(state);
      const coupon = state.coupons[command.couponCode];
      if (!coupon) throw because.badRequest(`Coupon ${command.couponCode} is not a coupon of this customer`, { field: 'discountCode' });
      if (coupon.status !== 'active') throw because.badRequest(`Coupon ${command.couponCode} is already ${coupon.status}`, { field: 'discountCode' });
      if (coupon.points === 0) throw because.badRequest(`Coupon ${command.couponCode} was a reward, not bought with points: nothing to refund`, { field: 'discountCode' });
      // Store credit is already in the customer's platform account: it cannot be taken back from here.
      if (coupon.rewardType === 'store_credit') throw because.badRequest('Store credit cannot be refunded', { field: 'discountCode' });
      const request: PointsRequest = { points: coupon.points, source: command.source, event: 'coupon_refunded', reason: command.reason };
      return [
        {
          ...pointsContext(state, meta, request, state.points + coupon.points),
          type: T.CouponRefunded,
          points: coupon.points,
          rewardId: coupon.rewardId,
          couponCode: command.couponCode,
        },
      ];
    }
    case 'ExpirePoints': {
      requireEnrolled(state);
      if (state.points <= 0 || state.expiredCycles[command.cycle]) return [];
      // Inactivity: only if nothing happened since the cutoff (an award after the scan cancels it).
      if (command.inactiveSince && (!state.lastActivityAt || state.lastActivityAt > command.inactiveSince)) return [];
      const request: PointsRequest = { points: state.points, source: 'scheduler', event: 'points_expired', reason: null };
      return [
        {
          ...pointsContext(state, meta, request, 0),
          type: T.PointsExpired,
          points: state.points,
          policy: command.policy,
          cycle: command.cycle,
        },
      ];
    }
    case 'WarnExpiry': {
      requireEnrolled(state);
      if (state.points <= 0 || state.warnings[`${command.cycle}|${command.daysLeft}`] || state.expiredCycles[command.cycle]) return [];
      if (command.inactiveSince && (!state.lastActivityAt || state.lastActivityAt > command.inactiveSince)) return [];
      return [
        withId({
          ...base,
          type: T.PointsExpiryWarned,
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          points: state.points,
          daysLeft: command.daysLeft,
          expiresAt: command.expiresAt,
          cycle: command.cycle,
        } as CustomerEvent & { eventId: string }),
      ];
    }
    case 'DeductPoints': {
      requireEnrolled(state);
      const { request } = command;
      requirePoints(request.points, 'point');
      if (replayOf(state, request)) return [];
      if (request.points > state.points) throw because.insufficientPoints(state.points, request.points);
      const newPoint = state.points - request.points;
      return [{ ...pointsContext(state, meta, request, newPoint), type: T.PointsDeducted, points: request.points }];
    }
    case 'AdjustPoints': {
      requireEnrolled(state);
      const { request } = command;
      requirePoints(request.points, 'point', { signed: true });
      if (replayOf(state, request)) return [];
      const newPoint = state.points + request.points;
      if (newPoint < 0) throw because.insufficientPoints(state.points, -request.points);
      const adjusted = { ...pointsContext(state, meta, request, newPoint), type: T.PointsAdjusted, points: request.points };
      const upgrades = request.points > 0 ? upgradeFor(state, state.tierPoint + request.points, command.tiers, meta) : [];
      return [adjusted, ...upgrades];
    }
    case 'ResetPoints': {
      requireEnrolled(state);
      const { request } = command;
      requirePoints(request.points, 'point', { allowZero: true });
      if (replayOf(state, request)) return [];
      return [{ ...pointsContext(state, meta, request, request.points), type: T.PointsReset, resetTo: request.points }];
    }
    case 'ChangeTier': {
      requireEnrolled(state);
      const { tier } = command;
      const tierPoint = command.isInitTier ? tier.targetPoint : state.tierPoint;
      if (tier.id === state.tierId && tierPoint === state.tierPoint) return [];
      const fromTarget = command.tiers.find((t) => t.id === state.tierId)?.targetPoint ?? -1;
      const direction = tier.targetPoint > fromTarget ? 'up' : tier.targetPoint < fromTarget ? 'down' : 'same';
      return [
        tierChanged(state, meta, tier, {
          direction,
          trigger: 'manual',
          tierPoint,
          isInitTier: command.isInitTier,
          triggerReward: command.triggerReward,
          adminNote: command.adminNote,
        }),
      ];
    }
    case 'RecordOrder': {
      requireEnrolled(state);
      if (state.orders[command.orderId]) return [];
      const { type: _t, meta: _m, earning, tiers, discountCodes, ...order } = command;
      const recorded = withId({ ...base, type: T.OrderRecorded, ...order, autoRemovePoints: earning?.autoRemovePoints ?? true } as CustomerEvent & { eventId: string });
      const used: CustomerEvent[] = [...new Set(discountCodes ?? [])]
        // A code counts as used only where the platform would accept it: active, not expired, minimum met.
        .filter((code) => couponApplies(state.coupons[code], order.totalCents, meta.occurredAt))
        .map((code) => withId({ ...base, type: T.CouponUsed, rewardId: state.coupons[code].rewardId, couponCode: code, orderId: order.orderId, platformCustomerId: state.platformCustomerId!, email: state.email } as CustomerEvent & { eventId: string }));
      const after = evolveCustomer(state, recorded);
      const due = earning ? pointsForOrder(earning, earningBaseCents(earning, order.totalCents, order.lineItems)) : 0;
      // An order is never refused for the earning limit: it earns what is left of it.
      const points = Math.min(due, earningRoom(after, command.earningLimit, meta.occurredAt));
      if (!earning || points <= 0) return [recorded, ...used];
      const programRef = { programId: earning.programId, programTitle: earning.programTitle, earnBy: earning.earnBy, rateMoney: earning.rateMoney };
      const orderRef = { orderId: order.orderId, orderName: order.orderName, currency: order.currency };
      if (earning.pendingDays && earning.pendingDays > 0) {
        const pending = withId({
          ...base,
          type: T.PointsPending,
          transactionId: meta.newId(),
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          points,
          releaseAt: new Date(new Date(meta.occurredAt).getTime() + earning.pendingDays * 86_400_000).toISOString(),
          program: programRef,
          order: orderRef,
        } as CustomerEvent & { eventId: string });
        return [recorded, ...used, pending];
      }
      const request: PointsRequest = { points, source: 'platform', event: 'place_order', reason: null };
      const awarded: CustomerEvent = {
        ...pointsContext(after, meta, request, after.points + points),
        type: T.PointsAwarded,
        points,
        program: programRef,
        order: orderRef,
      };
      return [recorded, ...used, awarded, ...upgradeFor(after, after.tierPoint + points, tiers ?? [], meta)];
    }
    case 'AssessTier': {
      requireEnrolled(state);
      const ladder = [...command.tiers].sort((a, b) => a.targetPoint - b.targetPoint);
      const current = ladder.find((t) => t.id === state.tierId);
      if (!current || current.targetPoint <= ladder[0].targetPoint) return [];
      if (!state.tierSince || state.tierSince > monthsBefore(meta.occurredAt, command.assessmentMonths)) return [];
      const windowPoints = Math.max(0, sumSince(state.tierEarnedByDay, monthsBefore(meta.occurredAt, command.windowMonths)));
      const kept = ladder.filter((t) => t.targetPoint <= windowPoints).pop() ?? ladder[0];
      if (kept.targetPoint >= current.targetPoint) {
        return [withId({ ...base, type: T.TierRetained, tierId: current.id, windowPoints } as CustomerEvent & { eventId: string })];
      }
      // The tier point starts again from what the window holds.
      return [tierChanged(state, meta, kept, { direction: 'down', trigger: 'assessment', tierPoint: windowPoints, isInitTier: false, triggerReward: false, adminNote: null })];
    }
    case 'ExpireCoupon': {
      requireEnrolled(state);
      const coupon = state.coupons[command.couponCode];
      if (!coupon || coupon.status !== 'active' || !coupon.expiresAt || coupon.expiresAt > meta.occurredAt) return [];
      return [withId({ ...base, type: T.CouponExpired, rewardId: coupon.rewardId, couponCode: command.couponCode, expiresAt: coupon.expiresAt } as CustomerEvent & { eventId: string })];
    }
    case 'GrantCoupon': {
      requireEnrolled(state);
      if (Object.values(state.coupons).some((c) => c.rewardId === command.reward.rewardId)) return [];
      return [
        withId({
          ...base,
          type: T.CouponGranted,
          platformCustomerId: state.platformCustomerId!,
          email: state.email,
          reward: command.reward,
          reason: 'tier_reward',
          tierId: command.tierId,
          tierChangedEventId: command.tierChangedEventId,
        } as CustomerEvent & { eventId: string }),
      ];
    }
    case 'ReleasePendingPoints': {
      requireEnrolled(state);
      const events: CustomerEvent[] = [];
      let current = state;
      for (const [orderId, order] of Object.entries(state.orders)) {
        if (order.pendingPoints <= 0 || !order.pendingReleaseAt || order.pendingReleaseAt > meta.occurredAt) continue;
        const request: PointsRequest = { points: order.pendingPoints, source: 'scheduler', event: 'place_order', reason: null };
        const held = state.orders[orderId];
        const released: PointsAwarded = {
          ...pointsContext(current, meta, request, current.points + order.pendingPoints),
          type: T.PointsAwarded,
          points: order.pendingPoints,
          releasesPending: true,
          program: held.pendingProgram,
          order: held.pendingOrder ?? { orderId, orderName: null, currency: null },
        };
        events.push(released);
        current = evolveCustomer(current, released);
      }
      if (events.length === 0) return [];
      return [...events, ...upgradeFor(state, current.tierPoint, command.tiers, meta)];
    }
    case 'CancelOrder': {
      requireEnrolled(state);
      const order = state.orders[command.orderId];
      if (!order || order.cancelled) return [];
      const cancelled = withId({ ...base, type: T.OrderCancelled, orderId: command.orderId, remainingCents: order.remainingCents } as CustomerEvent & { eventId: string });
      return [cancelled, ...takeBack(state, meta, command.orderId, order.earnedPoints + order.pendingPoints - order.revokedPoints, 'order_cancelled')];
    }
    case 'RecordRefund': {
      requireEnrolled(state);
      const order = state.orders[command.orderId];
      if (!order || order.cancelled || state.refunds[command.refundId]) return [];
      const amountCents = Math.min(Math.max(0, command.amountCents), order.remainingCents);
      const refunded = withId({ ...base, type: T.RefundRecorded, orderId: command.orderId, refundId: command.refundId, amountCents } as CustomerEvent & { eventId: string });
      // Pro rata, on the cumulative refund, so several partial refunds add up to exactly the whole.
      const due = pointsToRevoke(order.earnedPoints + order.pendingPoints, order.totalCents, order.refundedCents + amountCents) - order.revokedPoints;
      return [refunded, ...takeBack(state, meta, command.orderId, due, 'order_refunded')];
    }
    default:
      return assertNever(command);
  }
}

export const customerLedger: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
