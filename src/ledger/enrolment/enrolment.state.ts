import { CustomerEvent, CustomerEventType as T, saidDetails } from '../customer-events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** Enrolment and profile's share of a customer's state: who the customer is. */
export interface EnrolmentShare {
  enrolled: boolean;
  shopId: string | null;
  customerId: string | null;
  platformCustomerId: PlatformCustomerId | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
  phone: string | null;
  /** null: the platform never said (spec 2.2 tri-state); false: synced, not subscribed. */
  marketingConsent: boolean | null;
  smsMarketingConsent: boolean | null;
  tags: readonly string[];
  segmentIds: readonly string[];
  isB2B: boolean;
  /** The customer's personal data was erased: nothing personal is recorded on the stream again. */
  erased: boolean;
}

export const initialEnrolment = (): EnrolmentShare => ({
  enrolled: false,
  shopId: null,
  customerId: null,
  platformCustomerId: null,
  email: null,
  firstName: null,
  lastName: null,
  acceptsMarketing: false,
  phone: null,
  marketingConsent: null,
  smsMarketingConsent: null,
  tags: [],
  segmentIds: [],
  isB2B: false,
  erased: false,
});

export function evolveEnrolment(_state: EnrolmentShare, event: CustomerEvent): Partial<EnrolmentShare> | undefined {
  switch (event.type) {
    case T.Enrolled:
      return {
        enrolled: true,
        shopId: event.shopId,
        customerId: event.customerId,
        platformCustomerId: event.platformCustomerId,
        email: event.email,
        firstName: event.firstName,
        lastName: event.lastName,
        acceptsMarketing: event.acceptsMarketing,
        ...saidDetails(event.details),
      };
    case T.ProfileUpdated: {
      const {
        phone: _p,
        marketingConsent: _m,
        smsMarketingConsent: _s,
        tags: _t,
        segmentIds: _g,
        isB2B: _b,
        ...rest
      } = event.changes;
      return { ...rest, ...saidDetails(event.changes) };
    }
    case T.PersonalDataErased:
      return { erased: true, email: null, firstName: null, lastName: null, phone: null };
    default:
      return undefined;
  }
}

declare module '../customer-state' {
  interface CustomerShares {
    enrolment: EnrolmentShare;
  }
}
