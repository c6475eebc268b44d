import { NextFunction, Request, Response } from 'express';
import { DomainError } from '../../domain/domain-error';
import { AuthFailureThrottle } from './auth-failure-throttle';
import { drainThen } from '../input/input-policy.middleware';

/** Paths without credentials (probes, metrics, docs) are never throttled. */
const OPEN = /^\/(health|ready|metrics|docs)(\/|$)/;

/** The key a request presents, if any: a shop's app key, an audit key, or the shop of a platform webhook. */
function presentedKey(request: Request): string | null {
  const key =
    request.header('x-svc-loyalty-app-key') ??
    request.header('x-svc-loyalty-audit-key') ??
    request.header('x-platform-shop-domain');
  return key ? key.slice(0, 200) : null;
}

/**
 * Every API family: a client (IP) or key with too many failed authentications recently is answered
 * 429 with Retry-After before anything is looked up; each 401 answered is counted.
 */
export function authThrottle(throttle: AuthFailureThrottle) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (OPEN.test(request.path)) return next();
    const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const key = presentedKey(request);
    const wait = throttle.retryAfter(ip, key);
    if (wait > 0) {
      // Read off the body first, so the client reads the 429 rather than a reset connection.
      return drainThen(
        request,
        next,
        new DomainError('TOO_MANY_REQUESTS', 'Too many failed authentications; retry later', 429, {
          retryAfterSeconds: wait,
        }),
      );
    }
    response.on('finish', () => {
      if (response.statusCode === 401) void throttle.failed(ip, key);
    });
    next();
  };
}
