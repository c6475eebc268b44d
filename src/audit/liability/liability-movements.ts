import { callPerType, PerType } from '../../shared/domain/decider';
import { CustomerEvent, PointsAwarded } from '../../ledger/customer-events';
import { isPaidBy } from '../../programs/kinds/kinds';

/**
 * The points liability's movements: what one day (or a period, or the whole log) did to the points
 * customers hold. Every figure is a whole number of points; the balance figures satisfy
 *   opening + issued - redeemed - expired + adjusted - reversed = closing
 * where `issued` is the sum of the six sources and `redeemed` is `redeemedSpent - couponRefunds`.
 * Held order points are apart: they are not in the balance until released (then they are issued).
 */
export interface LiabilityFigures {
  /** Issued, by source: order points (paid at once or released after the hold). */
  issuedOrders: number;
  /** Earning programs other than orders, milestones and referrals (sign-up, birthday, social...). */
  issuedPrograms: number;
  /** Bonus points of a tier entered. */
  issuedTierRewards: number;
  issuedMilestones: number;
  issuedReferrals: number;
  /** Awarded by the merchant (API, admin) or by no program. */
  issuedManual: number;
  /** Spent on rewards. */
  redeemedSpent: number;
  /** Given back with a refunded coupon: a negative redemption. */
  couponRefunds: number;
  expired: number;
  /** Signed: adjustments, deductions (negative), resets (to the new balance). */
  adjusted: number;
  /** Taken back because an order was refunded or cancelled. */
  reversed: number;
  /** Held order points: newly held, released into the balance, cancelled with their order. */
  pendingHeld: number;
  pendingReleased: number;
  pendingCancelled: number;
  /** Customers whose balance went from 0 to more (gained) or back to 0 (lost). */
  customersGained: number;
  customersLost: number;
}

export const LIABILITY_FIGURES = [
  'issuedOrders',
  'issuedPrograms',
  'issuedTierRewards',
  'issuedMilestones',
  'issuedReferrals',
  'issuedManual',
  'redeemedSpent',
  'couponRefunds',
  'expired',
  'adjusted',
  'reversed',
  'pendingHeld',
  'pendingReleased',
  'pendingCancelled',
  'customersGained',
  'customersLost',
] as const satisfies ReadonlyArray<keyof LiabilityFigures>;

export type LiabilityFigure = (typeof LIABILITY_FIGURES)[number];

export const noFigures = (): LiabilityFigures =>
  Object.fromEntries(LIABILITY_FIGURES.map((f) => [f, 0])) as unknown as LiabilityFigures;

/** `into += more`, figure by figure. */
export function addFigures(into: LiabilityFigures, more: Partial<LiabilityFigures>): LiabilityFigures {
  for (const f of LIABILITY_FIGURES) if (more[f]) into[f] += more[f];
  return into;
}

/** What the balance moved by: issued minus redeemed, expired and reversed, plus adjusted. */
export function balanceChange(f: LiabilityFigures): number {
  const issued =
    f.issuedOrders + f.issuedPrograms + f.issuedTierRewards + f.issuedMilestones + f.issuedReferrals + f.issuedManual;
  return issued - (f.redeemedSpent - f.couponRefunds) - f.expired + f.adjusted - f.reversed;
}

/** What held points moved by. */
export const pendingChange = (f: LiabilityFigures): number => f.pendingHeld - f.pendingReleased - f.pendingCancelled;

/**
 * One customer as the liability follows them: the balance the ledger's fold gives (every balance
 * change records its new balance) and the points held on each order (absent: none).
 */
export interface LiabilityPosition {
  balance: number;
  held: Readonly<Record<string, number>>;
}

export const NO_POSITION: LiabilityPosition = { balance: 0, held: {} };

export type IssueSource =
  'issuedOrders' | 'issuedPrograms' | 'issuedTierRewards' | 'issuedMilestones' | 'issuedReferrals' | 'issuedManual';

/** Where awarded points come from: the tier reward, the order, the program's kind, or the merchant. */
export function issueSource(e: PointsAwarded): IssueSource {
  if (e.tierReward) return 'issuedTierRewards';
  if (e.releasesPending || e.order || isPaidBy(e.event, 'order')) return 'issuedOrders';
  if (isPaidBy(e.event, 'milestone')) return 'issuedMilestones';
  if (isPaidBy(e.event, 'referral')) return 'issuedReferrals';
  if (e.program?.programId) return 'issuedPrograms';
  return 'issuedManual';
}

/** What a balance change moved: the balance it records minus the one before it (exactly the fold's). */
const moved = (e: { newPoint: number }, before: LiabilityPosition) => e.newPoint - before.balance;

/** Held points of an order set to `after`: the change, as figures. */
function heldSet(
  before: LiabilityPosition,
  orderId: string,
  after: number,
  as: LiabilityFigure,
): Partial<LiabilityFigures> {
  const change = after - (before.held[orderId] ?? 0);
  return change === 0 ? {} : { [as]: as === 'pendingHeld' ? change : -change };
}

const none = () => ({});

/**
 * Every customer event's movement, in one table keyed by event type: the compiler refuses a new
 * event type until it is classified here. Balance changes take their amount from the balances the
 * events record (so the figures add up to the ledger's own balances); held points follow the held
 * amount each event sets on its order, as the ledger's fold does.
 */
