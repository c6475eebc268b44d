/**
 * The errors the store ports throw that the API turns into answers (error-body.ts). They live here,
 * below both, so the HTTP layer maps them without depending on the infrastructure.
 */

/** A cursor named a document that does not exist or is not in the list (another owner, outside the filter). */
export class UnknownCursorError extends Error {
  constructor(readonly cursor: string) {
    super(`Unknown cursor ${cursor}`);
  }
}

const messageOf = (cause: unknown): string =>
  typeof cause === 'object' && cause !== null && 'message' in cause && cause.message != null
    ? String(cause.message)
    : String(cause);

/**
 * A store could not be reached (connection refused, no primary, deadline passed, the connection cut).
 * Adapters throw it instead of their client's error so the API answers 503 (retry later) rather than
 * 500, and so nothing above the ports depends on a client library's error classes.
 *
 * `outcomeUnknown`: the connection was lost while a write was being committed (a COMMIT, or a write
 * statement run on its own), so it may have been stored. The client's retry with the same
 * Idempotency-Key (or the platform's webhook id) answers the stored result instead of applying it twice.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: string,
    readonly cause: unknown,
    readonly outcomeUnknown = false,
  ) {
    super(`${store} is unavailable: ${messageOf(cause)}`);
    this.name = 'StoreUnavailableError';
  }
}

/** Seconds a client is asked to wait before retrying after a store was unavailable (Retry-After). */
export const STORE_RETRY_AFTER_SECONDS = 2;
