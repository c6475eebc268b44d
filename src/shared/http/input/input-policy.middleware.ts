import { NextFunction, Request, Response } from 'express';
import pLimit from 'p-limit';
import { because, DomainError } from '../../domain/domain-error';
import { BodyLimits, bodyLimitsFor, MAX_PATH_SEGMENT, MAX_QUERY_PARAMS, MAX_QUERY_VALUE } from './input-limits';
import { parseKeepingLargeIntegers } from './large-integers';
import { checkJsonValue, jsonDepthExceeds, printable, textProblem } from './text-policy';

type RawRequest = Request & { rawBody?: Buffer };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const decodeOrNull = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * The input policy at the edge, before routing: path segments and query values are decoded and
 * checked (UTF-8, no NUL or lone surrogate, bounded length), and JSON bodies are read up to the
 * route's size limit, within `bodyTimeoutMs` of the start of reading, checked for nesting depth on
 * the raw text, decoded as strict UTF-8, parsed and walked (see text-policy) before any pipe or
 * controller sees them. Refusals go to the global exception filter, which answers in the envelope
 * of the path's API family. A body is never read past its limit: a declared length over it is
 * refused before a byte is read, and a refused body's connection is closed once the answer is sent.
 * A route with `maxConcurrent` takes one of its slots only once its body has arrived.
 */
export function inputPolicy(routesOf: RoutesOf, beforeBody: BeforeBody = allowed, bodyTimeoutMs = 30_000) {
  const gates = new Map<BodyLimits, ReturnType<typeof pLimit>>();
  const gateOf = (limits: BodyLimits, max: number) => {
    if (!gates.has(limits)) gates.set(limits, pLimit(max));
    return gates.get(limits)!;
  };
  const reading: BodyReading = { gateOf, timeoutMs: bodyTimeoutMs };
  const readBody = (req: RawRequest, res: Response, next: NextFunction) => {
    if (!bodyLimitsFor(req.path).authenticateFirst) return readBodyOf(req, res, next, reading);
    beforeBody(req, res).then(
      (proceed) => (proceed ? readBodyOf(req, res, next, reading) : undefined),
      (error) => next(error),
    );
  };
  return (req: RawRequest, res: Response, next: NextFunction): void => {
    const refusal = checkPath(req, routesOf) ?? checkQuery(req);
    if (refusal) return next(refusal);
    if (!hasBody(req)) return next();
    const { maxBytes } = bodyLimitsFor(req.path);
    if (Number(req.headers['content-length'] ?? 0) > maxBytes)
      return refuseUnread(req, res, next, because.payloadTooLarge(maxBytes));
    readBody(req, res, next);
  };
}

/** How bodies are read: the gates of the routes that read few at once, and the time a body may take. */
interface BodyReading {
  gateOf: (limits: BodyLimits, max: number) => ReturnType<typeof pLimit>;
  timeoutMs: number;
}

/**
 * What runs before the body of an `authenticateFirst` route is read: true to read it; false when it
 * has answered the request itself (a refusal, with the body left unread and the connection closed).
 */
export type BeforeBody = (req: Request, res: Response) => Promise<boolean>;
const allowed: BeforeBody = () => Promise.resolve(true);

