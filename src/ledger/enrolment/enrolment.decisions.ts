import { ActiveProgram, isActive } from '../../programs/domain/order-earning';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { CustomerState, EnrolledCustomer, enrolledOrNotFound } from '../customer-state';
import {
  CustomerEnrolled,
  customerEnrolled,
  CustomerProfileUpdated,
  PlatformCustomer,
  PointsAwarded,
  pointsAwarded,
  ProfileDetails,
  profileUpdated,
} from '../customer-events';
import { earningRoom } from '../earning-limit/earning-limit.decisions';
import { pointsContext, PointsRequest } from '../points/points.decisions';
import { evolveTiers } from '../tiers/tiers.state';
import { evolveEnrolment } from './enrolment.state';
import { isPaidBy } from '../../programs/kinds/kinds';

export type EnrolmentCommand =
  | (PlatformCustomer & {
      type: 'EnrolCustomer';
      meta: CommandMeta;
      baseTier: TierRung | null;
      source: string;
      /** The active sign_up program, if any: its points are paid with the enrolment. */
      signUp?: SignUpProgram | null;
      tiers?: TierRung[];
      earningLimit?: EarningLimitPolicy | null;
      /** The shop runs opt-in enrolment: the customer is a guest (no sign-up points) until they join. */
      optIn?: boolean;
      details?: ProfileDetails;
    })
  | {
      type: 'UpdateProfile';
      meta: CommandMeta;
      email?: string | null;
      firstName?: string | null;
      lastName?: string | null;
      acceptsMarketing?: boolean;
      details?: ProfileDetails;
      source: string;
    };

export interface SignUpProgram {
  programId: string;
  programTitle: string;
  points: number;
}

/** The shop's sign-up program active at `at` (the highest priority when several are), which enrolling or joining pays. */
export function activeSignUp(programs: ActiveProgram[], at: string): SignUpProgram | null {
  const signUp = programs
    .filter((p) => p.kind === 'earning' && isPaidBy(p.event, 'enrolment') && isActive(p, at))
    .sort((a, b) => b.settings.priority - a.settings.priority)[0];
  return signUp
    ? { programId: signUp.id, programTitle: signUp.settings.title, points: signUp.settings.earnPoint }
    : null;
}

/**
 * The sign-up program's points, paid to the customer as they are once enrolled (or joined): their
 * identity, their base tier's earning cap. None when the earning limit leaves no room.
 */
export function signUpPayment(
  after: EnrolledCustomer,
  meta: CommandMeta,
  signUp: SignUpProgram,
  earningLimit: EarningLimitPolicy | null | undefined,
  source: string,
): PointsAwarded[] {
  const points = Math.min(signUp.points, earningRoom(after, earningLimit, meta.occurredAt));
  if (points <= 0) return [];
  const request: PointsRequest = { points, source, event: 'sign_up', reason: null };
  return [
    pointsAwarded(pointsContext(after, meta, request, points), {
      points,
      program: { programId: signUp.programId, programTitle: signUp.programTitle, earnBy: 'flat', rateMoney: null },
      order: null,
    }),
  ];
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

export type EnrolCustomer = Extract<EnrolmentCommand, { type: 'EnrolCustomer' }>;
export type UpdateProfile = Extract<EnrolmentCommand, { type: 'UpdateProfile' }>;

/** Enrolment, once: a second enrolment changes nothing. Pays the sign-up program's points, but not to a guest. */
export function decideEnrolCustomer(
  command: EnrolCustomer,
  state: CustomerState,
): Array<CustomerEnrolled | PointsAwarded> {
  if (state.enrolled) return [];
  const { meta } = command;
  const enrolled = customerEnrolled(meta, {
    platformCustomerId: command.platformCustomerId,
    email: command.email,
    firstName: command.firstName,
    lastName: command.lastName,
    acceptsMarketing: command.acceptsMarketing,
    platformCreatedAt: command.platformCreatedAt,
    tierId: command.baseTier?.id ?? null,
    tierName: command.baseTier?.name ?? null,
    source: command.source,
    ...(command.optIn ? { membership: 'guest' as const } : {}),
    ...(command.details && Object.keys(command.details).length ? { details: command.details } : {}),
  });
  // A guest earns nothing, sign-up included, until they join.
  if (!command.signUp || command.optIn) return [enrolled];
  const after = enrolledOrNotFound({
    ...state,
    ...evolveEnrolment(state, enrolled),
    ...evolveTiers(state, enrolled),
  });
  return [enrolled, ...signUpPayment(after, meta, command.signUp, command.earningLimit, command.source)];
}

/** The profile fields the platform changed; after an erasure, only the ones that are not personal. */
export function decideProfileUpdate(command: UpdateProfile, state: EnrolledCustomer): CustomerProfileUpdated[] {
  const changes: CustomerProfileUpdated['changes'] = {};
  if (command.email !== undefined && command.email !== state.email) changes.email = command.email;
  if (command.firstName !== undefined && command.firstName !== state.firstName) changes.firstName = command.firstName;
  if (command.lastName !== undefined && command.lastName !== state.lastName) changes.lastName = command.lastName;
  if (command.acceptsMarketing !== undefined && command.acceptsMarketing !== state.acceptsMarketing)
    changes.acceptsMarketing = command.acceptsMarketing;
  const details = command.details ?? {};
  if (details.phone !== undefined && details.phone !== state.phone) changes.phone = details.phone;
  if (details.marketingConsent !== undefined && details.marketingConsent !== state.marketingConsent)
    changes.marketingConsent = details.marketingConsent;
  if (details.smsMarketingConsent !== undefined && details.smsMarketingConsent !== state.smsMarketingConsent)
    changes.smsMarketingConsent = details.smsMarketingConsent;
  if (details.tags !== undefined && !sameList(details.tags, state.tags)) changes.tags = details.tags;
  if (details.segmentIds !== undefined && !sameList(details.segmentIds, state.segmentIds))
    changes.segmentIds = details.segmentIds;
  if (details.isB2B !== undefined && details.isB2B !== state.isB2B) changes.isB2B = details.isB2B;
  const kept = state.erased ? withoutPersonalChanges(changes) : changes;
  if (Object.keys(kept).length === 0) return [];
  return [profileUpdated(command.meta, { changes: kept, source: command.source })];
}

/**
 * After an erasure, later platform updates do not bring the customer's personal data back: only
 * consents, tags, segments and the B2B flag are still recorded.
 */
function withoutPersonalChanges(changes: CustomerProfileUpdated['changes']): CustomerProfileUpdated['changes'] {
  const { email: _e, firstName: _f, lastName: _l, phone: _p, ...kept } = changes;
  return kept;
}
