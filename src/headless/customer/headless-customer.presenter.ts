import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { TierRung } from '../../tiers/domain/tier-rung';
import { LocalizedText } from '../../translations/queries/shop-text';
import type { CalendarPeriod } from '../../shared/domain/calendar';

/** Progress to the next tier (null at the top). Percentage of the way from this tier's entry to the next's, 0-100. */
export function tierProgress(tierPoint: number, tierId: string | null, rungs: TierRung[]) {
  const current = rungs.find((t) => t.id === tierId);
  const currentTarget = current?.targetPoint ?? 0;
  const next = rungs.filter((t) => t.targetPoint > currentTarget).sort((a, b) => a.targetPoint - b.targetPoint)[0];
  if (!next) return null;
  const span = next.targetPoint - currentTarget;
  const percentage = Math.min(100, Math.max(0, ((tierPoint - currentTarget) / span) * 100));
  return {
    nextTierName: next.name,
    pointsToNext: Math.max(0, next.targetPoint - tierPoint),
    percentage: Math.round(percentage * 100) / 100,
    currentTarget,
    nextTarget: next.targetPoint,
  };
}

/** The earning limit as the customer may know it: reached or not, and when it resets; never the cap. */
export interface EarningLimitView {
  reached: boolean;
  /** '' when the customer's tier is unlimited. */
  resetDate: string;
  period: CalendarPeriod;
}

/** The messaging link counts only while its page is the one the shop has connected now. */
function feedOf(doc: CustomerDoc, connectedPage: string | null) {
  const connected = Boolean(doc.feedPageId) && doc.feedPageId === connectedPage;
  return { feedConnected: connected, feedName: connected ? (doc.feedName ?? null) : null };
}

/** Spec 2.2 Headless Customer. */
export function presentHeadlessCustomer(
  doc: CustomerDoc,
  context: {
    tierNames: Map<string, string>;
    rungs: TierRung[];
    earningLimit: EarningLimitView | null;
    text: LocalizedText;
    /** The messaging page the shop has connected (null: none). */
    connectedFeedPage: string | null;
  },
) {
  const { earningLimit, text } = context;
  return {
    id: doc.id,
    // One who left reads as a guest too (spec 2.2); join-program tells them apart.
    type: (doc.membership ?? 'member') === 'member' ? 'member' : 'guest',
    points: doc.point,
    totalOrders: doc.ordersCount,
    totalEarned: doc.totalEarnedPoints,
    tier: doc.tierId ? { id: doc.tierId, name: context.tierNames.get(doc.tierId) ?? '' } : null,
    tierProgress: tierProgress(doc.tierPoint, doc.tierId, context.rungs),
    memberSince: doc.joinedAt ?? doc.enrolledAt,
    marketingConsent: doc.marketingConsent ?? null,
    smsMarketingConsent: doc.smsMarketingConsent ?? null,
    avatarUrl: null as string | null,
    earningLimit: earningLimit
      ? {
          reached: earningLimit.reached,
          resetDate: earningLimit.resetDate,
          message: earningLimit.reached
            ? text.t(`earning_limit.reached_${earningLimit.period}`, { date: new Date(earningLimit.resetDate) })
            : null,
        }
      : null,
    birthday: doc.birthday,
    dateOfBirth: doc.dateOfBirth,
    phone: doc.phone ?? null,
    tierPoint: doc.tierPoint,
    social: {
      photoUsername: doc.photoUsername ?? null,
      chatLinked: doc.chatLinked ?? false,
      chatFollowedOA: doc.chatFollowedOA ?? false,
      ...feedOf(doc, context.connectedFeedPage),
    },
    createdAlphaPass: Boolean(doc.alphaPassKey),
    qrCodeDownloadAlphaPass: doc.alphaPassKey ? (doc.alphaPassQrUrl ?? null) : null,
  };
}

export type HeadlessCustomer = ReturnType<typeof presentHeadlessCustomer>;