function readBodyOf(req: RawRequest, res: Response, next: NextFunction, reading: BodyReading): void {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  // Only JSON bodies are read. Node reads off an unread body after the answer to keep the connection
  // alive: bounded for a declared length (at most the route's limit), not for a chunked body, whose
  // connection is closed instead.
  if (!/^application\/([a-z0-9.+-]+\+)?json\b/.test(type)) {
    if (req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close');
    return next();
  }
  const charset = /charset=([^;\s]+)/.exec(type)?.[1]?.replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    return refuseUnread(req, res, next, because.unsupportedMediaType('JSON bodies must be UTF-8'));
  const limits = bodyLimitsFor(req.path);
  if (!limits.maxConcurrent) return readJson(req, res, next, reading.timeoutMs);
  // The body is read first, under its deadline, and a slot taken only once it has arrived: a client
  // trickling its bytes holds no slot, so slow senders cannot stop every other upload. The slot is
  // then held until the answer is sent or the connection is gone (one that leaves while waiting gives
  // its turn up).
  let gone = false;
  const closed = new Promise<void>((resolve) =>
    res.once('close', () => {
      gone = true;
      resolve();
    }),
  );
  const gate = reading.gateOf(limits, limits.maxConcurrent);
  const inTurn: NextFunction = (error?: unknown) => {
    if (error) return next(error);
    void gate(() => {
      if (!gone) next();
      return closed;
    });
  };
  readJson(req, res, inTurn, reading.timeoutMs);
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The body's deadline: REQUEST_BODY_TIMEOUT_MS (0: none), at least the route's own least. */
function deadlineOf(limits: BodyLimits, timeoutMs: number): number {
  return timeoutMs === 0 ? 0 : Math.max(timeoutMs, limits.minBodyTimeoutMs ?? 0);
}

function readJson(req: RawRequest, res: Response, next: NextFunction, timeoutMs: number): void {
  const limits = bodyLimitsFor(req.path);
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const deadline = deadlineOf(limits, timeoutMs);
  const timer = deadline ? setTimeout(() => stop(because.requestTimeout(deadline)), deadline) : null;
  /** Stops reading for good: the refusal is answered and the connection closed, the rest unread. */
  const stop = (error: DomainError) => {
    if (done) return;
    done = true;
    if (timer) clearTimeout(timer);
    chunks.length = 0;
    req.off('data', onData);
    req.pause();
    refuseUnread(req, res, next, error);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limits.maxBytes) return stop(because.payloadTooLarge(limits.maxBytes));
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.on('error', (error) =>
    stop(because.badRequest(`The body could not be read: ${error.message}`, { field: 'body' })),
  );
  // A client gone before its body arrived is answered nothing (no one to answer).
  req.on('close', () => {
    if (timer && !req.complete) clearTimeout(timer);
  });
  req.on('end', () => {
    if (done) return;
    done = true;
    if (timer) clearTimeout(timer);
    const raw = Buffer.concat(chunks);
    chunks.length = 0;
    if (limits.keepRawBody !== false) req.rawBody = raw;
    const parsed = parseJson(raw, limits);
    if (parsed instanceof DomainError) return next(parsed);
    req.body = parsed;
    next();
  });
}

function parseJson(raw: Buffer, limits: ReturnType<typeof bodyLimitsFor>): unknown {
  const bad = (message: string) => because.badRequest(message, { field: 'body' });
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    return bad('The body must be UTF-8 encoded JSON');
  }
  if (text.trim() === '') return {};
  if (jsonDepthExceeds(text, limits.maxDepth))
    return bad(`The body must not nest arrays and objects deeper than ${limits.maxDepth} levels`);
  let value: unknown;
  try {
    value = limits.largeIntegersAsText ? parseKeepingLargeIntegers(text) : JSON.parse(text);
  } catch (error) {
    return bad(`The body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object') return bad('The body must be a JSON object');
  return checkJsonValue(value, limits) ?? value;
}

/**
 * Answers a refusal without reading (more of) the body: `Connection: close` makes Node close the
 * socket once the answer is sent, instead of reading the rest of the body to keep it alive.
 */
export function refuseUnread(req: Request, res: Response, next: NextFunction, error: DomainError): void {
  if (!req.complete) res.setHeader('Connection', 'close');
  next(error);
}

function checkPath(req: Request, routesOf: RoutesOf): DomainError | null {
  const segments = req.path.split('/');
  for (let i = 0; i < segments.length; i++) {
    const decoded = decodeOrNull(segments[i]);
    const problem =
      decoded === null
        ? 'must be percent-encoded UTF-8'
        : (textProblem(decoded) ??
          (decoded.length > MAX_PATH_SEGMENT ? `must be at most ${MAX_PATH_SEGMENT} characters` : null));
    if (problem) {
      const field = paramNameAt(req, i, routesOf) ?? 'path';
      return because.badRequest(`${field} ${problem}`, { field });
    }
  }
  return null;
}

function checkQuery(req: Request): DomainError | null {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return null;
  const pairs = req.originalUrl
    .slice(at + 1)
    .split('&')
    .filter(Boolean);
  if (pairs.length > MAX_QUERY_PARAMS)
    return because.badRequest(`A query may have at most ${MAX_QUERY_PARAMS} parameters`, { field: 'query' });
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const key = decodeOrNull(rawKey.replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeOrNull(pair.slice(eq + 1).replace(/\+/g, ' '));
    const field = key === null ? 'query' : printable(key);
    const problem =
      key === null || value === null
        ? 'must be percent-encoded UTF-8'
        : (textProblem(key) ??
          textProblem(value) ??
          (value.length > MAX_QUERY_VALUE ? `must be at most ${MAX_QUERY_VALUE} characters` : null));
    if (problem) return because.badRequest(`${field} ${problem}`, { field });
  }
  return null;
}

/** The application's routes, in the order they are tried (given by the HTTP runtime: see app.factory). */
export type RoutesOf = (app: Request['app']) => readonly { path: string; methods: Record<string, boolean> }[];

/** The name of the route parameter at a path segment (`:customerId`), from the application's routes. */
function paramNameAt(req: Request, index: number, routesOf: RoutesOf): string | null {
  const segments = req.path.split('/');
  const method = req.method.toLowerCase();
  for (const route of routesOf(req.app)) {
    if (!(route.methods[method] || route.methods._all)) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const matches = pattern.every((p, i) => p.startsWith(':') || p === segments[i]);
    if (matches && pattern[index]?.startsWith(':')) return pattern[index].slice(1);
  }
  return null;
}
