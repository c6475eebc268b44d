import { toCents } from '../../../shared/domain/money';
import { CommandMeta } from '../../customer-stream';
import { CustomerState, EnrolledCustomer, enrolledOrNotFound } from '../../customer-state';
import {
  CustomerEvent,
  CustomerEventType as T,
  ReferralAttributed,
  referralAttributed,
  ReferralCancelCause,
  ReferralDisqualified,
  referralDisqualified,
  ReferralQualified,
  referralQualified,
  ReferralRefused,
  referralRefused,
} from '../../customer-events';
import { friendKeyOf, friendLabelOf } from './friend-identity';
import { codeRefusal, CodeUse } from './referral-candidate';
import { ReferralRefusal } from './referral-refusals';

/** The friend came with a code (claimed on the storefront before sign-up; read at sign-up). */
export interface AttributeReferral {
  type: 'AttributeReferral';
  meta: CommandMeta;
  use: CodeUse;
}

/** What a paid order brings to the referral: a code it came with, its subtotal, its fingerprints. */
export interface OrderReferral {
  /** A code the order came with (its discount codes, its landing attribute, a claim of the email); null: none. */
  use: CodeUse | null;
  subtotalCents: number;
  fingerprints: string[];
}

/** The friend is the same person as before: their key and label (from their email; else their id). */
function friendOf(state: EnrolledCustomer) {
  return {
    friendKey: friendKeyOf(state.shopId, state.email, state.customerId),
    friendLabel: friendLabelOf(state.email),
  };
}

/** How much earlier than a claim an account may say it was made (the platform's clock is not ours). */
export const CLAIM_CLOCK_GRACE_MS = 10 * 60_000;

/**
 * Already a customer: an order was recorded before this attribution; or, for a code claimed before
 * sign-up, the account existed before the claim (on the platform, or enrolled here), by more than
 * the clocks' grace.
 */
function alreadyCustomer(state: EnrolledCustomer, use: CodeUse): boolean {
  if (state.orders.size > 0) return true;
  if (use.claim === null || state.referral.customerSince === null) return false;
  return Date.parse(state.referral.customerSince) < Date.parse(use.claim.claimedAt) - CLAIM_CLOCK_GRACE_MS;
}

/** Why this friend may not be attributed by this code now (null: they may). */
function attributionRefusal(state: EnrolledCustomer, use: CodeUse): ReferralRefusal | null {
  return (
    codeRefusal(use.candidate, {
      customerId: state.customerId,
      platformCustomerId: state.platformCustomerId,
      email: state.email,
    }) ??
    (state.referral.referredBy ? 'already_referred' : null) ??
    (alreadyCustomer(state, use) ? 'already_customer' : null)
  );
}

/**
 * The friend is attributed to the code's referrer, once: a friend already referred, already a
 * customer, the referrer themselves, or a code that names no eligible referrer of a running program
 * is refused, and the refusal recorded (once per code and reason). A repeat of the attributed
 * referrer's code changes nothing.
 */
export function attribute(
  state: EnrolledCustomer,
  meta: CommandMeta,
  use: CodeUse,
): Array<ReferralAttributed | ReferralRefused> {
  const { candidate } = use;
  const referrerId = candidate.status === 'found' ? candidate.referrer.customerId : null;
  if (state.referral.referredBy && state.referral.referredBy.referrerId === referrerId) return [];
  const friend = friendOf(state);
  const reason = attributionRefusal(state, use);
  if (reason) {
    if (state.referral.refusals.includes(`${candidate.code}|${reason}`)) return [];
    return [
      referralRefused(meta, {
        referrerId,
        code: candidate.code,
        via: use.via,
        reason,
        ...friend,
        programId: candidate.status === 'found' ? (candidate.terms?.programId ?? null) : null,
      }),
    ];
  }
  // codeRefusal said no to anything else: the code named a referrer of a running program.
  if (candidate.status !== 'found' || !candidate.terms) return [];
  return [
    referralAttributed(meta, {
      referrerId: candidate.referrer.customerId,
      code: candidate.code,
      via: use.via,
      ...friend,
      terms: candidate.terms,
      platformCustomerId: state.platformCustomerId,
      email: state.email,
      claimEventId: use.claim?.eventId ?? null,
    }),
  ];
}

