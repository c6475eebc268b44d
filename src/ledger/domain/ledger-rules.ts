import { because } from '../../shared/domain/domain-error';
import { CustomerEvent, PointsContext } from './customer-events';
import { CustomerState } from './customer-state';
import { CommandMeta, PointsRequest } from './customer-commands';

/** Largest single change and balance we accept: far below Number.MAX_SAFE_INTEGER, so sums stay exact. */
export const MAX_POINTS = 1_000_000_000;

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

export function requireEnrolled(state: CustomerState): void {
  if (!state.enrolled) throw because.notFound('Customer');
}

export function requirePoints(points: number, field: string, { allowZero = false, signed = false } = {}): void {
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

export function pointsContext(
  state: CustomerState,
  meta: CommandMeta,
  request: PointsRequest,
  newPoint: number,
): PointsContext & {
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

/** The fields every event of the command shares, and a stamp giving an event its own id. */
export function eventStamp(meta: CommandMeta) {
  const base = { eventId: '', occurredAt: meta.occurredAt, shopId: meta.shopId, customerId: meta.customerId };
  const withId = <E extends { eventId: string }>(e: E): E => ({ ...e, eventId: meta.newId() });
  return { base, withId };
}

/** An event built from `base` fields, given its id (the union's members differ; the caller names the type). */
export type StampedEvent = CustomerEvent & { eventId: string };
