/**
 * The little SQL surface both PostgreSQL adapters need. `pg` (a real server, a pool of connections)
 * and PGlite (embedded, one connection) implement it with the same SQL text.
 */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlQueryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (schema setup). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL SQLSTATE for unique_violation. */
export const UNIQUE_VIOLATION = '23505';
