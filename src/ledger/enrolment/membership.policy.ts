import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { decideJoin, decideLeave, MembershipCommand } from './membership.decisions';
import { evolveMembership, initialMembership, MembershipShare } from './membership.state';

/** What each event type the policy reads does to its share: the keys are the events it reads. */
// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.Enrolled]: evolveMembership,
  [T.MembershipChanged]: evolveMembership,
};

/** Whether the customer takes part in the program (opt-in shops): joining, leaving. */
export const membershipPolicy: CustomerPolicy<MembershipShare, MembershipCommand, keyof typeof evolve> = {
  name: 'membership',
  initial: initialMembership,
  evolve,
  decide: {
    JoinProgram: whenEnrolled(decideJoin),
    LeaveProgram: whenEnrolled(decideLeave),
  },
};
