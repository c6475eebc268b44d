import { storedEvent } from '../../event-sourcing/domain-event';
import { RecordedEvent } from '../../shared/domain/recorded-event';
import { CustomerEvent, CustomerEventType as T, SubmissionStatus } from '../../ledger/customer-events';
import { submissionStatusAfter } from '../../ledger/submissions/domain/submissions.state';
import { customerLedger, evolveCustomer } from '../../ledger/customer-ledger';
import { CustomerState } from '../../ledger/customer-state';
import { recordCreatedAt } from '../../ledger/read-models/ledger-read-models';
import { isPaidBy } from '../../programs/kinds/kinds';

/**
 * A customer's history as auditors read it: the ledger's own fold (customerLedger.initialState and
 * evolve, exactly what every decision is made on), plus the little the Customer record shows that is
 * not ledger state (when the customer was created, last changed, last moved tier; the storefront's
 * status of the last submission to each program).
 */
export interface CustomerHistory {
  state: CustomerState;
  record: RecordTimes;
  /** Last revision folded; -1n: nothing yet. */
  revision: bigint;
  /** Held points of the state, summed again only by events that can change a hold. */
  pendingPoints: number;
}

/**
 * Times of the Customer record, read from the events' own `occurredAt`, and the other record fields
 * the ledger's state does not hold.
 */
export interface RecordTimes {
  /** The record's createdAt: the platform's creation time when it sent one, else the enrolment. */
  createdAt: string | null;
  enrolledAt: string | null;
  updatedAt: string | null;
  tierUpdatedAt: string | null;
  platformCreatedAt: string | null;
  earnSignUp: boolean;
  /** The status the latest event of each program's submissions gave (submissionStatusAfter). */
  submissionStatus: Readonly<Record<string, SubmissionStatus>>;
}

export const emptyHistory = (): CustomerHistory => ({
  state: customerLedger.initialState(),
  record: {
    createdAt: null,
    enrolledAt: null,
    updatedAt: null,
    tierUpdatedAt: null,
    platformCreatedAt: null,
    earnSignUp: false,
    submissionStatus: {},
  },
  revision: -1n,
  pendingPoints: 0,
});

/** Events that can change an order's held points (the sum over orders is recomputed only after these). */
const HOLDS: ReadonlySet<string> = new Set([
  T.OrderRecorded,
  T.PointsPending,
  T.PendingPointsCancelled,
  T.PointsAwarded,
]);

/** What an event changes of the record's times; null: nothing. */
function recordTimesChange(record: RecordTimes, event: CustomerEvent): Partial<RecordTimes> | null {
  // Before enrolment there is no record to update (and a second enrolment changes nothing).
  if (event.type === T.Enrolled ? record.enrolledAt : !record.enrolledAt) return null;
  switch (event.type) {
    case T.Enrolled:
      return {
        createdAt: recordCreatedAt(event.platformCreatedAt, event.occurredAt),
        enrolledAt: event.occurredAt,
        updatedAt: event.occurredAt,
        tierUpdatedAt: event.tierId ? event.occurredAt : null,
        platformCreatedAt: event.platformCreatedAt,
      };
    case T.TierChanged:
      return { updatedAt: event.occurredAt, tierUpdatedAt: event.occurredAt };
    case T.PointsAwarded:
      return { updatedAt: event.occurredAt, earnSignUp: record.earnSignUp || isPaidBy(event.event, 'enrolment') };
    case T.SubmissionReceived:
    case T.SubmissionApproved:
    case T.SubmissionRejected:
      return { updatedAt: event.occurredAt, submissionStatus: submissionStatusAfter(record.submissionStatus, event) };
    default:
      return { updatedAt: event.occurredAt };
  }
}

function evolveRecordTimes(record: RecordTimes, event: CustomerEvent): RecordTimes {
  const change = recordTimesChange(record, event);
  return change ? { ...record, ...change } : record;
}

/** The stored event as the ledger reads it. Stored data already carries its type, so usually no copy. */
export function customerEventOf<E extends CustomerEvent = CustomerEvent>(recorded: RecordedEvent): E {
  return storedEvent<E>(recorded);
}

export function evolveHistory(history: CustomerHistory, recorded: RecordedEvent): CustomerHistory {
  const event = customerEventOf(recorded);
  const state = customerLedger.evolve(history.state, event);
  return {
    state,
    record: evolveRecordTimes(history.record, event),
    revision: recorded.revision,
    pendingPoints: HOLDS.has(event.type) ? pendingPointsOf(state) : history.pendingPoints,
  };
}

/**
 * `evolveHistory` for a fold that keeps no earlier history (a replay, an as-of read): the event is
 * written into `history` and its state rather than into copies. The verifier,
 * which compares each event with the state before it, folds with `evolveHistory`.
 */
export function evolveOwnedHistory(history: CustomerHistory, recorded: RecordedEvent): CustomerHistory {
  const event = customerEventOf(recorded);
  history.state = evolveCustomer(history.state, event, 'owned');
  const times = recordTimesChange(history.record, event);
  if (times) Object.assign(history.record, times);
  history.revision = recorded.revision;
  if (HOLDS.has(event.type)) history.pendingPoints = pendingPointsOf(history.state);
  return history;
}

/**
 * The instant an event counts from for `asOf`: its effective time, `occurredAt` (the service's clock
 * when the decision was made, the time every read model and webhook shows), not the store's
 * `recordedAt`.
 */
export function effectiveTime(recorded: RecordedEvent): number {
  return Date.parse(String(recorded.data.occurredAt));
}

/**
 * How many events of a stream count as of `asOf`: the longest prefix whose events all took effect at
 * or before it. A fold is only meaningful over a prefix of the stream, so an event stamped earlier
 * than the one before it (clocks of two processes) counts from when the one before it does.
 */
export function countAsOf(events: readonly RecordedEvent[], asOf: Date | null): number {
  if (!asOf) return events.length;
  const limit = asOf.getTime();
  let n = 0;
  while (n < events.length && effectiveTime(events[n]) <= limit) n++;
  return n;
}

/** The figures an auditor follows event by event. */
export interface Balances {
  balance: number;
  pendingPoints: number;
  tierPoint: number;
  tierId: string | null;
  tierName: string | null;
  earnedTotal: number;
}

export function pendingPointsOf(state: CustomerState): number {
  let held = 0;
  for (const order of state.orders.values()) held += order.pendingPoints ?? 0;
  return held;
}

export function balancesOf({ state, pendingPoints }: CustomerHistory): Balances {
  return {
    balance: state.points,
    pendingPoints,
    tierPoint: state.tierPoint,
    tierId: state.tierId,
    tierName: state.tierName,
    earnedTotal: state.totalEarned,
  };
}

export interface ActiveCoupon {
  couponCode: string;
  rewardId: string;
  pointsSpent: number;
  rewardType: string | null;
  expiresAt: string | null;
}

/** Coupons the fold holds as active (bought with points or granted, not used, refunded or expired). */
export function activeCouponsOf(state: CustomerState): ActiveCoupon[] {
  return Object.entries(state.coupons)
    .filter(([, c]) => c.status === 'active')
    .map(([couponCode, c]) => ({
      couponCode,
      rewardId: c.rewardId,
      pointsSpent: c.points,
      rewardType: c.rewardType ?? null,
      expiresAt: c.expiresAt ?? null,
    }));
}
