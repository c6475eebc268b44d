import { callPerType, PerType } from '../../shared/domain/decider';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import {
  CustomerEventType as T,
  PendingPointsCancelled,
  PointsEvent,
  PointsContext,
  PointsPending,
  POINTS_EVENT_TYPES,
} from '../customer-events';
import {
  IdempotencyKeyDoc,
  idempotencyKeyId,
  TransactionDoc,
  TransactionKind,
} from '../read-models/ledger-read-models';

/** The events that make a transaction row: every balance change, and held order points (a row that changes no balance). */
export type RowEvent = PointsEvent | PointsPending;

export const ROW_EVENT_TYPES: ReadonlySet<string> = new Set([...POINTS_EVENT_TYPES, T.PointsPending]);

export const isRowEvent = (type: string) => ROW_EVENT_TYPES.has(type);

/**
 * The v2 `type` is the direction of the change, as the spec's lists and the headless `rawType` use
 * it: `earn_point` when the balance did not go down (a row that changes nothing, a held row, counts
 * as earning), `redeem_point` when it did. What happened in detail is the row's `event`.
 */
export const directionOf = (oldPoint: number, newPoint: number) =>
  newPoint >= oldPoint ? 'earn_point' : 'redeem_point';

const orderLabel = (order: { orderId: string; orderName: string | null } | null | undefined) =>
  order ? (order.orderName ?? `#${order.orderId}`) : 'an order';

const heldSentence = (points: number, order: { orderId: string | null; orderName: string | null }, until: string) =>
  `${points} points on hold for order ${order.orderName ?? `#${order.orderId}`} until ${until}`;

/** Each row event's `kind`, and what happened in words (its `content`, before the note): the compiler checks every row event says both. */
const ROW_KINDS: PerType<RowEvent, { kind: TransactionKind; sentence: string }> = {
  [T.PointsAwarded]: (e) => ({
    kind: 'earn_point',
    sentence: e.releasesPending
      ? `Released ${e.points} held points of order ${orderLabel(e.order)}`
      : e.referral
        ? `Earned ${e.points} points: friend ${e.referral.friendLabel} placed a first qualifying order`
        : `Earned ${e.points} points`,
  }),
  [T.PointsDeducted]: (e) => ({ kind: 'redeem_point', sentence: `Spent ${e.points} points` }),
  [T.PointsAdjusted]: (e) => {
    const delta = e.newPoint - e.oldPoint;
    return { kind: 'adjust_point', sentence: `Points adjusted by ${delta > 0 ? '+' : ''}${delta}` };
  },
  [T.PointsReset]: (e) => ({ kind: 'reset_point', sentence: `Points reset to ${e.resetTo}` }),
  [T.PointsRevoked]: (e) => ({
    kind: 'revoke_point',
    sentence: e.referral
      ? `${e.points} points taken back: the order of friend ${e.referral.friendLabel} was ${e.cause === 'order_cancelled' ? 'cancelled' : 'refunded'}`
      : `${e.points} points taken back: order ${orderLabel(e.order)} ${e.cause === 'order_cancelled' ? 'cancelled' : 'refunded'}`,
  }),
  [T.PointsRedeemed]: (e) => ({
    kind: 'redeem_point',
    sentence: `Redeemed ${e.points} points for ${e.program?.programTitle ?? 'a reward'}`,
  }),
  [T.CouponRefunded]: (e) => ({
    kind: 'refund_point',
    sentence: `${e.points} points returned for coupon ${e.couponCode}`,
  }),
  [T.PointsExpired]: (e) => ({ kind: 'expire_point', sentence: `${e.points} points expired` }),
  [T.PointsPending]: (e) => ({ kind: 'pending_point', sentence: heldSentence(e.points, e.order, e.releaseAt) }),
};

/**
 * What a row says of the change's request: who asked and why, and the balance before and after.
 * Every balance change records it; a hold has its own (`heldRequest`).
 */
type RowRequest = Pick<
  PointsContext,
  'source' | 'event' | 'oldPoint' | 'newPoint' | 'adminNote' | 'userNote' | 'reason' | 'idempotencyKey' | 'requestHash'
>;

/** A hold's request: the platform placed the order, and the balance does not move (the points are not spendable yet). */
function heldRequest(balance: number): RowRequest {
  return {
    source: 'platform',
    event: 'place_order',
    oldPoint: balance,
    newPoint: balance,
    adminNote: null,
    userNote: null,
    reason: null,
    idempotencyKey: null,
    requestHash: null,
  };
}

/** A held row: a row that moves no balance, whose `earnPoint` is what is held, until its release. */
function heldRow(event: PointsPending, revision: bigint): TransactionDoc {
  return {
    ...rowOf(event, revision, heldRequest(event.balance ?? 0)),
    earnPoint: event.points,
    isPendingPointPlaceOrder: true,
    pendingPointUntil: event.releaseAt,
  };
}

/**
 * A row: its event's common columns (the customer, the paying program, the coupon, the order, the
 * event), and what its request says with the points it earned or spent. One object literal on purpose:
 * on V8 a spread followed by new keys builds a fresh hidden class per row, which a rebuild pays for every row.
 */
