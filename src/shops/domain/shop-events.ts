import type {
  AccountingPolicy,
  EarningLimitPolicy,
  FeedConnectionPolicy,
  ChatConnectionPolicy,
  MembershipPolicy,
  PointsExpiryPolicy,
  StorefrontPolicy,
  TierRetentionPolicy,
} from '../settings/shop-settings.schema';

/** The shop's settings: their types are their schemas' (settings/shop-settings.schema.ts). */
export type {
  AccountingPolicy,
  EarningLimitPolicy,
  FeedConnectionPolicy,
  ChatConnectionPolicy,
  MembershipPolicy,
  PointsExpiryPolicy,
  StorefrontPolicy,
  TierRetentionPolicy,
};

/** Events of a shop (stream `shop-<shopId>`). Credentials are never in events: the log is read by auditors. */
export const ShopEventType = {
  Provisioned: 'shop.provisioned.v1',
  SecretRotated: 'shop.secret-rotated.v1',
  HeadlessSecretRotated: 'shop.headless-secret-rotated.v1',
  PlatformWebhookSecretSet: 'shop.platform-webhook-secret-set.v1',
  PointsExpirySet: 'shop.points-expiry-set.v1',
  EarningLimitSet: 'shop.earning-limit-set.v1',
  TierRetentionSet: 'shop.tier-retention-set.v1',
  MembershipSet: 'shop.membership-set.v1',
  StorefrontSet: 'shop.storefront-set.v1',
  AccountingSet: 'shop.accounting-set.v1',
  FeedConnectionSet: 'shop.feed-connection-set.v1',
  ChatConnectionSet: 'shop.chat-connection-set.v1',
  WalletPassesSet: 'shop.wallet-passes-set.v1',
} as const;

export interface ShopProvisioned {
  type: typeof ShopEventType.Provisioned;
  eventId: string;
  occurredAt: string;
  shopId: string;
  domain: string;
  plan: string;
  currency: string;
  timezone: string;
  appKey: string;
}

/** The API secret (and webhook signing key) was replaced. The secret itself is never in the log. */
export interface ShopSecretRotated {
  type: typeof ShopEventType.SecretRotated;
  eventId: string;
  occurredAt: string;
  shopId: string;
  appKey: string;
}

/** The headless secret was replaced: tokens signed with a key derived from the old one stop working. */
export interface ShopHeadlessSecretRotated {
  type: typeof ShopEventType.HeadlessSecretRotated;
  eventId: string;
  occurredAt: string;
  shopId: string;
}

/**
 * The commerce platform's webhook secret of this shop was set (`cleared`: removed, so the global
 * PLATFORM_WEBHOOK_SECRET applies again). The secret itself is never in the log.
 */
export interface ShopPlatformWebhookSecretSet {
  type: typeof ShopEventType.PlatformWebhookSecretSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  cleared: boolean;
}

export interface ShopPointsExpirySet {
  type: typeof ShopEventType.PointsExpirySet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: PointsExpiryPolicy;
}

export interface ShopEarningLimitSet {
  type: typeof ShopEventType.EarningLimitSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: EarningLimitPolicy;
}

export interface ShopTierRetentionSet {
  type: typeof ShopEventType.TierRetentionSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: TierRetentionPolicy;
}

export interface ShopMembershipSet {
  type: typeof ShopEventType.MembershipSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: MembershipPolicy;
}

export interface ShopStorefrontSet {
  type: typeof ShopEventType.StorefrontSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: StorefrontPolicy;
}

export interface ShopAccountingSet {
  type: typeof ShopEventType.AccountingSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: AccountingPolicy;
}

/** The connected messaging page; `appSecretChanged`: its app secret was set at the same time (never its value). */
export interface ShopFeedConnectionSet {
  type: typeof ShopEventType.FeedConnectionSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: FeedConnectionPolicy;
  appSecretChanged: boolean;
}

/** The connected chat channel; `channelSecretChanged`: its secret was set at the same time (never its value). */
export interface ShopChatConnectionSet {
  type: typeof ShopEventType.ChatConnectionSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: ChatConnectionPolicy;
  channelSecretChanged: boolean;
}
/**
 * The shop's wallet-pass credentials changed (they are kept outside the log): which section was set,
 * removed or left as it was, never a value.
 */
export interface ShopWalletPassesSet {
  type: typeof ShopEventType.WalletPassesSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  alpha: WalletPassSectionChange;
  beta: WalletPassSectionChange;
}
export type WalletPassSectionChange = 'set' | 'removed' | 'unchanged';

/** The shop's settings, each replaced whole by its own event; a shop's document keeps each under this name. */
export interface ShopPolicies {
  pointsExpiry: PointsExpiryPolicy;
  earningLimit: EarningLimitPolicy;
  tierRetention: TierRetentionPolicy;
  membership: MembershipPolicy;
  storefront: StorefrontPolicy;
  accounting: AccountingPolicy;
  feed: FeedConnectionPolicy;
  chat: ChatConnectionPolicy;
}

export const NO_MEMBERSHIP_RULES: MembershipPolicy = {
  optInEnrollment: false,
  excludedTags: [],
  excludedSegments: [],
  excludeB2B: false,
};
export const STOREFRONT_DEFAULTS: StorefrontPolicy = {
  hideAdjustPoint: false,
  isNewFormatDOB: false,
  allowedOrigins: [],
};
export const NO_POINT_VALUE: AccountingPolicy = { pointValue: null };
export const NO_FEED_PAGE: FeedConnectionPolicy = { pageId: null };
export const NO_CHAT_CHANNEL: ChatConnectionPolicy = { channelId: null };

/** Opt-in enrolment needs the Premium plan or above. */
export const runsOptIn = (shop: { plan: string; membership?: MembershipPolicy }) =>
  !!shop.membership?.optInEnrollment && (shop.plan === 'premium' || shop.plan === 'ultimate');

export type ShopEvent =
  | ShopProvisioned
  | ShopSecretRotated
  | ShopHeadlessSecretRotated
  | ShopPlatformWebhookSecretSet
  | ShopPointsExpirySet
  | ShopEarningLimitSet
  | ShopTierRetentionSet
  | ShopMembershipSet
  | ShopStorefrontSet
  | ShopAccountingSet
  | ShopFeedConnectionSet
  | ShopChatConnectionSet
  | ShopWalletPassesSet;

export function shopStreamId(shopId: string): string {
  return `shop-${shopId}`;
}

export const PLANS = ['free', 'starter', 'premium', 'ultimate'] as const;

const lowered = (names: readonly string[] | undefined) => new Set((names ?? []).map((n) => n.trim().toLowerCase()));

/**
 * Whether the shop keeps a customer out of its loyalty program (settings/membership): an excluded tag
 * or segment (compared case-insensitively), or a business account when B2B accounts are excluded.
 */
export function isExcludedBy(
  policy: Pick<MembershipPolicy, 'excludedTags' | 'excludedSegments' | 'excludeB2B'> | null | undefined,
  customer: { tags?: readonly string[]; segmentIds?: readonly string[]; isB2B?: boolean },
): boolean {
  if (!policy) return false;
  if (policy.excludeB2B && customer.isB2B) return true;
  const tags = lowered(policy.excludedTags);
  const segments = lowered(policy.excludedSegments);
  return (
    (customer.tags ?? []).some((t) => tags.has(t.toLowerCase())) ||
    (customer.segmentIds ?? []).some((s) => segments.has(s.toLowerCase()))
  );
}
