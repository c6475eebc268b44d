/**
 * Limits on what a request may carry, applied at the edge before anything is validated or stored
 * (docs/limits.md). Bodies are read only up to `maxBytes`, then nesting, array lengths and text
 * lengths are checked before the DTO pipe or a parser sees them.
 */
export interface BodyLimits {
  maxBytes: number;
  maxDepth: number;
  maxItems: number;
  maxText: number;
  /** false: the raw bytes are not kept beside the parsed body (large bodies no one verifies a signature of). */
  keepRawBody?: boolean;
  /**
   * Requests of the route handled at once, from the body arrived to the answer sent (bounds the memory
   * of decoding large bodies); the others wait, bodies read, in order. A body still arriving holds no slot.
   */
  maxConcurrent?: number;
  /**
   * The caller's credentials are checked before a byte of the body is read (see `inputPolicy`'s
   * `beforeBody`): a large body is read only for a caller who may send it.
   */
  authenticateFirst?: boolean;
  /** The least time the body may take to arrive, whatever REQUEST_BODY_TIMEOUT_MS says (large uploads). */
  minBodyTimeoutMs?: number;
  /**
   * Integers beyond ±(2^53 - 1) are read as strings of their digits instead of refused (the
   * commerce platform's 64-bit ids; see large-integers.ts).
   */
  largeIntegersAsText?: boolean;
}

/** Path parameters and query values: ids, cursors and filters are short. */
export const MAX_PATH_SEGMENT = 200;
export const MAX_QUERY_VALUE = 1000;
export const MAX_QUERY_PARAMS = 50;

const MANAGEMENT: BodyLimits = { maxBytes: 100 * 1024, maxDepth: 16, maxItems: 1000, maxText: 10_000 };

/** Longest prefix wins. */
export const BODY_LIMITS: Array<{ prefix: string; limits: BodyLimits }> = [
  // Carts: the 500-line maximum is refused here, before a line is transformed or priced.
  { prefix: '/rest_api/v2/programs/earning/points/calculate', limits: { ...MANAGEMENT, maxItems: 500 } },
  { prefix: '/rest_api/v1/earn/calc-points', limits: { ...MANAGEMENT, maxItems: 500 } },
  // Commerce platform payloads: large orders, 64-bit ids.
  {
    prefix: '/platform/webhooks',
    limits: { maxBytes: 1024 * 1024, maxDepth: 16, maxItems: 5000, maxText: 10_000, largeIntegersAsText: true },
  },
  { prefix: '/admin/api', limits: { ...MANAGEMENT, maxBytes: 16 * 1024 } },
  { prefix: '/', limits: MANAGEMENT },
];

/**
 * Routes with a limit of their own, by exact path (so no other path under them gets it). Image
 * uploads: 5 images of 10 MB are about 70 MB of base64; the batch's own rules (count, size per
 * image, types) are the handler's, which answers INVALID_INPUT, so strings are bounded only by the body.
 */
const UPLOAD_BYTES = 70 * 1024 * 1024;
export const EXACT_BODY_LIMITS: Readonly<Record<string, BodyLimits>> = {
  '/app/api/v1/headless/customer/earn/upload': {
    maxBytes: UPLOAD_BYTES,
    maxDepth: 4,
    maxItems: 50,
    maxText: UPLOAD_BYTES,
    keepRawBody: false,
    // Each upload holds its body about three times over (bytes, text, parsed) and its images.
    maxConcurrent: 2,
    // 70 MB are read only for a shopper's valid token (of a shop that exists).
    authenticateFirst: true,
    // 70 MB in five minutes: about 2 Mbit/s, a slow mobile uplink (Node's own request timeout).
    minBodyTimeoutMs: 300_000,
  },
};

export function bodyLimitsFor(path: string): BodyLimits {
  const exact = EXACT_BODY_LIMITS[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (exact) return exact;
  let best = BODY_LIMITS[BODY_LIMITS.length - 1];
  for (const entry of BODY_LIMITS) {
    if (path.startsWith(entry.prefix) && entry.prefix.length > best.prefix.length) best = entry;
  }
  return best.limits;
}
