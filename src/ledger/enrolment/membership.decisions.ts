import { assertNever } from '../../shared/domain/decider';
import { because } from '../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { CustomerState, requireEnrolled } from '../customer-state';
import { MembershipChanged, membershipChanged, PointsAwarded } from '../customer-events';
import { SignUpProgram, signUpPayment } from './enrolment.decisions';
import { evolveMembership } from './membership.state';

export type MembershipCommand =
  | {
      /** A guest joins (opt-in enrolment); joining again changes nothing. */
      type: 'JoinProgram';
      meta: CommandMeta;
      joinFrom: string | null;
      source: string;
      /** The shop keeps business (B2B) accounts out of its program. */
      excludeB2B: boolean;
      /** The active sign_up program: a guest was not paid it at enrolment, so joining pays it. */
      signUp?: SignUpProgram | null;
      earningLimit?: EarningLimitPolicy | null;
      tiers?: TierRung[];
    }
  | { type: 'LeaveProgram'; meta: CommandMeta; source: string };

const notEligible = because.notEligible;

export function decideMembership(
  command: MembershipCommand,
  state: CustomerState,
): Array<MembershipChanged | PointsAwarded> {
  requireEnrolled(state);
  const { meta } = command;
  switch (command.type) {
    case 'JoinProgram': {
      if (state.membership === 'left') throw notEligible('This customer has left the loyalty program');
      if (command.excludeB2B && state.isB2B) throw notEligible('Business (B2B) accounts are not part of the program');
      if (state.membership === 'member') return [];
      const joined = membershipChanged(meta, {
        membership: 'member',
        joinFrom: command.joinFrom,
        source: command.source,
      });
      if (!command.signUp || state.earnedPrograms[command.signUp.programId]) return [joined];
      const after: CustomerState = { ...state, ...evolveMembership(state, joined) };
      return [joined, ...signUpPayment(after, meta, command.signUp, command.earningLimit, command.source)];
    }
    case 'LeaveProgram':
      if (state.membership === 'left') return [];
      return [membershipChanged(meta, { membership: 'left', joinFrom: null, source: command.source })];
    default:
      return assertNever(command);
  }
}
