import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';

/** Membership of the loyalty program (opt-in enrolment). */

/** `guest`: has not joined (opt-in shops); `member`: joined; `left`: left the program (cannot rejoin here). */
export type Membership = 'guest' | 'member' | 'left';

export interface MembershipChanged extends CustomerEventBase {
  type: typeof T.MembershipChanged;
  membership: Membership;
  /** Where a join came from (the storefront's `joinFrom`, e.g. `loyalty_page`); null otherwise. */
  joinFrom: string | null;
  source: string;
}

export const membershipChanged: EventBuilder<MembershipChanged> = eventBuilder(T.MembershipChanged);

/** Membership after an event that sets it (enrolment, a membership change); undefined for other events. */
export function membershipAfter(event: {
  type: string;
  occurredAt: string;
  membership?: Membership;
}): { membership: Membership; joinedAt?: string | null } | undefined {
  if (event.type === T.Enrolled) {
    const membership = event.membership ?? 'member';
    return { membership, joinedAt: membership === 'member' ? event.occurredAt : null };
  }
  if (event.type === T.MembershipChanged && event.membership)
    return event.membership === 'member'
      ? { membership: 'member', joinedAt: event.occurredAt }
      : { membership: event.membership };
  return undefined;
}

/** Only members earn from programs (guests earn nothing until they join; those who left, nothing). */
export const earnsFromPrograms = (state: { membership: Membership }) => state.membership === 'member';
