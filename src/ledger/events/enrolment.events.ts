import { CommandMeta, CustomerEventBase, EventFields, stamp } from '../customer-stream';
import { CustomerEventType as T } from './customer-event-types';

/** Enrolment and profile. */

export interface CustomerEnrolled extends CustomerEventBase {
  type: typeof T.Enrolled;
  platformCustomerId: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  /** When the platform says the customer was created (may precede enrolment). */
  platformCreatedAt: string | null;
  tierId: string | null;
  tierName: string | null;
  source: string;
}

export interface CustomerProfileUpdated extends CustomerEventBase {
  type: typeof T.ProfileUpdated;
  changes: { email?: string | null; firstName?: string | null; lastName?: string | null; acceptsMarketing?: boolean };
  source: string;
}

export const customerEnrolled = (meta: CommandMeta, fields: EventFields<CustomerEnrolled>): CustomerEnrolled => ({
  type: T.Enrolled,
  ...stamp(meta),
  ...fields,
});

export const profileUpdated = (
  meta: CommandMeta,
  fields: EventFields<CustomerProfileUpdated>,
): CustomerProfileUpdated => ({ type: T.ProfileUpdated, ...stamp(meta), ...fields });
