/**
 * Every error code the service answers with: the interface's codes and the service's own. A
 * closed union, so a code is written once here and a misspelt one does not compile.
 */
export const ERROR_CODES = [
  // Requests and authentication
  'BAD_REQUEST',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'UNSUPPORTED_GRANT_TYPE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'RATE_LIMITED',
  'RATE_LIMITER_UNAVAILABLE',
  'IDEMPOTENCY_CONFLICT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Points, programs and rewards
  'INSUFFICIENT_POINTS',
  'INVALID_AMOUNT',
  'INVALID_PROGRAM',
  'INVALID_INPUT',
  'INVALID_SELECTION',
  'INVALID_STEP',
  'LIMIT_REACHED',
  'NOT_ELIGIBLE',
  'NOT_CLAIMABLE',
  'EXCLUDED',
  'OPT_IN_NOT_ENABLED',
  'GIFT_UNAVAILABLE',
  'GIFT_SELECTION_REQUIRED',
  'EARN_FAILED',
  'CLAIM_FAILED',
  'UPLOAD_FAILED',
  'UPLOAD_QUOTA_EXCEEDED',
  'USERNAME_TAKEN',
  'CHAT_NOT_LINKED',
  'CHAT_NOT_CONNECTED',
  'CHAT_LOGIN_REFUSED',
  'CHAT_ACCOUNT_TAKEN',
  'CHAT_NETWORK_FAILED',
  'ALPHA_PASS_GENERATION_FAILED',
  'BETA_PASS_GENERATION_FAILED',
  // Referrals (the refusals of a referral code or a friend; the error's `reason` says which rule)
  'REFERRAL_CODE_UNKNOWN',
  'REFERRAL_INVITES_EXHAUSTED',
  'REFERRAL_CODE_OTHER_SHOP',
  'SELF_REFERRAL',
  'ALREADY_CUSTOMER',
  'ALREADY_REFERRED',
  'REFERRER_NOT_ELIGIBLE',
  // Plans and the commerce platform
  'PLAN_NOT_ELIGIBLE',
  'PLAN_UPGRADE_REQUIRED',
  'ORDERS_FETCH_FAILED',
  'PLATFORM_UNAVAILABLE',
  'PLATFORM_REJECTED',
  // Configuration
  'SHOP_EXISTS',
  'TIER_NAME_TAKEN',
  'TIER_TARGET_TAKEN',
  'TIER_HAS_MEMBERS',
  'WEBHOOK_EXISTS',
  'ALREADY_DECIDED',
  // Background jobs
  'JOB_NOT_FOUND',
  'JOB_NOT_OWNED',
  'JOB_TAKEN',
  'JOB_NOT_DUE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
