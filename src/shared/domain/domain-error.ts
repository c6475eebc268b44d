import { ErrorCode } from './error-codes';

export type { ErrorCode } from './error-codes';

/**
 * A business rule said no. `code` is the stable, documented error code (listed in
 * docs/management-api.md); `status` is the HTTP status each API family's exception filter answers with.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

type Details = Record<string, unknown>;

/**
 * Error factories: every refusal is made here, so each code has one status and one wording, and no
 * call site writes a code as a literal.
 */
export const because = {
  // Requests and authentication
  badRequest: (message: string, details?: Details) => new DomainError('BAD_REQUEST', message, 400, details),
  notFound: (what: string) => new DomainError('NOT_FOUND', `${what} not found`, 404),
  /** A 404 that says why (a capability switched off). */
  notFoundBecause: (message: string) => new DomainError('NOT_FOUND', message, 404),
  unauthorized: (message = 'Invalid or missing credentials') => new DomainError('UNAUTHORIZED', message, 401),
  unsupportedGrantType: () =>
    new DomainError('UNSUPPORTED_GRANT_TYPE', 'grant_type must be hmac or shopify_customer_token', 400, {
      field: 'grant_type',
    }),
  unsupportedMediaType: (message: string) => new DomainError('UNSUPPORTED_MEDIA_TYPE', message, 415),
  requestTimeout: (ms: number) =>
    new DomainError('REQUEST_TIMEOUT', `The body did not arrive within ${ms} ms`, 408, { field: 'body' }),
  payloadTooLarge: (maxBytes: number) =>
    new DomainError('PAYLOAD_TOO_LARGE', `The body must be at most ${maxBytes} bytes`, 413, { field: 'body' }),
  /** A failed authentication past its client's or key's failure quota. */
  tooManyFailedAuthentications: (retryAfterSeconds: number) =>
    new DomainError('TOO_MANY_REQUESTS', 'Too many failed authentications; retry later', 429, { retryAfterSeconds }),
  rateLimited: (retryAfterSeconds: number) =>
    new DomainError('RATE_LIMITED', 'Too many requests', 429, { retryAfterSeconds }),
  rateLimiterUnavailable: (retryAfterSeconds: number) =>
    new DomainError('RATE_LIMITER_UNAVAILABLE', 'The rate limiter is unavailable; retry later', 503, {
      retryAfterSeconds,
    }),
  idempotencyConflict: (key: string) =>
    new DomainError('IDEMPOTENCY_CONFLICT', `Idempotency-Key "${key}" was already used with a different request`, 409),
  /** Something the answer needs is not there (a secret not set, a key missing): nothing was written. */
  unavailable: (message: string) => new DomainError('SERVICE_UNAVAILABLE', message, 503),
  /** Other processes kept changing the same customer: nothing was written, the client retries. */
  streamBusy: () =>
    new DomainError(
      'SERVICE_UNAVAILABLE',
      'Too many concurrent changes to the same record; nothing was written, retry',
      503,
      {
        retryAfterSeconds: 1,
      },
    ),

  // Points, programs and rewards
  insufficientPoints: (balance: number, requested: number) =>
    new DomainError('INSUFFICIENT_POINTS', `Cannot deduct ${requested} points: the balance is ${balance}`, 400, {
      balance,
      requested,
    }),
  /** A recorded amount that breaks the ledger's invariants (the field names the amount). */
  invalidAmount: (message: string, field: string) => new DomainError('INVALID_AMOUNT', message, 400, { field }),
  invalidProgram: (message: string) => new DomainError('INVALID_PROGRAM', message, 400),
  /** The flat milestone claim: a program not found or in another shop is 404. */
  programNotFound: (message: string) => new DomainError('INVALID_PROGRAM', message, 404),
  limitReached: (message: string) => new DomainError('LIMIT_REACHED', message, 400),
  notEligible: (message: string) => new DomainError('NOT_ELIGIBLE', message, 403),
  chatNotLinked: () =>
    new DomainError('CHAT_NOT_LINKED', 'This program pays through the chat login: link the chat account first', 400),
  chatNotConnected: () => new DomainError('CHAT_NOT_CONNECTED', 'This shop has not connected the chat network', 400),
  /** Production without CHAT_CALLBACK_URL: no chat login can complete, so none is connected or started. */
  chatCallbackUnset: () =>
    new DomainError(
      'CHAT_NOT_CONNECTED',
      "This service has no CHAT_CALLBACK_URL: its operator must set it (https) before a shop's chat login can work",
      400,
    ),
  /** A chat login callback whose state is not the customer's pending one (forged, used, replaced) or is past its time. */
  chatLoginRefused: (message: string) => new DomainError('CHAT_LOGIN_REFUSED', message, 400, { field: 'state' }),
  /** The chat network could not be reached, or refused the code: nothing was changed. */
  chatNetworkFailed: (message: string) => new DomainError('CHAT_NETWORK_FAILED', message, 502),
  earnFailed: () => new DomainError('EARN_FAILED', 'The claim could not be processed; nothing was paid', 400),
  usernameTaken: () =>
    new DomainError('USERNAME_TAKEN', 'This username is linked to another customer of the shop', 409),
  /** One chat account links one customer of a shop (and pays its join reward once). */
  /** A referral code took its day's new friends through the public claim. */
  referralInvitesExhausted: (retryAfterSeconds: number) =>
    new DomainError(
      'REFERRAL_INVITES_EXHAUSTED',
      'This referral code has taken all the new friends it can today; try again tomorrow',
      429,
      { retryAfterSeconds },
    ),
  chatAccountTaken: () =>
    new DomainError('CHAT_ACCOUNT_TAKEN', 'This chat account is linked to another customer of the shop', 409),
  excluded: () => new DomainError('EXCLUDED', 'This customer is excluded from the loyalty program', 403),
  optInNotEnabled: () => new DomainError('OPT_IN_NOT_ENABLED', 'This shop does not run opt-in enrolment', 403),
  /** `field`: the body field that carries the choice (`variantId` on a redemption, a milestone's reward entry). */
  giftSelectionRequired: (field = 'variantId') =>
    new DomainError(
      'GIFT_SELECTION_REQUIRED',
      `This reward offers several gifts: send the chosen variant in ${field}`,
      400,
      {
        field,
      },
    ),
  /** A choice among offered rewards that is not one of them, repeats one, or picks too many. */
  invalidSelection: (message: string, field: string) => new DomainError('INVALID_SELECTION', message, 400, { field }),
  /** A milestone claim naming no step of the program (claimKey or milestoneValue). */
  invalidStep: (message: string) => new DomainError('INVALID_STEP', message, 400),
  /** A milestone grant that could not be processed: nothing was granted. */
  claimFailed: (message: string) => new DomainError('CLAIM_FAILED', message, 400),
  /** Something the customer claims is not theirs to claim now. */
  notClaimable: (message: string) => new DomainError('NOT_CLAIMABLE', message, 400),
  /** A submission the merchant has already approved or rejected: a decision is final. */
  alreadyDecided: (submissionId: string, status: string) =>
    new DomainError('ALREADY_DECIDED', `Submission ${submissionId} is already ${status}`, 409),
  giftUnavailable: (variantId: string, field = 'variantId') =>
    new DomainError('GIFT_UNAVAILABLE', `${field}: variant ${variantId} is not one of this reward's gifts`, 400, {
      field,
    }),

  /**
   * A referral refused by one of its rules (`ledger/referrals/domain/referral-refusals.ts`): the code names
   * the rule's family (SELF_REFERRAL...), `reason` the rule itself (self_referral_same_email...).
   */
  referralRefused: (code: ErrorCode, reason: string, message: string) =>
    new DomainError(code, message, 400, { reason }),

  // Uploads
  /** An upload batch refused as a whole: `field` names the image or field at fault. */
  /** `rule`: which of the storefront's sentences says it (`error.INVALID_INPUT.<rule>`; none: the upload rules). */
  invalidInput: (message: string, field: string, rule?: string) =>
    new DomainError('INVALID_INPUT', message, 400, { field, ...(rule ? { rule } : {}) }),
  uploadFailed: () => new DomainError('UPLOAD_FAILED', 'The images could not be stored; none was kept', 400),
  /** 429 (no body on headless routes): `rule` says which limit (concurrent, customer_files, shop_bytes, ...). */
  uploadQuotaExceeded: (retryAfterSeconds: number, rule: string) =>
    new DomainError('UPLOAD_QUOTA_EXCEEDED', `Upload limit reached (${rule}); retry later`, 429, {
      retryAfterSeconds,
      rule,
    }),

  // Wallet passes (not configured, or the signing or the storage failed: nothing was changed)
  alphaPassGenerationFailed: (message = 'The wallet pass could not be generated; nothing was changed') =>
    new DomainError('ALPHA_PASS_GENERATION_FAILED', message, 502),
  betaPassGenerationFailed: (message = 'The wallet pass link could not be generated') =>
    new DomainError('BETA_PASS_GENERATION_FAILED', message, 502),

  // Plans and the commerce platform
  planNotEligible: () => new DomainError('PLAN_NOT_ELIGIBLE', 'The headless API needs the Ultimate plan', 403),
  planUpgradeRequired: (message: string) => new DomainError('PLAN_UPGRADE_REQUIRED', message, 403),
  ordersFetchFailed: () =>
    new DomainError('ORDERS_FETCH_FAILED', 'The orders could not be read from the platform; retry', 502),
  platformUnavailable: (message: string) => new DomainError('PLATFORM_UNAVAILABLE', message, 502),
  /** The platform refused the request itself (4xx): retrying the same request will not help. */
  platformRejected: (message: string) => new DomainError('PLATFORM_REJECTED', message, 502),

  // Configuration
  shopExists: (domain: string) => new DomainError('SHOP_EXISTS', `A shop for ${domain} already exists`, 409),
  tierNameTaken: (name: string) =>
    new DomainError('TIER_NAME_TAKEN', `A tier named "${name}" already exists`, 409, { field: 'name' }),
  tierTargetTaken: (other: string, targetPoint: number) =>
    new DomainError('TIER_TARGET_TAKEN', `Tier "${other}" already starts at ${targetPoint} points`, 409, {
      field: 'targetPoint',
    }),
  tierHasMembers: (name: string, members: number) =>
    new DomainError('TIER_HAS_MEMBERS', `Tier "${name}" still has ${members} members`, 409),
  webhookExists: (topic: string) =>
    new DomainError('WEBHOOK_EXISTS', `A webhook for ${topic} to this url already exists`, 409),
};
