import { CustomerDoc } from '../read-models/ledger-read-models';
import { referralCodeFor } from '../referrals/domain/referral-code';

/**
 * The v2 Customer record (spec 2.9), plus pendingPoints, tierUpdatedAt, totalSpent, ordersCount,
 * birthday, dateOfBirth and enrolledAt. `type` is `member` for a member, `guest` for a customer who has
 * not joined or has left (as the headless Customer says it).
 */
export function presentCustomer(doc: CustomerDoc, tierNames: Map<string, string>, currency: string) {
  const name = [doc.firstName, doc.lastName].filter(Boolean).join(' ');
  const member = (doc.membership ?? 'member') === 'member';
  return {
    id: doc.id,
    platformCustomerId: doc.platformCustomerId,
    email: doc.email,
    name: name || null,
    firstName: doc.firstName,
    lastName: doc.lastName,
    type: member ? 'member' : 'guest',
    point: doc.point,
    tierPoint: doc.tierPoint,
    totalEarnedPoints: doc.totalEarnedPoints,
    pendingPoints: doc.pendingPoints ?? 0,
    hasPoint: doc.point > 0,
    hasJoinedProgram: member,
    state: 'enabled',
    // The platform's email consent when it said one (as the headless marketingConsent), else its flag.
    acceptsMarketing: doc.marketingConsent ?? doc.acceptsMarketing,
    tierId: doc.tierId,
    tierName: doc.tierId ? (tierNames.get(doc.tierId) ?? null) : null,
    tierUpdatedAt: doc.tierUpdatedAt,
    pointsRemain: doc.point,
    isCustomerB2B: doc.isB2B ?? false,
    earnSignUp: doc.earnSignUp ?? false,
    referralCode: referralCodeFor(doc.id),
    hasTier: doc.tierId !== null,
    totalSpent: doc.totalSpentCents / 100,
    totalSpentCurrencyCode: currency,
    ordersCount: doc.ordersCount,
    birthday: doc.birthday,
    dateOfBirth: doc.dateOfBirth,
    createdAt: doc.createdAt,
    enrolledAt: doc.enrolledAt,
    updatedAt: doc.updatedAt,
  };
}

export type V2Customer = ReturnType<typeof presentCustomer>;
