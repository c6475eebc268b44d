import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import {
  CustomerEnrolled,
  TierChanged,
  BirthdaySet,
  CustomerEvent,
  CustomerEventType as T,
  CustomerProfileUpdated,
  MembershipChanged,
  membershipAfter,
  OrderCancelled,
  OrderRecorded,
  RefundRecorded,
  TierRetained,
  PointsAwarded,
  PendingPointsCancelled,
  PointsEvent,
  PointsPending,
  programPointsCounted,
  SocialLinkEvent,
  WalletPassEvent,
  saidDetails,
} from '../customer-events';
import { isActivity } from '../expiry/expiry.state';
import { payingProgram, withProgramPayment } from '../program-earning/program-earning.state';
import { addEarned, earnedChange } from '../tiers/tiers.state';
import { CUSTOMERS, CustomerDoc, recordCreatedAt } from '../read-models/ledger-read-models';
import { addToDayAmounts } from '../../shared/domain/day-buckets';
import { BoundedCache } from '../../shared/bounded-cache';
import { withoutEntry } from '../../shared/domain/records';
import { isPaidBy } from '../../programs/kinds/kinds';
import { submissionStatusAfter } from '../submissions/domain/submissions.state';

const TYPES = new Set<string>(Object.values(T));

function enrolledDoc(event: CustomerEnrolled): CustomerDoc {
  return {
    id: event.customerId,
    shopId: event.shopId,
    platformCustomerId: event.platformCustomerId,
    email: event.email,
    firstName: event.firstName,
    lastName: event.lastName,
    acceptsMarketing: event.acceptsMarketing,
    point: 0,
    tierPoint: 0,
    totalEarnedPoints: 0,
    tierId: event.tierId,
    tierUpdatedAt: event.tierId ? event.occurredAt : null,
    tierAssessedAt: event.tierId ? event.occurredAt : null,
    birthday: null,
    dateOfBirth: null,
    ordersCount: 0,
    totalSpentCents: 0,
    ...saidDetails(event.details),
    ...membershipAfter(event),
    platformCreatedAt: event.platformCreatedAt,
    createdAt: recordCreatedAt(event.platformCreatedAt, event.occurredAt),
    enrolledAt: event.occurredAt,
    updatedAt: event.occurredAt,
    streamRevision: '-1',
  };
}

/** A balance change: the balance it recorded, and tier point and earned total by the ledger's own arithmetic. */
function balanceChange(doc: CustomerDoc, event: PointsEvent): Partial<CustomerDoc> {
  const change = earnedChange(event);
  return {
    point: event.newPoint,
    tierPoint: addEarned(doc.tierPoint, change),
    totalEarnedPoints: addEarned(doc.totalEarnedPoints, change),
  };
}

/**
 * One customer event applied to the customer's document, as one copy of it (a rebuild applies a
 * million events; a copy per step was the projection's largest cost). What the ledger's state also
 * knows is derived with the ledger's own functions (activity, tier point, the paying program), so
 * the two cannot drift.
 */
function applyEvent(doc: CustomerDoc | null, event: CustomerEvent, streamRevision: string): CustomerDoc | null {
  if (event.type === T.Enrolled) return doc ? { ...doc, streamRevision } : { ...enrolledDoc(event), streamRevision };
  if (!doc) return null;
  // The earning limit's own count, so its status can be shown without the stream.
  const counted = programPointsCounted(event);
  return {
    ...doc,
    updatedAt: event.occurredAt,
    ...(isActivity(event) ? { lastActivityAt: event.occurredAt } : {}),
    ...changesOf(doc, event),
    ...(counted === 0
      ? {}
      : { programEarnedByDay: addToDayAmounts(doc.programEarnedByDay ?? {}, event.occurredAt, counted) }),
    streamRevision,
  };
}

/** A payment: the balance, held points it releases, and which programs paid (isEarned's facts). */
function programAward(doc: CustomerDoc, event: PointsAwarded): Partial<CustomerDoc> {
  const programId = payingProgram(event);
  const earned = doc.earnedProgramIds ?? [];
  const programPayments = withProgramPayment(doc.programPayments ?? {}, event);
  return {
    ...balanceChange(doc, event),
    ...(event.releasesPending && event.order ? released(doc, event.order.orderId) : {}),
    ...(isPaidBy(event.event, 'enrolment') ? { earnSignUp: true } : {}),
    ...(programId && !earned.includes(programId) ? { earnedProgramIds: [...earned, programId] } : {}),
    ...(programPayments ? { programPayments } : {}),
  };
}

