import { assertNever } from '../../shared/domain/decider';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { CustomerState, requireEnrolled } from '../customer-state';
import {
  CustomerEnrolled,
  customerEnrolled,
  CustomerProfileUpdated,
  PointsAwarded,
  pointsAwarded,
  profileUpdated,
} from '../events/customer-events';
import { earningRoom } from '../earning-limit/earning-limit.decisions';
import { pointsContext, PointsRequest } from '../points/points.decisions';
import { evolveTiers } from '../tiers/tiers.state';
import { evolveEnrolment } from './enrolment.state';

export type EnrolmentCommand =
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
    };

type EnrolmentDecision = CustomerEnrolled | CustomerProfileUpdated | PointsAwarded;

/** Enrolment (once: a second enrolment changes nothing, with the sign-up program's points) and profile changes. */
export function decideEnrolment(command: EnrolmentCommand, state: CustomerState): EnrolmentDecision[] {
  const { meta } = command;
  switch (command.type) {
    case 'EnrolCustomer': {
      if (state.enrolled) return [];
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
      });
      const signUp = command.signUp;
      if (!signUp) return [enrolled];
      // Sign-up points are paid to the customer as enrolled: their identity, their base tier's earning cap.
      const after: CustomerState = {
        ...state,
        ...evolveEnrolment(state, enrolled),
        ...evolveTiers(state, enrolled),
      };
      const points = Math.min(signUp.points, earningRoom(after, command.earningLimit, meta.occurredAt));
      if (points <= 0) return [enrolled];
      const request: PointsRequest = { points, source: command.source, event: 'sign_up', reason: null };
      const awarded = pointsAwarded(pointsContext(after, meta, request, points), {
        points,
        program: { programId: signUp.programId, programTitle: signUp.programTitle, earnBy: 'flat', rateMoney: null },
        order: null,
      });
      return [enrolled, awarded];
    }
    case 'UpdateProfile': {
      requireEnrolled(state);
      const changes: CustomerProfileUpdated['changes'] = {};
      if (command.email !== undefined && command.email !== state.email) changes.email = command.email;
      if (command.firstName !== undefined && command.firstName !== state.firstName)
        changes.firstName = command.firstName;
      if (command.lastName !== undefined && command.lastName !== state.lastName) changes.lastName = command.lastName;
      if (command.acceptsMarketing !== undefined && command.acceptsMarketing !== state.acceptsMarketing)
        changes.acceptsMarketing = command.acceptsMarketing;
      if (Object.keys(changes).length === 0) return [];
      return [profileUpdated(meta, { changes, source: command.source })];
    }
    default:
      return assertNever(command);
  }
}
