import { because } from '../../shared/domain/domain-error';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta, stamp } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import {
  PointsAdjusted,
  pointsAdjusted,
  PointsAwarded,
  pointsAwarded,
  PointsDeducted,
  pointsDeducted,
  PointsEventContext,
  PointsReset,
  pointsReset,
} from '../customer-events';
import { PointsShare } from './points.state';
import { MAX_POINTS } from '../../shared/domain/limits';

/** Largest single change and balance we accept: far below Number.MAX_SAFE_INTEGER, so sums stay exact. */
export { MAX_POINTS };

/** A change of points as asked: by whom (source, event) and why (notes, reason), with its idempotency key. */
export interface PointsRequest {
  points: number;
  source: string;
  event: string;
  adminNote?: string | null;
  userNote?: string | null;
  reason?: string | null;
  idempotency?: { key: string; requestHash: string } | null;
}

/** The merchant's manual changes of a balance (tiers: the ladder an award may move the customer up). */
export type PointsCommand =
  | { type: 'AwardPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | { type: 'DeductPoints'; meta: CommandMeta; request: PointsRequest }
  | { type: 'AdjustPoints'; meta: CommandMeta; request: PointsRequest; tiers: TierRung[] }
  | { type: 'ResetPoints'; meta: CommandMeta; request: PointsRequest };

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
export function replayOf(state: PointsShare, request: PointsRequest): { transactionId: string } | null {
  const key = request.idempotency?.key;
  if (!key) return null;
  const seen = state.idempotency.get(key);
  if (!seen) return null;
  if (seen.requestHash !== request.idempotency!.requestHash) throw because.idempotencyConflict(key);
  return { transactionId: seen.transactionId };
}

/** What every balance change records: who, the balances before and after, and the request's reasons. */
export function pointsContext(
  state: Pick<EnrolledCustomer, 'platformCustomerId' | 'email' | 'points'>,
  meta: CommandMeta,
  request: PointsRequest,
  newPoint: number,
): PointsEventContext {
  const { eventId, occurredAt, shopId, customerId } = stamp(meta);
  // Spelled out rather than spread: on V8 a spread followed by new keys costs a hidden class per event.
  return {
    eventId,
    occurredAt,
    shopId,
    customerId,
    transactionId: meta.newId(),
    platformCustomerId: state.platformCustomerId,
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

type Of<T extends PointsCommand['type']> = Extract<PointsCommand, { type: T }>;

// Award, deduct, adjust, reset: a repeat under an applied idempotency key decides nothing.

export function decideAward({ meta, request }: Of<'AwardPoints'>, state: EnrolledCustomer): PointsAwarded[] {
  requirePoints(request.points, 'point');
  if (replayOf(state, request)) return [];
  const newPoint = state.points + request.points;
  if (newPoint > Number.MAX_SAFE_INTEGER) throw because.badRequest('balance would overflow', { field: 'point' });
  return [pointsAwarded(pointsContext(state, meta, request, newPoint), { points: request.points })];
}

export function decideDeduct({ meta, request }: Of<'DeductPoints'>, state: EnrolledCustomer): PointsDeducted[] {
  requirePoints(request.points, 'point');
  if (replayOf(state, request)) return [];
  if (request.points > state.points) throw because.insufficientPoints(state.points, request.points);
  const newPoint = state.points - request.points;
  return [pointsDeducted(pointsContext(state, meta, request, newPoint), { points: request.points })];
}

export function decideAdjust({ meta, request }: Of<'AdjustPoints'>, state: EnrolledCustomer): PointsAdjusted[] {
  requirePoints(request.points, 'point', { signed: true });
  if (replayOf(state, request)) return [];
  const newPoint = state.points + request.points;
  if (newPoint < 0) throw because.insufficientPoints(state.points, -request.points);
  return [pointsAdjusted(pointsContext(state, meta, request, newPoint), { points: request.points })];
}

export function decideReset({ meta, request }: Of<'ResetPoints'>, state: EnrolledCustomer): PointsReset[] {
  requirePoints(request.points, 'point', { allowZero: true });
  if (replayOf(state, request)) return [];
  return [pointsReset(pointsContext(state, meta, request, request.points), { resetTo: request.points })];
}
