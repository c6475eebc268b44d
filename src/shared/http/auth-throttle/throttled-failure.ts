import { Request } from 'express';
import { because } from '../../domain/domain-error';
import { toErrorBody } from '../error-body';

const FAILURE_WAIT = Symbol('authFailureWait');

type ThrottleMarked = Request & { [FAILURE_WAIT]?: number };

/** Seconds the request's client or key must wait before failing again (0: not throttled). */
export function markFailureWait(request: Request, seconds: number): void {
  if (seconds > 0) (request as ThrottleMarked)[FAILURE_WAIT] = seconds;
}

/**
 * What a request's failure is answered with: a failed authentication (401) of a client or key over
 * its failure quota becomes 429 with Retry-After; everything else, and every request whose
 * credentials are right, is answered as it is. Every exception filter asks this first.
 */
export function throttledFailure(exception: unknown, request: Request): unknown {
  const wait = (request as ThrottleMarked)[FAILURE_WAIT];
  if (!wait || toErrorBody(exception).statusCode !== 401) return exception;
  return because.tooManyFailedAuthentications(wait);
}
