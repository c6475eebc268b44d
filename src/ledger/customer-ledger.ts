import { callPerType, Decider, PerType } from '../shared/domain/decider';
import { CustomerState, initialCustomerState } from './customer-state';
import { CustomerEvent } from './customer-events';
import { decideBirthday, SetBirthday } from './birthday/birthday.decisions';
import { evolveBirthday } from './birthday/birthday.state';
import { CouponsCommand, decideCoupons } from './coupons/coupons.decisions';
import { evolveCoupons } from './coupons/coupons.state';
import { evolveEarningLimit } from './earning-limit/earning-limit.state';
import { decideEnrolment, EnrolmentCommand } from './enrolment/enrolment.decisions';
import { evolveEnrolment } from './enrolment/enrolment.state';
import { decideExpiry, ExpiryCommand } from './expiry/expiry.decisions';
import { evolveExpiry } from './expiry/expiry.state';
import { decideHeldPoints, ReleasePendingPoints } from './held-points/held-points.decisions';
import { evolveHeldPoints } from './held-points/held-points.state';
import { decideOrders, OrdersCommand } from './orders/orders.decisions';
import { evolveOrders } from './orders/orders.state';
import { decidePoints, PointsCommand } from './points/points.decisions';
import { evolvePoints } from './points/points.state';
import { decideProgramEarning, EarnFromProgram } from './program-earning/program-earning.decisions';
import { evolveProgramEarning } from './program-earning/program-earning.state';
import { decideTiers, followTierLadder, TiersCommand } from './tiers/tiers.decisions';
import { evolveTiers } from './tiers/tiers.state';
import { decideMembership, MembershipCommand } from './enrolment/membership.decisions';
import { evolveMembership } from './enrolment/membership.state';
import { decideErasure, EraseCustomer } from './erasure/erasure.decisions';
import { assertAmounts } from './amounts/amounts.invariant';
import { decideSocialLinks, SocialLinksCommand } from './social-links/domain/social-links.decisions';
import { evolveSocialLinks } from './social-links/domain/social-links.state';
import { ChatLinkCommand, decideChatLink } from './social-links/chat/domain/chat-link.decisions';
import { decideSubmissions, SubmissionsCommand } from './submissions/domain/submissions.decisions';
import { evolveSubmissions } from './submissions/domain/submissions.state';
import { ClaimStreakDay, decideStreakDay } from './streak/domain/streak.decisions';
import { evolveStreak } from './streak/domain/streak.state';
import { ChooseBirthdayRewards, decideBirthdayChoice } from './birthday/birthday-choice.decisions';
import {
  ClaimMilestoneStep,
  decideMilestoneClaim,
  decideMilestonesReached,
  RecordMilestonesReached,
} from './milestones/domain/milestones.decisions';
import { evolveMilestones } from './milestones/domain/milestones.state';
import { AttributeReferral, decideAttribution, followReferral } from './referrals/domain/friend.decisions';
import { decideReferrals, ReferralsCommand } from './referrals/domain/referrer.decisions';
import { evolveReferrals } from './referrals/domain/referrals.state';
import { decideWalletPass, WalletPassCommand } from './wallet-passes/domain/wallet-pass.decisions';
import { evolveWalletPass } from './wallet-passes/domain/wallet-pass.state';
import { decideImpact, ImpactCommand } from './impact/domain/impact.decisions';
import { evolveImpact } from './impact/domain/impact.state';

/**
 * The customer ledger: one customer's stream of points, tiers, orders and coupons, decided by one
 * decider. Each policy has a folder with its commands, decisions, share of the state and evolve
 * cases; this file composes them.
 */
export type CustomerCommand =
  | EnrolmentCommand
  | SetBirthday
  | PointsCommand
  | EarnFromProgram
  | OrdersCommand
  | ReleasePendingPoints
  | CouponsCommand
  | TiersCommand
  | ExpiryCommand
  | MembershipCommand
  | EraseCustomer
  | SocialLinksCommand
  | ChatLinkCommand
  | SubmissionsCommand
  | ClaimStreakDay
  | ChooseBirthdayRewards
  | ClaimMilestoneStep
  | RecordMilestonesReached
  | AttributeReferral
  | ReferralsCommand
  | WalletPassCommand
  | ImpactCommand;

/**
 * Each policy's evolve cases, in this order: each writes only its own share, and sees the state as
 * the ones before it left it (held points update the order the orders policy has just updated).
 */