/** The customer's social links as GET /customer shows them. */
function socialLinkChanges(event: SocialLinkEvent): Partial<CustomerDoc> {
  switch (event.type) {
    case T.PhotoLinked:
      return { photoUsername: event.photoUsername };
    case T.PhotoUnlinked:
      return { photoUsername: null };
    case T.FeedLinked:
      return { feedPageId: event.pageId, feedName: event.feedName };
    case T.FeedDisconnected:
      return { feedPageId: null, feedName: null };
    case T.ChatLoginStarted:
      return {};
    case T.ChatLinked:
      return { chatLinked: true };
    case T.ChatFollowChanged:
      return { chatFollowedOA: event.following };
    default:
      return assertNever(event);
  }
}

/** The alpha pass on file as GET /customer shows it (createdAlphaPass, qrCodeDownloadAlphaPass). */
function walletPassChanges(event: WalletPassEvent): Partial<CustomerDoc> {
  return event.type === T.AlphaPassCreated
    ? { alphaPassKey: event.passKey, alphaPassQrUrl: event.qrUrl }
    : { alphaPassKey: null, alphaPassQrUrl: null };
}

/** Held order points after an order's points are held, or after some of them are cancelled. */
function heldChange(doc: CustomerDoc, event: PointsPending | PendingPointsCancelled): Partial<CustomerDoc> {
  const pendingOrders = { ...(doc.pendingOrders ?? {}) };
  if (event.type === T.PointsPending)
    pendingOrders[event.order.orderId] = { points: event.points, releaseAt: event.releaseAt };
  else if (event.remaining > 0 && pendingOrders[event.orderId])
    pendingOrders[event.orderId] = { ...pendingOrders[event.orderId], points: event.remaining };
  else delete pendingOrders[event.orderId];
  return pendingSummary(pendingOrders);
}

function tierChange(event: TierChanged): Partial<CustomerDoc> {
  const { toTierId: tierId, tierPoint, occurredAt } = event;
  return { tierId, tierPoint, tierUpdatedAt: occurredAt, tierAssessedAt: occurredAt };
}

/** What an event changes in an enrolled customer's document besides the times above. */
function changesOf(doc: CustomerDoc, event: Exclude<CustomerEvent, CustomerEnrolled>): Partial<CustomerDoc> {
  switch (event.type) {
    case T.ProfileUpdated:
      return event.changes;
    case T.MembershipChanged:
      return membershipAfter(event) ?? {};
    case T.BirthdaySet:
      return { birthday: event.birthday, dateOfBirth: event.dateOfBirth };
    case T.PointsAwarded:
      return programAward(doc, event);
    case T.PointsDeducted:
    case T.PointsAdjusted:
    case T.PointsReset:
    case T.PointsRevoked:
    case T.PointsRedeemed:
    case T.CouponRefunded:
    case T.PointsExpired:
      return balanceChange(doc, event);
    case T.TierChanged:
      return tierChange(event);
    case T.TierRetained:
      return { tierAssessedAt: event.occurredAt };
    case T.OrderRecorded:
      return { ordersCount: doc.ordersCount + 1, totalSpentCents: doc.totalSpentCents + event.totalCents };
    case T.OrderCancelled:
      return { ordersCount: doc.ordersCount - 1, totalSpentCents: doc.totalSpentCents - event.remainingCents };
    case T.RefundRecorded:
      return { totalSpentCents: doc.totalSpentCents - event.amountCents };
    case T.PointsPending:
    case T.PendingPointsCancelled:
      return heldChange(doc, event);
    default:
      return profileChangesOf(doc, event);
  }
}