function rowOf(event: RowEvent, revision: bigint, request: RowRequest): TransactionDoc {
  const delta = request.newPoint - request.oldPoint;
  const { kind, sentence } = callPerType(ROW_KINDS, event.type, event);
  const { program, order } = event;
  // The coupon a redemption bought (a coupon refund names only its code).
  const bought = event.type === T.PointsRedeemed ? event.reward : null;
  // A referral reward and its reversal name the friend they were for.
  const referral = event.type === T.PointsAwarded || event.type === T.PointsRevoked ? event.referral : undefined;
  return {
    id: event.transactionId,
    shopId: event.shopId,
    customerId: event.customerId,
    platformCustomerId: event.platformCustomerId,
    email: event.email,
    programId: program?.programId ?? null,
    programTitle: program?.programTitle ?? null,
    priceRuleId: bought?.priceRuleId ?? null,
    discountId: bought?.discountId ?? null,
    couponCode: bought?.couponCode ?? (event.type === T.CouponRefunded ? event.couponCode : null),
    orderId: order?.orderId ?? null,
    orderName: order?.orderName ?? null,
    orderNumber: order?.orderName ? order.orderName.replace(/^#/, '') : null,
    orderCurrency: order?.currency ?? null,
    earnBy: program?.earnBy ?? null,
    rateMoney: program?.rateMoney ?? null,
    referralCustomerEmail: referral ? event.email : null,
    referredCustomerEmail: null,
    referredCustomerId: referral?.friendCustomerId ?? null,
    referredFriendLabel: referral?.friendLabel ?? null,
    milestoneOrder: event.type === T.PointsAwarded ? (event.milestone?.order ?? null) : null,
    isPendingPointPlaceOrder: false,
    refundPendingPoint: false,
    pendingPointUntil: null,
    pendingTransactionId:
      event.type === T.PointsAwarded && event.releasesPending ? (event.pendingTransactionId ?? null) : null,
    pendingCancelledPoint: 0,
    eventId: event.eventId,
    sortKey: `${event.occurredAt}|${revision.toString().padStart(12, '0')}`,
    createdAt: event.occurredAt,
    updatedAt: event.occurredAt,
    content: request.userNote ? `${sentence}: ${request.userNote}` : sentence,
    type: directionOf(request.oldPoint, request.newPoint),
    kind,
    source: request.source,
    event: request.event,
    oldPoint: request.oldPoint,
    newPoint: request.newPoint,
    earnPoint: Math.max(0, delta),
    spendPoint: Math.max(0, -delta),
    adminNote: request.adminNote,
    userNote: request.userNote,
    reason: request.reason,
    idempotencyKey: request.idempotencyKey,
    requestHash: request.requestHash,
  };
}

/**
 * Builds a transaction row from its event alone (with the details older events did not record filled
 * in by the ROW_DETAILS port): everything it shows was recorded when it happened. A held row later
 * changes only through `withCancelledHold`.
 */
export function transactionFromEvent(event: RowEvent, revision: bigint): TransactionDoc {
  // A balance change records its own request.
  return event.type === T.PointsPending ? heldRow(event, revision) : rowOf(event, revision, event);
}

/** The idempotency key a row's request applied (kept so the same request again finds this row); null without one. */
export function appliedIdempotencyKey(row: TransactionDoc): IdempotencyKeyDoc | null {
  if (!row.idempotencyKey || !row.requestHash) return null;
  return {
    id: idempotencyKeyId(row.shopId, row.idempotencyKey),
    shopId: row.shopId,
    customerId: row.customerId,
    requestHash: row.requestHash,
    transactionId: row.id,
  };
}

/** A refund or the cancellation took some or all of a hold back: the held row says so (`refundPendingPoint`). */
export function withCancelledHold(held: TransactionDoc, event: PendingPointsCancelled): TransactionDoc {
  // From what is still held after it, so applying a cancellation again (redelivery) changes nothing.
  const cancelled = held.earnPoint - event.remaining;
  const cause = event.cause === 'order_cancelled' ? 'order cancelled' : 'order refunded';
  return {
    ...held,
    refundPendingPoint: true,
    pendingCancelledPoint: cancelled,
    content: `${heldSentence(held.earnPoint, held, held.pendingPointUntil!)}: ${cancelled} cancelled (${cause})`,
    updatedAt: event.occurredAt,
  };
}

/**
 * Whether an event was recorded before rows showed all they show now: a hold without its balance, a
 * release without the hold it pays, a reversal without its order's name, a coupon refund without its
 * program. Such an event's row needs the ledger's state just before it (the ROW_DETAILS port).
 */
export function lacksRecordedDetails(event: RowEvent): boolean {
  switch (event.type) {
    case T.PointsPending:
      return event.balance === undefined;
    case T.PointsAwarded:
      return !!event.releasesPending && event.pendingTransactionId === undefined;
    case T.PointsRevoked:
      return !!event.order && event.order.orderName === null;
    case T.CouponRefunded:
      return !event.program;
    default:
      return false;
  }
}

export const ROW_DETAILS = Symbol('ROW_DETAILS');

/**
 * Completes events recorded before rows showed everything they show now, from the ledger's state
 * just before each (the ledger implements it: projections do not fold streams themselves). One
 * session per projection batch, given the batch's events in order, so a stream is folded once.
 */
export interface RowDetails {
  session(): (recorded: RecordedEvent, event: RowEvent) => Promise<RowEvent>;
}

/** A row without the customer's personal data (an erasure): the email and the free-text notes. */
export function anonymisedRow(row: TransactionDoc): TransactionDoc {
  const note = row.userNote ? `: ${row.userNote}` : null;
  return {
    ...row,
    content: note && row.content.endsWith(note) ? row.content.slice(0, -note.length) : row.content,
    email: null,
    adminNote: null,
    userNote: null,
    referralCustomerEmail: null,
    referredCustomerEmail: null,
  };
}
