import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { Membership } from './membership.events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Enrolment and profile. */

/**
 * Profile fields the platform reports, recorded when a payload carries them (absent: never synced).
 * Consents are what the platform says: true subscribed, false not subscribed.
 */
export interface ProfileDetails {
  phone?: string | null;
  marketingConsent?: boolean;
  smsMarketingConsent?: boolean;
  tags?: string[];
  segmentIds?: string[];
  /** A business (B2B) account: the platform customer belongs to a company. */
  isB2B?: boolean;
}

/** Who the platform says a customer is when they are enrolled (the enrolment command gives it, the event records it). */
export interface PlatformCustomer {
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  /** When the platform says the customer was created (may precede enrolment). */
  platformCreatedAt: string | null;
}

export interface CustomerEnrolled extends CustomerEventBase, PlatformCustomer {
  type: typeof T.Enrolled;
  tierId: string | null;
  tierName: string | null;
  source: string;
  /** Absent on events recorded before opt-in enrolment existed: a member. */
  membership?: Membership;
  details?: ProfileDetails;
}

export interface CustomerProfileUpdated extends CustomerEventBase {
  type: typeof T.ProfileUpdated;
  changes: {
    email?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    acceptsMarketing?: boolean;
  } & ProfileDetails;
  source: string;
}

/** The details an event says (fields it does not carry left out). */
export function saidDetails(details: ProfileDetails | undefined): ProfileDetails {
  const said: ProfileDetails = {};
  if (!details) return said;
  if (details.phone !== undefined) said.phone = details.phone;
  if (details.marketingConsent !== undefined) said.marketingConsent = details.marketingConsent;
  if (details.smsMarketingConsent !== undefined) said.smsMarketingConsent = details.smsMarketingConsent;
  if (details.tags !== undefined) said.tags = [...details.tags];
  if (details.segmentIds !== undefined) said.segmentIds = [...details.segmentIds];
  if (details.isB2B !== undefined) said.isB2B = details.isB2B;
  return said;
}

export const customerEnrolled: EventBuilder<CustomerEnrolled> = eventBuilder(T.Enrolled);
export const profileUpdated: EventBuilder<CustomerProfileUpdated> = eventBuilder(T.ProfileUpdated);
