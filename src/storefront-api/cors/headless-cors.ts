import { NextFunction, Request, RequestHandler, Response } from 'express';
import { decode } from 'jsonwebtoken';
import { StorefrontOrigins } from './storefront-origins';

/** Where the headless API lives: only its routes answer storefront pages of other origins. */
export const HEADLESS_PATH = '/app/api/v1/headless/';

/** What the headless API's calls use (the preflight's answer). */
export const CORS_METHODS = 'GET, POST, PATCH';
export const CORS_HEADERS = 'Authorization, Content-Type, Accept-Language, Idempotency-Key';
/** Answer headers a storefront script may read (a 429's wait, the public list's validator). */
export const CORS_EXPOSED = 'Retry-After, ETag';
/** Seconds a browser may keep a preflight's answer. */
export const CORS_MAX_AGE_S = 600;

/** The shop a bearer token names, unverified: it only chooses which shop's origins apply (the guard verifies the token). */
function tokenShop(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const claims = match ? decode(match[1], { json: true }) : null;
  return typeof claims?.shop === 'string' ? claims.shop : null;
}

/**
 * CORS for the headless API. An origin is allowed when the shop allows it: the token's shop when
 * the request carries one, else (a preflight, the token exchange) any shop, since those name none.
 * An allowed origin gets `Access-Control-Allow-Origin` naming it (never `*`, never credentials:
 * the API authenticates with bearer tokens, not cookies); other origins get no CORS header, so
 * the browser keeps the answer from the page. A preflight is answered here, 204 either way.
 */
export function headlessCors(origins: StorefrontOrigins): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (!origin || !req.path.startsWith(HEADLESS_PATH)) return next();
    res.vary('Origin');
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    origins.shopsAllowing(origin).then((shops) => {
      const shop = preflight ? null : tokenShop(req);
      if (shop ? shops.has(shop) : shops.size > 0) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        if (preflight) {
          res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
          res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
          res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE_S));
        } else res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED);
      }
      if (preflight) res.status(204).end();
      else next();
    }, next);
  };
}
