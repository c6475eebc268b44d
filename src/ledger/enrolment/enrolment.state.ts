import { CustomerEvent, CustomerEventType as T } from '../events/customer-events';

/** Enrolment and profile's share of a customer's state: who the customer is. */
export interface EnrolmentShare {
  enrolled: boolean;
  shopId: string | null;
  customerId: string | null;
  platformCustomerId: number | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  acceptsMarketing: boolean;
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
      };
    case T.ProfileUpdated:
      return event.changes;
    default:
      return undefined;
  }
}