const EVOLVE_CASES: Array<(state: CustomerState, event: CustomerEvent) => Partial<CustomerState> | undefined> = [
  evolveEnrolment,
  evolveMembership,
  evolveBirthday,
  evolvePoints,
  evolveEarningLimit,
  evolveProgramEarning,
  evolveOrders,
  evolveHeldPoints,
  evolveCoupons,
  evolveTiers,
  evolveExpiry,
  evolveSocialLinks,
  evolveSubmissions,
  evolveStreak,
  evolveMilestones,
  evolveReferrals,
  evolveWalletPass,
  evolveImpact,
];

/**
 * The same fold for a caller that owns `state` and keeps no earlier version of it (an audit replay,
 * an as-of read): each policy's change is written into it, without the copy per event (folding a
 * 10,000-event stream: about a quarter less time).
 */
export function evolveOwnedCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  for (const evolve of EVOLVE_CASES) {
    const change = evolve(state, event);
    if (change) Object.assign(state, change);
  }
  return state;
}

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  // One copy of the state per event, which each policy's change is written into in turn (a copy per
  // policy made folding a long stream, for an audit replay, several times slower).
  let next: CustomerState | null = null;
  for (const evolve of EVOLVE_CASES) {
    const change = evolve(next ?? state, event);
    if (change) next = Object.assign(next ?? { ...state }, change);
  }
  return next ?? state;
}

/** Which policy decides each command. */
const DECIDERS: PerType<CustomerCommand, CustomerEvent[], [CustomerState]> = {
  EnrolCustomer: decideEnrolment,
  UpdateProfile: decideEnrolment,
  SetBirthday: decideBirthday,
  AwardPoints: decidePoints,
  DeductPoints: decidePoints,
  AdjustPoints: decidePoints,
  ResetPoints: decidePoints,
  EarnFromProgram: decideProgramEarning,
  RecordOrder: decideOrders,
  CancelOrder: decideOrders,
  RecordRefund: decideOrders,
  ReleasePendingPoints: decideHeldPoints,
  RedeemReward: decideCoupons,
  RefundCoupon: decideCoupons,
  ExpireCoupon: decideCoupons,
  GrantCoupon: decideCoupons,
  ChangeTier: decideTiers,
  AssessTier: decideTiers,
  WarnTierReview: decideTiers,
  ExpirePoints: decideExpiry,
  WarnExpiry: decideExpiry,
  JoinProgram: decideMembership,
  LeaveProgram: decideMembership,
  EraseCustomer: decideErasure,
  LinkPhoto: decideSocialLinks,
  UnlinkPhoto: decideSocialLinks,
  LinkFeed: decideSocialLinks,
  DisconnectFeed: decideSocialLinks,
  StartChatLogin: decideChatLink,
  LinkChat: decideChatLink,
  SetChatFollow: decideChatLink,
  SubmitEntry: decideSubmissions,
  DecideSubmission: decideSubmissions,
  ClaimStreakDay: decideStreakDay,
  ChooseBirthdayRewards: decideBirthdayChoice,
  ClaimMilestoneStep: decideMilestoneClaim,
  RecordMilestonesReached: decideMilestonesReached,
  AttributeReferral: decideAttribution,
  CreateReferralLink: decideReferrals,
  NoteReferralFriend: decideReferrals,
  QualifyReferral: decideReferrals,
  PayReferralRewards: decideReferrals,
  CancelReferralReward: decideReferrals,
  GrantReferralCoupon: decideReferrals,
  RecordAlphaPass: decideWalletPass,
  ClearAlphaPass: decideWalletPass,
  RedeemImpact: decideImpact,
  RecordImpactOutcome: decideImpact,
};

/**
 * A policy decides; then the friend's side of a referral follows an order's decision (attribution by
 * its code, qualification, disqualification); then the tier ladder follows what the decision did to
 * the tier point; then the amounts invariant checks every point value the decision would record.
 */
export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  const decided = followReferral(command, state, callPerType(DECIDERS, command.type, command, state), evolveCustomer);
  return assertAmounts(followTierLadder(command, state, decided, evolveCustomer));
}

export const customerLedger: Decider<CustomerState, CustomerCommand, CustomerEvent> = {
  initialState: initialCustomerState,
  evolve: evolveCustomer,
  decide: decideCustomer,
};
