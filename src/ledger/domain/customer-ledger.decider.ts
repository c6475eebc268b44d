import { assertNever, Decider } from '../../shared/domain/decider';
import { periodStart } from '../../programs/domain/order-earning';
import { because, DomainError } from '../../shared/domain/domain-error';
import { CustomerEvent, CustomerEventType as T } from './customer-events';
import { CustomerState, evolveCustomer, initialCustomerState } from './customer-state';
import { CustomerCommand, PointsRequest } from './customer-commands';
import { earningRoom } from './earning-window';
import {
  eventStamp,
  StampedEvent,
  isValidBirthday,
  isValidDateOfBirth,
  pointsContext,
  replayOf,
  requireEnrolled,
  requirePoints,
} from './ledger-rules';
import { decideOrder } from './ledger-orders';
import { decideCoupon } from './ledger-coupons';
import { decideTier, upgradeFor, withTierRewards } from './ledger-tiers';

export * from './customer-state';
export * from './customer-commands';
export * from './earning-window';
export { MAX_POINTS, isValidBirthday, isValidDateOfBirth, replayOf } from './ledger-rules';

/**
 * The customer ledger: one customer's stream of points, tiers, orders and coupons. This file decides
 * enrolment, profile and points commands; orders, coupons and tiers have their own files.
 */
export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  return withTierRewards(command, state, decideCommand(command, state));
}

function decideCommand(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const { meta } = command;
  const { base, withId } = eventStamp(meta);
  switch (command.type) {
    case 'RecordOrder':
    case 'CancelOrder':
    case 'RecordRefund':
    case 'ReleasePendingPoints':
      return decideOrder(command, state);
    case 'RedeemReward':
    case 'RefundCoupon':
    case 'ExpireCoupon':
    case 'GrantCoupon':
      return decideCoupon(command, state);
    case 'ChangeTier':
    case 'AssessTier':
    case 'WarnTierReview':
      return decideTier(command, state);
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
      } as StampedEvent);
      const signUp = command.signUp;
      const after = evolveCustomer(state, enrolled);
      const signUpPoints = signUp
        ? Math.min(signUp.points, earningRoom(after, command.earningLimit, meta.occurredAt))
        : 0;
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
      const awarded = {
        ...pointsContext(state, meta, request, newPoint),
        type: T.PointsAwarded,
        points: request.points,
      };
      return [awarded, ...upgradeFor(state, state.tierPoint + request.points, command.tiers, meta)];
    }
    case 'EarnFromProgram': {
      requireEnrolled(state);
      const { program } = command;
      if (program.limit) {
        const since = periodStart(program.limit.unit, meta.occurredAt);
        const paid = (state.programPayments[program.programId] ?? []).filter((at) => at >= since).length;
        if (paid >= program.limit.times) {
          throw new DomainError(
            'LIMIT_REACHED',
            `Program ${program.programId} pays at most ${program.limit.times} time(s) per ${program.limit.unit}`,
            400,
          );
        }
      } else if (program.once && state.earnedPrograms[program.programId]) {
        throw new DomainError('LIMIT_REACHED', `Program ${program.programId} has already paid this customer`, 400);
      }
      if (program.period && state.earnedPeriods[program.programId] === program.period) {
        throw new DomainError(
          'LIMIT_REACHED',
          `Program ${program.programId} has already paid this customer for ${program.period}`,
          400,
        );
      }
      // A tier rate of 0 means this tier gets nothing from the program.
      if (program.points === 0) return [];
      requirePoints(program.points, 'earnPoint');
      // The shop's global limit lowers the payment to what is left, and refuses when nothing is.
      const room = earningRoom(state, command.earningLimit, meta.occurredAt);
      if (room === 0)
        throw new DomainError('LIMIT_REACHED', "The shop's earning limit is reached for this period", 400);
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
    case 'ExpirePoints': {
      requireEnrolled(state);
      if (state.points <= 0 || state.expiredCycles[command.cycle]) return [];
      // Inactivity: only if nothing happened since the cutoff (an award after the scan cancels it).
      if (command.inactiveSince && (!state.lastActivityAt || state.lastActivityAt > command.inactiveSince)) return [];
      const request: PointsRequest = {
        points: state.points,
        source: 'scheduler',
        event: 'points_expired',
        reason: null,
      };
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
      if (
        state.points <= 0 ||
        state.warnings[`${command.cycle}|${command.daysLeft}`] ||
        state.expiredCycles[command.cycle]
      )
        return [];
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
        } as StampedEvent),
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
      const adjusted = {
        ...pointsContext(state, meta, request, newPoint),
        type: T.PointsAdjusted,
        points: request.points,
      };
      const upgrades =
        request.points > 0 ? upgradeFor(state, state.tierPoint + request.points, command.tiers, meta) : [];
      return [adjusted, ...upgrades];
    }
    case 'ResetPoints': {
      requireEnrolled(state);
      const { request } = command;
      requirePoints(request.points, 'point', { allowZero: true });
      if (replayOf(state, request)) return [];
      return [{ ...pointsContext(state, meta, request, request.points), type: T.PointsReset, resetTo: request.points }];
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
