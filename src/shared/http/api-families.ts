import type { ErrorBody } from './error-body';

/**
 * The API families and the error envelope each answers with, found by path prefix, so that every
 * refusal (a domain rule, a DTO, the input policy, the body parser, an unknown route) is in the
 * envelope of the family the client called.
 */
export interface ApiFamily {
  name: string;
  prefix: string;
  errorEnvelope(error: ErrorBody): Record<string, unknown>;
}

const timestamp = () => new Date().toISOString();

/** Spec 2.1 / 7: `{success: false, error {message, code, statusCode, field?}, timestamp}`. */
const v2Envelope = (error: ErrorBody) => ({ success: false, error, timestamp: timestamp() });

/** Spec 7: webhook API failures are `{success: false, error: string, timestamp}` (plus code and field). */
const webhookEnvelope = (error: ErrorBody) => ({
  success: false,
  error: error.message,
  code: error.code,
  ...(error.field !== undefined ? { field: error.field } : {}),
  timestamp: timestamp(),
});

export const API_FAMILIES: ApiFamily[] = [
  { name: 'webhooks', prefix: '/app/api/v1/webhooks', errorEnvelope: webhookEnvelope },
  { name: 'v2', prefix: '/rest_api/v2', errorEnvelope: v2Envelope },
  // v1's error body is not specified: it answers in the v2 shape.
  { name: 'v1', prefix: '/rest_api/v1', errorEnvelope: v2Envelope },
  { name: 'operator', prefix: '/admin/api', errorEnvelope: v2Envelope },
  { name: 'platform', prefix: '/platform/webhooks', errorEnvelope: v2Envelope },
];

const DEFAULT_FAMILY: ApiFamily = { name: 'default', prefix: '/', errorEnvelope: v2Envelope };

export function familyOf(path: string): ApiFamily {
  return (
    API_FAMILIES.find((f) => path === f.prefix || path.startsWith(`${f.prefix}/`) || path.startsWith(`${f.prefix}?`)) ??
    DEFAULT_FAMILY
  );
}
