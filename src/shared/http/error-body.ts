import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError } from '../domain/domain-error';
import { STORE_RETRY_AFTER_SECONDS, StoreUnavailableError, UnknownCursorError } from '../domain/store-errors';

const CODE_FOR_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export interface ErrorBody {
  message: string;
  code: string;
  statusCode: number;
  field?: string;
  /** A referral refusal: the rule that refused it (`self_referral_same_email`...). */
  reason?: string;
}

/** Seconds a client should wait before retrying (429 throttling, 503 busy stream or store out of reach), when known. */
export function retryAfterOf(exception: unknown): number | null {
  if (exception instanceof StoreUnavailableError) return STORE_RETRY_AFTER_SECONDS;
  const seconds = exception instanceof DomainError ? exception.details?.retryAfterSeconds : undefined;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/** Maps anything thrown to the error shape of spec 2.1 / 7: `{success: false, error {message, code, statusCode}, timestamp}`. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof DomainError) {
    const field = exception.details?.field;
    const reason = exception.details?.reason;
    return {
      message: exception.message,
      code: exception.code,
      statusCode: exception.status,
      ...(typeof field === 'string' ? { field } : {}),
      ...(typeof reason === 'string' ? { reason } : {}),
    };
  }
  if (exception instanceof UnknownCursorError) {
    return {
      message: `${exception.message}: before/after must be the id of an item in this list`,
      code: 'BAD_REQUEST',
      statusCode: 400,
    };
  }
  if (exception instanceof StoreUnavailableError) {
    return { message: storeUnavailableMessage(exception), code: 'SERVICE_UNAVAILABLE', statusCode: 503 };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
    // Body-parser failures (bad JSON) arrive as 400 HttpExceptions.
    return { message, code: CODE_FOR_STATUS[status] ?? 'ERROR', statusCode: status };
  }
  const status =
    (exception as { status?: number; statusCode?: number })?.status ??
    (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      message: (exception as Error).message ?? 'Bad request',
      code: CODE_FOR_STATUS[status] ?? 'BAD_REQUEST',
      statusCode: status,
    };
  }
  return {
    message: 'Internal server error; safe to retry with backoff',
    code: 'INTERNAL_ERROR',
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
  };
}

/**
 * What a client may conclude from a store outage. The connection lost while a write was committed:
 * the write may be stored, and only a retry with the same key tells (it answers the stored result).
 * Otherwise the step that failed wrote nothing; every write answered 503 is safe to retry with the
 * same Idempotency-Key or webhook id (docs/operations.md says which are safe without one).
 */
function storeUnavailableMessage(error: StoreUnavailableError): string {
  if (error.outcomeUnknown)
    return (
      `${error.store} became unavailable while a change was being committed: its outcome is unknown. ` +
      'Retry with the same Idempotency-Key (or webhook id) to get the stored result'
    );
  return `${error.store} is unavailable; retry later (a write with the same Idempotency-Key or webhook id)`;
}