export function decideAttribution(command: AttributeReferral, state: EnrolledCustomer) {
  return attribute(state, command.meta, command.use);
}

/** The least an order must count for, in cents, to qualify the friend (and to stay qualified). */
const minimumCents = (state: Pick<CustomerState, 'referral'>) =>
  toCents(state.referral.referredBy?.terms.rule.minimumSubtotal ?? 0) ?? 0;

/**
 * A paid order: the code it came with attributes the friend first (before the order counts, so it
 * can be their first); then the friend's first order at or above the program's minimum qualifies
 * them, once.
 */
function onPaidOrder(
  command: { meta: CommandMeta; orderId: string; orderName: string | null; referral?: OrderReferral },
  state: EnrolledCustomer,
  decided: CustomerEvent[],
  evolve: (state: CustomerState, event: CustomerEvent) => CustomerState,
): CustomerEvent[] {
  if (!decided.some((e) => e.type === T.OrderRecorded)) return decided;
  const referral = command.referral;
  const attribution = referral?.use ? attribute(state, command.meta, referral.use) : [];
  const events: CustomerEvent[] = [...attribution, ...decided];
  const after = events.reduce<CustomerState>(evolve, state);
  const by = after.referral.referredBy;
  if (!by || by.qualifiedOrderId !== null || by.disqualified || !referral) return events;
  if (referral.subtotalCents < minimumCents(after)) return events;
  const qualified: ReferralQualified = referralQualified(command.meta, {
    referrerId: by.referrerId,
    attributionEventId: by.attributionEventId,
    orderId: command.orderId,
    orderName: command.orderName,
    subtotalCents: referral.subtotalCents,
    fingerprints: referral.fingerprints,
  });
  return [...events, qualified];
}

/** The qualifying order was cancelled, or refunded below the minimum: the friend no longer qualifies. */
function onOrderGone(
  command: { meta: CommandMeta; orderId: string },
  state: EnrolledCustomer,
  decided: CustomerEvent[],
  evolve: (state: CustomerState, event: CustomerEvent) => CustomerState,
): CustomerEvent[] {
  const by = state.referral.referredBy;
  if (!by || by.disqualified || by.qualifiedOrderId !== command.orderId) return decided;
  let cause: ReferralCancelCause | null = null;
  if (decided.some((e) => e.type === T.OrderCancelled)) cause = 'order_cancelled';
  else if (decided.some((e) => e.type === T.RefundRecorded)) {
    const order = decided.reduce<CustomerState>(evolve, state).orders.get(command.orderId);
    if (order && (order.remainingCents <= 0 || order.remainingCents < minimumCents(state))) cause = 'order_refunded';
  }
  if (!cause) return decided;
  const gone: ReferralDisqualified = referralDisqualified(command.meta, {
    referrerId: by.referrerId,
    orderId: command.orderId,
    cause,
  });
  return [...decided, gone];
}

/** What of a command the referral follows: an order's (other commands pass through). */
interface FollowedCommand {
  type: string;
  meta: CommandMeta;
  orderId?: string;
  orderName?: string | null;
  referral?: OrderReferral;
}

/**
 * After an order's decision, the friend's side of a referral follows it (as the tier ladder follows
 * every decision): attribution by the order's code, qualification by the first qualifying order, and
 * disqualification when that order goes away.
 */
export function followReferral(
  command: FollowedCommand,
  state: CustomerState,
  decided: CustomerEvent[],
  evolve: (state: CustomerState, event: CustomerEvent) => CustomerState,
): CustomerEvent[] {
  const { type, meta, orderId } = command;
  if (orderId === undefined) return decided;
  // Only an enrolled customer's orders are decided (an order's command is refused before).
  const enrolled = enrolledOrNotFound(state);
  if (type === 'RecordOrder')
    return onPaidOrder(
      { meta, orderId, orderName: command.orderName ?? null, referral: command.referral },
      enrolled,
      decided,
      evolve,
    );
  if (type === 'CancelOrder' || type === 'RecordRefund')
    return onOrderGone({ meta, orderId }, enrolled, decided, evolve);
  return decided;
}
