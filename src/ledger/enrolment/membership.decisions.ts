import { because } from '../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { CommandMeta } from '../customer-stream';
import { EnrolledCustomer } from '../customer-state';
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

export type JoinProgram = Extract<MembershipCommand, { type: 'JoinProgram' }>;
export type LeaveProgram = Extract<MembershipCommand, { type: 'LeaveProgram' }>;

/** A guest joins, and is paid the sign-up program they were not paid at enrolment. */
export function decideJoin(command: JoinProgram, state: EnrolledCustomer): Array<MembershipChanged | PointsAwarded> {
  if (state.membership === 'left') throw notEligible('This customer has left the loyalty program');
  if (command.excludeB2B && state.isB2B) throw notEligible('Business (B2B) accounts are not part of the program');
  if (state.membership === 'member') return [];
  const { meta } = command;
  const joined = membershipChanged(meta, { membership: 'member', joinFrom: command.joinFrom, source: command.source });
  if (!command.signUp || state.earnedPrograms[command.signUp.programId]) return [joined];
  const after: EnrolledCustomer = { ...state, ...evolveMembership(state, joined) };
  return [joined, ...signUpPayment(after, meta, command.signUp, command.earningLimit, command.source)];
}

export function decideLeave(command: LeaveProgram, state: EnrolledCustomer): MembershipChanged[] {
  if (state.membership === 'left') return [];
  return [membershipChanged(command.meta, { membership: 'left', joinFrom: null, source: command.source })];
}
