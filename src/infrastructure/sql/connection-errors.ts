import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

/** Socket errors: the server is not there, or the connection to it broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that ended or refused the session: admin_shutdown (57P01, what
 * pg_terminate_backend and a fast shutdown send), crash_shutdown (57P02), cannot_connect_now (57P03:
 * starting up, shutting down, in recovery), idle_session_timeout (57P05),
 * idle_in_transaction_session_timeout (25P03), too_many_connections (53300), and the whole
 * connection_exception class (08xxx).
 */
const SESSION_CODES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300']);

/** What the `pg` driver and its pool say when a connection was cut or could not be had in time. */
const DRIVER_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  // A database closed to connections for maintenance (ALTER DATABASE ... ALLOW_CONNECTIONS false).
  /is not currently accepting connections/i,
  /Cannot use a pool after calling end/i,
];

/** A statement that only reads: if its connection is lost, nothing it did can have been stored. */
export const READS_ONLY = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;

/** The error is a lost or refused connection (retry later), not a statement the server refused. */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SESSION_CODES.has(code) || /^08/.test(code))) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * PGlite's own failures: closed (or closing) under a caller, or its WebAssembly instance broken (an
 * abort, a trap, a file system error while it syncs its files). Each leaves the embedded database
 * unusable until the process starts again, which the caller cannot fix by asking differently.
 */
export function isEmbeddedStoreFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  // RuntimeError: WebAssembly's trap (the build's types do not know the WebAssembly global).
  if (name === 'RuntimeError' || name === 'ExitStatus' || name === 'ErrnoError') return true;
  return typeof message === 'string' && /PGlite is clos(ed|ing)|^Aborted\(/.test(message);
}

/** `error` as thrown to the ports: a connection error becomes StoreUnavailableError, anything else stays. */
export function asStoreError(store: string, error: unknown, outcomeUnknown = false): unknown {
  if (error instanceof StoreUnavailableError) return error;
  return isConnectionError(error) ? new StoreUnavailableError(store, error, outcomeUnknown) : error;
}