/** changesOf for the events that are not about points, orders or tiers. */
function profileChangesOf(
  doc: CustomerDoc,
  event: Exclude<
    CustomerEvent,
    | CustomerEnrolled
    | PointsEvent
    | TierChanged
    | TierRetained
    | OrderRecorded
    | OrderCancelled
    | RefundRecorded
    | PointsPending
    | PendingPointsCancelled
    | CustomerProfileUpdated
    | MembershipChanged
    | BirthdaySet
  >,
): Partial<CustomerDoc> {
  switch (event.type) {
    case T.PersonalDataErased:
      return ERASED;
    case T.PhotoLinked:
    case T.PhotoUnlinked:
    case T.FeedLinked:
    case T.FeedDisconnected:
    case T.ChatLoginStarted:
    case T.ChatLinked:
    case T.ChatFollowChanged:
      return socialLinkChanges(event);
    case T.AlphaPassCreated:
    case T.AlphaPassCleared:
      return walletPassChanges(event);
    case T.CouponUsed:
    case T.CouponGranted:
    case T.CouponExpired:
    case T.TierReviewWarned:
    case T.PointsExpiryWarned:
    case T.MilestoneStepReached:
    case T.MilestoneStepClaimed:
    case T.MilestoneGiftChosen:
    case T.ReferralAttributed:
    case T.ReferralRefused:
    case T.ReferralQualified:
    case T.ReferralDisqualified:
    case T.ReferralLinkCreated:
    case T.ReferralFriendNoted:
    case T.ReferralFriendQualified:
    case T.ReferralRewardEarned:
    case T.ReferralRewardCancelled:
    case T.ReferralRefundAfterReward:
    case T.ImpactRecorded:
    case T.ImpactStatusChanged:
      // Milestones, referrals and impact have read models of their own (milestone_counters_v1,
      // referrals_v1, impact_events_v1); their points are the points events recorded with them.
      return {};
    case T.SubmissionReceived:
    case T.SubmissionApproved:
    case T.SubmissionRejected:
      return { submissionStatus: submissionStatusAfter(doc.submissionStatus ?? {}, event) };
    case T.StreakDayClaimed:
      return { streak: { programId: event.programId, lastDay: event.day, currentDay: event.currentDay } };
    default:
      return assertNever(event);
  }
}

/** An erased customer's document: every personal field blank, every figure kept. */
const ERASED: Partial<CustomerDoc> = {
  email: null,
  firstName: null,
  lastName: null,
  phone: null,
  birthday: null,
  dateOfBirth: null,
  photoUsername: null,
  feedName: null,
};

type PendingOrders = NonNullable<CustomerDoc['pendingOrders']>;

/** Held points in total, and when the next hold ends (the release scheduler looks for it). */
function pendingSummary(
  pendingOrders: PendingOrders,
): Pick<CustomerDoc, 'pendingOrders' | 'pendingPoints' | 'nextPendingReleaseAt'> {
  const holds = Object.values(pendingOrders);
  return {
    pendingOrders,
    pendingPoints: holds.reduce((sum, h) => sum + h.points, 0),
    nextPendingReleaseAt: holds.length ? holds.map((h) => h.releaseAt).sort()[0] : null,
  };
}

function released(doc: CustomerDoc, orderId: string) {
  return pendingSummary(withoutEntry(doc.pendingOrders ?? {}, orderId));
}

const CACHE_LIMIT = 50_000;

/**
 * Customers read model (v2 Customer). Each touched customer is loaded once per batch and written
 * once. Documents this process wrote are kept in memory, so a busy customer costs no read: every
 * process applies every event in order, so its copy is exactly what is stored.
 */
@Injectable()
export class CustomerViewProjection implements Projection {
  readonly name = CUSTOMERS.name;
  readonly collections = [CUSTOMERS];
  private readonly recent = new BoundedCache<string, CustomerDoc>({ max: CACHE_LIMIT });

  handles(eventType: string): boolean {
    return TYPES.has(eventType);
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const customers = batch.collection<CustomerDoc>(CUSTOMERS);
    const ids = [...new Set(events.map((e) => (e.data as { customerId: string }).customerId))];
    const docs = new Map<string, CustomerDoc>();
    for (const id of ids) {
      const known = this.recent.get(id);
      if (known) docs.set(id, known);
    }
    const missing = ids.filter((id) => !docs.has(id));
    for (const doc of await customers.getMany(missing)) docs.set(doc.id, doc);
    const changed = new Set<string>();
    for (const recorded of events) {
      const event = fromRecorded<CustomerEvent>(recorded);
      const current = docs.get(event.customerId) ?? null;
      if (current && BigInt(current.streamRevision) >= recorded.revision) continue;
      const next = applyEvent(current, event, recorded.revision.toString());
      if (!next) continue;
      docs.set(next.id, next);
      changed.add(next.id);
    }
    const written = [...changed].map((id) => docs.get(id)!);
    written.forEach((doc) => customers.put(doc));
    batch.onCommit(() => {
      for (const doc of written) this.recent.set(doc.id, doc);
    });
  }

  reset(): void {
    this.recent.clear();
  }
}
