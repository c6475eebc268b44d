import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import { anyObject, bool, dateTime, int, NamedSchema, object, record, Schema, str } from './schema';

/**
 * The answers of the API families in the OpenAPI document, as composed decorators: the success
 * envelope around a record (`ApiEnvelope`, `ApiList`, `ApiPage`), and the error envelope each
 * family's exception filter writes (`ApiErrors`, `ApiHeadlessErrors`, `ApiWebhookErrors`).
 */

const schemaOf = (data: Schema | NamedSchema): Schema => ('ref' in data && 'name' in data ? data.ref : data);

const SUCCESS: Schema = { type: 'boolean', enum: [true] };
const FAILURE: Schema = { type: 'boolean', enum: [false] };

/** `meta.pagination` of a cursor-paged list: totals only when the request asked for a count. */
export const PAGINATION = record(
  'Pagination',
  object({ hasNext: bool, hasPre: bool, total: int, totalPage: int }, ['total', 'totalPage']),
);

/** The v2 and headless success envelope around `data`. */
export function envelopeOf(data: Schema | NamedSchema, meta: Schema = anyObject): Schema {
  return object({ success: SUCCESS, data: schemaOf(data), meta, message: str, timestamp: dateTime });
}

export interface AnswerOptions {
  /** 200 unless given (201 created, 202 accepted). */
  status?: number;
  description?: string;
  /** The schema of `meta` (default: an object whose keys are not fixed). */
  meta?: Schema;
}

/** A success answer: the envelope around one record (or any schema given). */
export const ApiEnvelope = (data: Schema | NamedSchema, options: AnswerOptions = {}) =>
  ApiResponse({
    status: options.status ?? 200,
    description: options.description ?? 'OK',
    schema: envelopeOf(data, options.meta),
  });

/** A success answer: a whole list of records, `meta.count` items. */
export const ApiList = (item: Schema | NamedSchema, options: AnswerOptions = {}) =>
  ApiEnvelope({ type: 'array', items: schemaOf(item) }, { meta: object({ count: int }), ...options });

/** A success answer: one page of a list, `meta.pagination` saying where the pages around it are. */
export const ApiPage = (item: Schema | NamedSchema, options: AnswerOptions = {}) =>
  ApiEnvelope({ type: 'array', items: schemaOf(item) }, { meta: object({ pagination: PAGINATION.ref }), ...options });

/** A success answer outside the envelope (v1, the webhook API, probes): the body is `body`. */
export const ApiPlain = (body: Schema | NamedSchema, options: Omit<AnswerOptions, 'meta'> = {}) =>
  ApiResponse({ status: options.status ?? 200, description: options.description ?? 'OK', schema: schemaOf(body) });

/** A success answer that is not JSON (a stream, a PEM file): its media type and what it is. */
export const ApiFile = (mediaType: string | string[], description: string) => {
  const types = Array.isArray(mediaType) ? mediaType : [mediaType];
  return applyDecorators(
    ApiProduces(...types),
    ApiResponse({
      status: 200,
      description,
      content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])),
    }),
  );
};

/** The error envelope of the v2, v1, operator and headless APIs: `error.code` is the stable part. */
export const ERROR_ENVELOPE = record(
  'ErrorEnvelope',
  object({
    success: FAILURE,
    error: object(
      {
        message: str,
        code: { type: 'string', example: 'BAD_REQUEST' },
        statusCode: int,
        field: { type: 'string', description: 'The input at fault, when one is' },
        reason: { type: 'string', description: 'A referral refusal: the rule that refused it (docs/referrals.md)' },
      },
      ['field', 'reason'],
    ),
    timestamp: dateTime,
  }),
);

/** The webhook API's error envelope: `error` is the message. */
export const WEBHOOK_ERROR_ENVELOPE = record(
  'WebhookErrorEnvelope',
  object(
    {
      success: FAILURE,
      error: str,
      code: { type: 'string', example: 'BAD_REQUEST' },
      field: str,
      timestamp: dateTime,
    },
    ['field'],
  ),
);

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503;

/** What each refusal means, with the codes a client tells apart. */
const ERRORS: Record<ErrorStatus, string> = {
  400: 'The request is not valid: BAD_REQUEST (a field; `field` names it) or a rule of the service (INSUFFICIENT_POINTS, INVALID_AMOUNT, INVALID_PROGRAM, LIMIT_REACHED, a referral refusal with its `reason`, ...)',
  401: 'Credentials missing or wrong: UNAUTHORIZED',
  403: 'Not allowed for this shop or customer: PLAN_UPGRADE_REQUIRED, PLAN_NOT_ELIGIBLE, NOT_ELIGIBLE, EXCLUDED, OPT_IN_NOT_ENABLED',
  404: 'The record named in the path or the body is not there (or is another shop’s): NOT_FOUND',
  409: 'Conflicts with what exists: IDEMPOTENCY_CONFLICT (a key reused with another body), SHOP_EXISTS, TIER_NAME_TAKEN, TIER_TARGET_TAKEN, TIER_HAS_MEMBERS, WEBHOOK_EXISTS, USERNAME_TAKEN, CHAT_ACCOUNT_TAKEN, ALREADY_DECIDED',
  413: 'The body is larger than this route accepts: PAYLOAD_TOO_LARGE',
  429: 'Too many failed authentications from this client or for this key: TOO_MANY_REQUESTS; retry after Retry-After seconds',
  502: 'A provider or a signature failed, or is not configured for the shop: ALPHA_PASS_GENERATION_FAILED, BETA_PASS_GENERATION_FAILED; nothing was changed',
  503: 'SERVICE_UNAVAILABLE: a store could not be reached or the record kept changing; retry after Retry-After seconds, a write with the same Idempotency-Key. When the message says the outcome is unknown (the connection was lost while the change was committed), that retry answers the stored result',
};

/** The headless API's own words for the refusals it answers without a body. */
const HEADLESS_ERRORS: Partial<Record<ErrorStatus, string>> = {
  401: 'Missing, forged, expired or other-shop token (no body)',
  429: 'Request quota of the token or client used up, or too many failed authentications (no body; Retry-After)',
};

const errorsIn = (
  envelope: NamedSchema,
  statuses: ErrorStatus[],
  bodiless: Partial<Record<ErrorStatus, string>> = {},
) =>
  applyDecorators(
    ...statuses.map((status) => {
      const withoutBody = bodiless[status];
      return withoutBody
        ? ApiResponse({ status, description: withoutBody })
        : ApiResponse({ status, description: ERRORS[status], schema: envelope.ref });
    }),
  );

/** Refusals of the v2, v1 and operator APIs, in the error envelope. */
export const ApiErrors = (...statuses: ErrorStatus[]) => errorsIn(ERROR_ENVELOPE, statuses);

/** Refusals of the headless API: 401 and 429 have no body (so a storefront learns nothing from them). */
export const ApiHeadlessErrors = (...statuses: ErrorStatus[]) => errorsIn(ERROR_ENVELOPE, statuses, HEADLESS_ERRORS);

/** Refusals of the webhook API, in its own envelope. */
export const ApiWebhookErrors = (...statuses: ErrorStatus[]) => errorsIn(WEBHOOK_ERROR_ENVELOPE, statuses);
