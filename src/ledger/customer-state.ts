import { because } from '../shared/domain/domain-error';
import { BirthdayShare, initialBirthday } from './birthday/birthday.state';
import { CouponsShare, initialCoupons } from './coupons/coupons.state';
import { EarningLimitShare, initialEarningLimit } from './earning-limit/earning-limit.state';
import { EnrolmentShare, initialEnrolment } from './enrolment/enrolment.state';
import { ExpiryShare, initialExpiry } from './expiry/expiry.state';
import { initialOrders, OrdersShare } from './orders/orders.state';
import { initialPoints, PointsShare } from './points/points.state';
import { initialProgramEarning, ProgramEarningShare } from './program-earning/program-earning.state';
import { initialTiers, TiersShare } from './tiers/tiers.state';
import { initialMembership, MembershipShare } from './enrolment/membership.state';

/**
 * What a customer's stream folds to: what the ledger needs to decide the next command. Each policy
 * folder owns its share (and the evolve cases that write it); this is their sum.
 */
export type CustomerState = EnrolmentShare &
  MembershipShare &
  BirthdayShare &
  PointsShare &
  EarningLimitShare &
  ProgramEarningShare &
  OrdersShare &
  CouponsShare &
  TiersShare &
  ExpiryShare;

export const initialCustomerState = (): CustomerState => ({
  ...initialEnrolment(),
  ...initialMembership(),
  ...initialBirthday(),
  ...initialPoints(),
  ...initialEarningLimit(),
  ...initialProgramEarning(),
  ...initialOrders(),
  ...initialCoupons(),
  ...initialTiers(),
  ...initialExpiry(),
});

/** Every decision but enrolment is about an enrolled customer. */
export function requireEnrolled(state: { enrolled: boolean }): void {
  if (!state.enrolled) throw because.notFound('Customer');
}
