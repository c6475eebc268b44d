import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
import { PointsExpired, pointsExpired, PointsExpiryWarned, pointsExpiryWarned } from '../customer-events';
import { pointsContext, PointsRequest } from '../points/points.decisions';

/** Days before expiry that a warning goes out (webhooks points/about_to_expire_30_days, _7_days, _3_days). */
export const EXPIRY_WARNINGS = [30, 7, 3];

export type ExpiryCommand =
  /** Expire the whole balance if this cycle applies: inactivity since `inactiveSince`, or the year of a fixed date. */
  | {
      type: 'ExpirePoints';
      meta: CommandMeta;
      policy: 'inactivity' | 'fixed_date';
      cycle: string;
      inactiveSince?: string;
    }
  | {
      type: 'WarnExpiry';
      meta: CommandMeta;
      cycle: string;
      daysLeft: number;
      expiresAt: string;
      inactiveSince?: string;
    };

/** Inactivity: only if nothing happened since the cutoff (an award after the scheduler's scan cancels it). */
const activeSince = (state: EnrolledCustomer, inactiveSince: string | undefined) =>
  !!inactiveSince && (!state.lastActivityAt || state.lastActivityAt > inactiveSince);

type ExpiryCommandOf<K extends ExpiryCommand['type']> = Extract<ExpiryCommand, { type: K }>;

// A cycle (the last activity, or the year of a fixed date) expires once, and each warning is given once.

export function expirePoints(command: ExpiryCommandOf<'ExpirePoints'>, state: EnrolledCustomer): PointsExpired[] {
  if (state.points <= 0 || state.expiredCycles[command.cycle]) return [];
  if (activeSince(state, command.inactiveSince)) return [];
  const request: PointsRequest = { points: state.points, source: 'scheduler', event: 'points_expired', reason: null };
  return [
    pointsExpired(pointsContext(state, command.meta, request, 0), {
      points: state.points,
      policy: command.policy,
      cycle: command.cycle,
    }),
  ];
}

export function warnExpiry(command: ExpiryCommandOf<'WarnExpiry'>, state: EnrolledCustomer): PointsExpiryWarned[] {
  if (state.points <= 0 || state.warnings[`${command.cycle}|${command.daysLeft}`]) return [];
  if (state.expiredCycles[command.cycle] || activeSince(state, command.inactiveSince)) return [];
  return [
    pointsExpiryWarned(command.meta, {
      platformCustomerId: state.platformCustomerId,
      email: state.email,
      points: state.points,
      daysLeft: command.daysLeft,
      expiresAt: command.expiresAt,
      cycle: command.cycle,
    }),
  ];
}
