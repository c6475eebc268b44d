import { because } from '../shared/domain/domain-error';
import { PlatformCustomerId } from '../shared/domain/platform-ids';
import type { CUSTOMER_POLICIES } from './customer-policies';
import type { StateOf } from './customer-policy';

/**
 * What a customer's stream folds to: what the ledger needs to decide the next command. Each policy
 * owns its share (and the evolve cases that write it); this is their sum, over the policies tuple.
 */
export type CustomerState = StateOf<typeof CUSTOMER_POLICIES>;

/** The state of an enrolled customer: who they are is known. */
export type EnrolledCustomer = CustomerState & {
  enrolled: true;
  shopId: string;
  customerId: string;
  platformCustomerId: PlatformCustomerId;
};

export function isEnrolled(state: CustomerState): state is EnrolledCustomer {
  return state.enrolled && state.shopId !== null && state.customerId !== null && state.platformCustomerId !== null;
}

/** Every decision but enrolment is about an enrolled customer: the state as theirs, or not found. */
export function enrolledOrNotFound(state: CustomerState): EnrolledCustomer {
  if (!isEnrolled(state)) throw because.notFound('Customer');
  return state;
}
