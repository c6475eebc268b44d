import { birthdayPolicy } from './birthday/birthday.policy';
import { couponsPolicy } from './coupons/coupons.policy';
import { ClaimedTwice, EvolvedByNone, NoneOf, StateOf } from './customer-policy';
import { CustomerState } from './customer-state';
import { earningLimitPolicy } from './earning-limit/earning-limit.policy';
import { enrolmentPolicy } from './enrolment/enrolment.policy';
import { membershipPolicy } from './enrolment/membership.policy';
import { erasurePolicy } from './erasure/erasure.policy';
import { expiryPolicy } from './expiry/expiry.policy';
import { heldPointsPolicy } from './held-points/held-points.policy';
import { impactPolicy } from './impact/domain/impact.policy';
import { milestonesPolicy } from './milestones/domain/milestones.policy';
import { ordersPolicy } from './orders/orders.policy';
import { pointsPolicy } from './points/points.policy';
import { programEarningPolicy } from './program-earning/program-earning.policy';
import { referralsPolicy } from './referrals/domain/referrals.policy';
import { socialLinksPolicy } from './social-links/domain/social-links.policy';
import { streakPolicy } from './streak/domain/streak.policy';
import { submissionsPolicy } from './submissions/domain/submissions.policy';
import { tiersPolicy } from './tiers/tiers.policy';
import { walletPassPolicy } from './wallet-passes/domain/wallet-pass.policy';

/**
 * The customer ledger's policies. An event is folded by the policies that read it in this order:
 * each writes only its own share and sees the state as the ones before it left it (held points
 * update the order the orders policy has just updated). A new policy is one line here.
 */
export const CUSTOMER_POLICIES = [
  enrolmentPolicy,
  membershipPolicy,
  birthdayPolicy,
  pointsPolicy,
  earningLimitPolicy,
  programEarningPolicy,
  ordersPolicy,
  heldPointsPolicy,
  couponsPolicy,
  tiersPolicy,
  expiryPolicy,
  erasurePolicy,
  socialLinksPolicy,
  submissionsPolicy,
  streakPolicy,
  milestonesPolicy,
  referralsPolicy,
  walletPassPolicy,
  impactPolicy,
] as const;

type Policies = typeof CUSTOMER_POLICIES;

// The compiler refuses the tuple when one of these is not empty, and names what is in it.
/** A command type claimed by two policies. */
export type CommandsClaimedTwice = NoneOf<ClaimedTwice<Policies>>;
/** An event type of a customer's stream that no policy reads. */
export type EventsReadByNone = NoneOf<EvolvedByNone<Policies>>;
/** A field of the customer state (its shares) that no policy of the tuple keeps, or one a policy keeps outside it. */
export type SharesOutsideTheTuple = NoneOf<
  Exclude<keyof CustomerState, keyof StateOf<Policies>> | Exclude<keyof StateOf<Policies>, keyof CustomerState>
>;
