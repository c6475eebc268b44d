import { NextFunction, Request, Response } from 'express';
import { AuthFailureThrottle } from './auth-failure-throttle';
import { clientKey } from '../client-address/client-address';
import { markFailureWait } from './throttled-failure';

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
 * Every API family: credentials are always checked, and only failures are counted (per client IP, an
 * IPv6 client by its /64, and per presented key). A client or key over its failure quota has its next
 * failures answered 429 with Retry-After instead of 401 (see `throttledFailure`); a request with good
 * credentials is never refused, whatever its address or key has seen.
 */
export function authThrottle(throttle: AuthFailureThrottle) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (OPEN.test(request.path)) return next();
    const ip = clientKey(request.ip ?? request.socket.remoteAddress);
    const key = presentedKey(request);
    markFailureWait(request, throttle.retryAfter(ip, key));
    response.on('finish', () => {
      if (response.statusCode === 401) void throttle.failed(ip, key);
    });
    next();
  };
}
