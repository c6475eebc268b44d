import { CustomerEvent, Membership, membershipAfter } from '../customer-events';

/** Membership's share: whether the customer has joined the loyalty program (opt-in shops), and when. */
export interface MembershipShare {
  membership: Membership;
  /** When the customer last became a member (enrolment on shops without opt-in). */
  joinedAt: string | null;
}

export const initialMembership = (): MembershipShare => ({ membership: 'member', joinedAt: null });

export function evolveMembership(_state: MembershipShare, event: CustomerEvent): Partial<MembershipShare> | undefined {
  return membershipAfter(event);
}

declare module '../customer-state' {
  interface CustomerShares {
    membership: MembershipShare;
  }
}
