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

/**
 * When points expire: `inactivity` (all points, after `inactivityDays` without earning or spending)
 * or `fixed_date` (all points, every year on `fixedDate` MM-DD in the shop's time zone).
 */
export interface PointsExpiryPolicy {
  mode: 'off' | 'inactivity' | 'fixed_date';
  inactivityDays: number | null;
  fixedDate: string | null;
}

export interface ShopPointsExpirySet {
  type: typeof ShopEventType.PointsExpirySet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: PointsExpiryPolicy;
}

/**
 * The shop's global earning limit: every customer of the shop may earn at most `maxPoints` from
 * programs (orders, sign-up, birthday, social) per calendar `period`; a tier may have
 * its own cap, or none (`maxPoints: null` = unlimited). Manual awards by the merchant are not capped.
 */
export interface EarningLimitPolicy {
  enabled: boolean;
  maxPoints: number;
  period: 'day' | 'week' | 'month' | 'year';
  tiers: Array<{ tierId: string; maxPoints: number | null }>;
}

export interface ShopEarningLimitSet {
  type: typeof ShopEventType.EarningLimitSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: EarningLimitPolicy;
}

/**
 * Tier retention: with `downgrade` on, a customer's tier is reviewed `assessmentMonths` after they
 * entered it (or last kept it); the points earned in the last `windowMonths` must still reach the
 * tier's target, else they move down to the tier those points reach. Off: tiers are kept for life.
 */
export interface TierRetentionPolicy {
  downgrade: boolean;
  assessmentMonths: number;
  windowMonths: number;
}

export interface ShopTierRetentionSet {
  type: typeof ShopEventType.TierRetentionSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: TierRetentionPolicy;
}

/**
 * Who belongs to the loyalty program. `optInEnrollment` (Premium plan or above): new customers are
 * guests who earn nothing until they join. Customers with an excluded tag or segment get no headless
 * token (EXCLUDED); with `excludeB2B`, business accounts neither.
 */
export interface MembershipPolicy {
  optInEnrollment: boolean;
  excludedTags: string[];
  excludedSegments: string[];
  excludeB2B: boolean;
}

export interface ShopMembershipSet {
  type: typeof ShopEventType.MembershipSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: MembershipPolicy;
}

/** What storefronts show: manual adjustments in the activity list, and whether birthdays ask for a year. */
export interface StorefrontPolicy {
  hideAdjustPoint: boolean;
  isNewFormatDOB: boolean;
}

export interface ShopStorefrontSet {
  type: typeof ShopEventType.StorefrontSet;
  eventId: string;
  occurredAt: string;
  shopId: string;
  policy: StorefrontPolicy;
}

/** The shop's settings, each replaced whole by its own event; a shop's document keeps each under this name. */
export interface ShopPolicies {
  pointsExpiry: PointsExpiryPolicy;
  earningLimit: EarningLimitPolicy;
  tierRetention: TierRetentionPolicy;
  membership: MembershipPolicy;
  storefront: StorefrontPolicy;
}

export const NO_MEMBERSHIP_RULES: MembershipPolicy = {
  optInEnrollment: false,
  excludedTags: [],
  excludedSegments: [],
  excludeB2B: false,
};
export const STOREFRONT_DEFAULTS: StorefrontPolicy = { hideAdjustPoint: false, isNewFormatDOB: false };

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
  | ShopStorefrontSet;

export function shopStreamId(shopId: string): string {
  return `shop-${shopId}`;
}

export const PLANS = ['free', 'starter', 'premium', 'ultimate'] as const;
