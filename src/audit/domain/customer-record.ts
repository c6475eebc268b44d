import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { CustomerHistory, pendingPointsOf } from './customer-history';
import { dayAmountsOf } from '../../shared/domain/day-buckets';

/**
 * A customer document with every field present, none undefined. The fold below and the normalized
 * stored document are declared so: a field added to CustomerDoc (the projection writes only fields
 * of it) does not compile until verification computes it too.
 */
export type CompleteCustomerDoc = { [K in keyof CustomerDoc]-?: Exclude<CustomerDoc[K], undefined> };

/**
 * The customers document the fold gives: what the Customer record shows as of a revision, and
 * what verification expects the stored document to be. Every figure is ledger state; only the record's
 * times (and the storefront's submission statuses) come from the record part of the history.
 */
export function customerDocOf({ state, record, revision }: CustomerHistory): CompleteCustomerDoc | null {
  if (!state.enrolled || !record.createdAt || !record.enrolledAt) return null;
  const pendingOrders: NonNullable<CustomerDoc['pendingOrders']> = {};
  for (const [orderId, order] of state.orders) {
    if (order.pendingPoints > 0 && order.pendingReleaseAt)
      pendingOrders[orderId] = { points: order.pendingPoints, releaseAt: order.pendingReleaseAt };
  }
  const releases = Object.values(pendingOrders)
    .map((h) => h.releaseAt)
    .sort();
  return {
    id: state.customerId!,
    shopId: state.shopId!,
    platformCustomerId: state.platformCustomerId!,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    acceptsMarketing: state.acceptsMarketing,
    point: state.points,
    tierPoint: state.tierPoint,
    totalEarnedPoints: state.totalEarned,
    tierId: state.tierId,
    tierUpdatedAt: record.tierUpdatedAt,
    birthday: state.birthday,
    dateOfBirth: state.dateOfBirth,
    ordersCount: state.ordersCount,
    totalSpentCents: state.totalSpentCents,
    earnSignUp: record.earnSignUp,
    earnedProgramIds: Object.keys(state.earnedPrograms),
    programPayments: { ...state.programPayments },
    streak: state.streak,
    submissionStatus: { ...record.submissionStatus },
    lastActivityAt: state.lastActivityAt,
    pendingPoints: pendingPointsOf(state),
    pendingOrders,
    nextPendingReleaseAt: releases[0] ?? null,
    tierAssessedAt: state.tierSince,
    membership: state.membership,
    joinedAt: state.joinedAt,
    phone: state.phone,
    marketingConsent: state.marketingConsent,
    smsMarketingConsent: state.smsMarketingConsent,
    tags: [...state.tags],
    segmentIds: [...state.segmentIds],
    isB2B: state.isB2B,
    programEarnedByDay: dayAmountsOf(state.programEarnedByDay),
    photoUsername: state.photoUsername,
    feedPageId: state.feed?.pageId ?? null,
    feedName: state.feed?.feedName ?? null,
    chatLinked: state.chat.userRef !== null,
    chatFollowedOA: state.chat.followedOA,
    alphaPassKey: state.alphaPass?.passKey ?? null,
    alphaPassQrUrl: state.alphaPass?.qrUrl ?? null,
    platformCreatedAt: record.platformCreatedAt,
    createdAt: record.createdAt,
    enrolledAt: record.enrolledAt,
    updatedAt: record.updatedAt ?? record.enrolledAt,
    streamRevision: revision.toString(),
  };
}

/**
 * A stored customer document with its optional fields filled in (as the projection leaves them before
 * they are first set), so it compares with customerDocOf.
 */
export function normalizedCustomerDoc(doc: CustomerDoc): CompleteCustomerDoc {
  // Listed, not spread: on V8 a spread followed by new keys builds a hidden class per document.
  const normalized: CompleteCustomerDoc = {
    id: doc.id,
    shopId: doc.shopId,
    platformCustomerId: doc.platformCustomerId,
    email: doc.email,
    firstName: doc.firstName,
    lastName: doc.lastName,
    acceptsMarketing: doc.acceptsMarketing,
    point: doc.point,
    tierPoint: doc.tierPoint,
    totalEarnedPoints: doc.totalEarnedPoints,
    tierId: doc.tierId,
    tierUpdatedAt: doc.tierUpdatedAt,
    birthday: doc.birthday,
    dateOfBirth: doc.dateOfBirth,
    ordersCount: doc.ordersCount,
    totalSpentCents: doc.totalSpentCents,
    earnSignUp: doc.earnSignUp ?? false,
    earnedProgramIds: doc.earnedProgramIds ?? [],
    programPayments: doc.programPayments ?? {},
    streak: doc.streak ?? null,
    submissionStatus: doc.submissionStatus ?? {},
    lastActivityAt: doc.lastActivityAt ?? null,
    pendingPoints: doc.pendingPoints ?? 0,
    pendingOrders: doc.pendingOrders ?? {},
    nextPendingReleaseAt: doc.nextPendingReleaseAt ?? null,
    tierAssessedAt: doc.tierAssessedAt ?? null,
    membership: doc.membership ?? 'member',
    joinedAt: doc.joinedAt ?? null,
    phone: doc.phone ?? null,
    marketingConsent: doc.marketingConsent ?? null,
    smsMarketingConsent: doc.smsMarketingConsent ?? null,
    tags: doc.tags ?? [],
    segmentIds: doc.segmentIds ?? [],
    isB2B: doc.isB2B ?? false,
    programEarnedByDay: doc.programEarnedByDay ?? {},
    photoUsername: doc.photoUsername ?? null,
    feedPageId: doc.feedPageId ?? null,
    feedName: doc.feedName ?? null,
    chatLinked: doc.chatLinked ?? false,
    chatFollowedOA: doc.chatFollowedOA ?? false,
    alphaPassKey: doc.alphaPassKey ?? null,
    alphaPassQrUrl: doc.alphaPassQrUrl ?? null,
    platformCreatedAt: doc.platformCreatedAt,
    createdAt: doc.createdAt,
    enrolledAt: doc.enrolledAt,
    updatedAt: doc.updatedAt,
    streamRevision: doc.streamRevision,
  };
  // A field a customer document does not have stays, so that verification reports it.
  for (const [key, value] of Object.entries(doc))
    if (!Object.hasOwn(normalized, key))
      Object.defineProperty(normalized, key, { value, enumerable: true, writable: true, configurable: true });
  return normalized;
}
