import { arrayOf, bool, int, nullable, object, oneOf, record, str } from '../../shared/http/openapi/schema';

/** The records of the v2 shop endpoints: who the keys are, and each setting as it stands. */

export const WHOAMI = record('V2Shop', object({ shopId: str, domain: str, plan: str, currency: str, timezone: str }));

export const POINTS_EXPIRY = record(
  'V2PointsExpiry',
  object({
    mode: oneOf('off', 'inactivity', 'fixed_date'),
    inactivityDays: nullable(int),
    fixedDate: nullable(str),
  }),
);

export const EARNING_LIMIT = record(
  'V2EarningLimit',
  object({
    enabled: bool,
    maxPoints: int,
    period: oneOf('day', 'week', 'month', 'year'),
    tiers: arrayOf(object({ tierId: str, maxPoints: nullable(int) })),
  }),
);

export const TIER_RETENTION = record(
  'V2TierRetention',
  object({ downgrade: bool, assessmentMonths: int, windowMonths: int }),
);

export const MEMBERSHIP = record(
  'V2Membership',
  object({ optInEnrollment: bool, excludedTags: arrayOf(str), excludedSegments: arrayOf(str), excludeB2B: bool }),
);

export const STOREFRONT = record(
  'V2Storefront',
  object({ hideAdjustPoint: bool, isNewFormatDOB: bool, allowedOrigins: arrayOf(str) }),
);

export const ACCOUNTING = record(
  'V2Accounting',
  object({
    pointValue: nullable({ type: 'string', example: '0.01', description: "A point's value, in the shop's currency" }),
  }),
);

export const CHAT_CONNECTION = record(
  'V2ChatConnection',
  object({
    channelId: nullable({ type: 'string', description: 'The connected chat channel; null: none' }),
    channelSecretSet: { type: 'boolean', description: 'Whether the channel secret is set (never the secret)' },
  }),
);

export const FEED_CONNECTION = record(
  'V2FeedConnection',
  object({
    pageId: nullable({ type: 'string', description: 'The connected messaging page; null: none' }),
    appSecretSet: { type: 'boolean', description: "Whether the app secret that signs the page's notifications is set" },
  }),
);

export const WALLET_PASSES = record(
  'V2WalletPasses',
  object({
    alpha: nullable(
      object({ passTypeIdentifier: str, teamIdentifier: str, organizationName: str, signerKeySet: bool }),
    ),
    beta: nullable(object({ issuerId: str, classSuffix: str, serviceAccountEmail: str, privateKeySet: bool })),
  }),
);