const MOVEMENTS: PerType<CustomerEvent, Partial<LiabilityFigures>, [LiabilityPosition]> = {
  'points.awarded.v1': (e, before) => {
    const released = e.releasesPending && e.order ? heldSet(before, e.order.orderId, 0, 'pendingReleased') : {};
    return { [issueSource(e)]: moved(e, before), ...released };
  },
  'points.deducted.v1': (e, before) => ({ adjusted: moved(e, before) }),
  'points.adjusted.v1': (e, before) => ({ adjusted: moved(e, before) }),
  'points.reset.v1': (e, before) => ({ adjusted: moved(e, before) }),
  'points.revoked.v1': (e, before) => ({ reversed: -moved(e, before) }),
  'points.redeemed.v1': (e, before) => ({ redeemedSpent: -moved(e, before) }),
  'points.coupon-refunded.v1': (e, before) => ({ couponRefunds: moved(e, before) }),
  'points.expired.v1': (e, before) => ({ expired: -moved(e, before) }),
  'points.pending.v1': (e, before) => heldSet(before, e.order.orderId, e.points, 'pendingHeld'),
  'points.pending-cancelled.v1': (e, before) => heldSet(before, e.orderId, e.remaining, 'pendingCancelled'),
  // No points move: enrolment, profile, orders themselves (their points are the events above),
  // coupons used, granted or expired (bought with points already counted, or free), warnings,
  // tiers (their bonus is an award), membership, erasure (figures stay; nothing personal is read),
  // submissions and streak check-ins, referrals (what they pay or take back is the PointsAwarded or
  // PointsRevoked recorded with them).
  'customer.enrolled.v1': none,
  'customer.profile-updated.v1': none,
  'customer.birthday-set.v1': none,
  'reward.coupon-used.v1': none,
  'points.expiry-warned.v1': none,
  'tier.changed.v1': none,
  'order.recorded.v1': none,
  'order.cancelled.v1': none,
  'order.refund-recorded.v1': none,
  'tier.retained.v1': none,
  'reward.coupon-granted.v1': none,
  'reward.coupon-expired.v1': none,
  'tier.review-warned.v1': none,
  'customer.membership-changed.v1': none,
  'customer.personal-data-erased.v1': none,
  'social.photo-linked.v1': none,
  'social.photo-unlinked.v1': none,
  'social.feed-linked.v1': none,
  'social.feed-disconnected.v1': none,
  'social.chat-login-started.v1': none,
  'social.chat-linked.v1': none,
  'social.chat-follow-changed.v1': none,
  'wallet.alpha-pass-created.v1': none,
  'wallet.alpha-pass-cleared.v1': none,
  'submission.received.v1': none,
  'submission.approved.v1': none,
  'submission.rejected.v1': none,
  'streak.day-claimed.v1': none,
  // What a claim pays is the PointsAwarded recorded with it (issued as a milestone's).
  'milestone.step-reached.v1': none,
  'milestone.step-claimed.v1': none,
  'milestone.gift-chosen.v1': none,
  'referral.attributed.v1': none,
  'referral.refused.v1': none,
  'referral.qualified.v1': none,
  'referral.disqualified.v1': none,
  'referral.link-created.v1': none,
  'referral.friend-noted.v1': none,
  'referral.friend-qualified.v1': none,
  'referral.reward-earned.v1': none,
  'referral.reward-cancelled.v1': none,
  'referral.refund-after-reward.v1': none,
  // An impact contribution's points are the PointsRedeemed recorded with it (redeemed) and, when the
  // provider fails, the CouponRefunded recorded with its refund (a negative redemption).
  'impact.recorded.v1': none,
  'impact.status-changed.v1': none,
};

/** The customer event types that move points or held points (what the liability projection reads). */
export const LIABILITY_EVENT_TYPES: readonly CustomerEvent['type'][] = [
  'points.awarded.v1',
  'points.deducted.v1',
  'points.adjusted.v1',
  'points.reset.v1',
  'points.revoked.v1',
  'points.redeemed.v1',
  'points.coupon-refunded.v1',
  'points.expired.v1',
  'points.pending.v1',
  'points.pending-cancelled.v1',
];

/** The position after a movement (balance changes set the recorded balance; holds set their order's). */
function positionAfter(
  e: CustomerEvent,
  before: LiabilityPosition,
  figures: Partial<LiabilityFigures>,
): LiabilityPosition {
  const balance = 'newPoint' in e ? e.newPoint : before.balance;
  const orderId =
    e.type === 'points.pending.v1'
      ? e.order.orderId
      : e.type === 'points.pending-cancelled.v1'
        ? e.orderId
        : e.type === 'points.awarded.v1' && figures.pendingReleased !== undefined
          ? e.order!.orderId
          : null;
  if (orderId === null) return balance === before.balance ? before : { balance, held: before.held };
  const heldNow =
    e.type === 'points.pending.v1' ? e.points : e.type === 'points.pending-cancelled.v1' ? e.remaining : 0;
  const held = { ...before.held };
  if (heldNow > 0) held[orderId] = heldNow;
  else delete held[orderId];
  return { balance, held };
}

/**
 * One event's movement of the liability, given the customer's position before it: the figures it
 * adds (a customer whose balance leaves or returns to 0 counts as gained or lost) and the position
 * after it. The projection, the recompute from the log and the tests all count with this function.
 */
export function liabilityMovement(
  e: CustomerEvent,
  before: LiabilityPosition,
): { figures: Partial<LiabilityFigures>; after: LiabilityPosition } {
  const figures: Partial<LiabilityFigures> = callPerType(MOVEMENTS, e.type, e, before);
  const after = positionAfter(e, before, figures);
  if (before.balance <= 0 && after.balance > 0) figures.customersGained = 1;
  if (before.balance > 0 && after.balance <= 0) figures.customersLost = 1;
  return { figures, after };
}
