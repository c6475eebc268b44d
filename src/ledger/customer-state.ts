import { because } from '../shared/domain/domain-error';
import { PlatformCustomerId } from '../shared/domain/platform-ids';

/**
 * Each policy's share of a customer's state, by policy: each policy's state file adds its own
 * (`declare module '../customer-state' { interface CustomerShares { points: PointsShare } }`), so
 * this module depends on none of them, and the policies tuple is checked to hold exactly these
 * shares (customer-policies.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CustomerShares {}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** What a customer's stream folds to: what the ledger needs to decide the next command; the sum of the shares. */
export type CustomerState = UnionToIntersection<CustomerShares[keyof CustomerShares]>;

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
