import { Pool, PoolClient, PoolConfig } from 'pg';
import { SqlClient, SqlQueryable } from './sql-client';
import { asStoreError, isConnectionError, READS_ONLY } from './connection-errors';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

/** Distinct SQL texts a client names (the service runs a few dozen); any beyond run unnamed. */
const NAMED_TEXTS = 400;

/**
 * Names for the SQL texts run with parameters: `pg` prepares a named statement on a connection the
 * first time it runs there, so each connection parses a text once, and PostgreSQL may keep its plan
 * (its own choice: after five runs it keeps a generic plan when that costs no more than the ones made
 * for each run's values). Under award load the server spent longer parsing and planning the feed's
 * reads and the group appends than running them, on the core the service, its clients and
 * PostgreSQL share; named statements with kept plans spend the least statement time.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit: number) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `s${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/** How long a request waits for a connection (a new one, or one of the pool's to be free) before it answers 503. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * PostgreSQL through a pool of at most `max` connections. A connection error at any moment (idle in
 * the pool, between two statements of a transaction, during a statement) never reaches Node as an
 * unhandled 'error' event: it fails the caller's promise with StoreUnavailableError, and the
 * connection is discarded, never handed out again; the next caller gets a new one.
 */
export class PgSqlClient implements SqlClient {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly statements = new StatementNames(NAMED_TEXTS);

  constructor(connectionString: string, options: Partial<PoolConfig> = {}) {
    this.pool = new Pool({
      connectionString,
      max: 20,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...options,
    });
    // An idle client's error (server restart) must not crash the process; the pool drops that client.
    this.pool.on('error', () => undefined);
  }

  async query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    const result = await this.onOwnConnection((client) => client.query(this.statement(text, params)), text);
    return result.rows as Row[];
  }

  async exec(text: string): Promise<void> {
    await this.onOwnConnection((client) => client.query(text), text);
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await this.connect();
    const cut = new CutWatch(client);
    let committing = false;
    try {
      await client.query('BEGIN');
      const tx: SqlQueryable = {
        query: async <Row>(text: string, params: unknown[] = []) =>
          (await client.query(this.statement(text, params))).rows as Row[],
      };
      const result = await work(tx);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // Cut before COMMIT was sent: the server rolls the transaction back. Cut during it: unknown.
      if (cut.lost || isConnectionError(error)) throw cut.failed(asStoreError(STORE, error, committing));
      await client.query('ROLLBACK').catch((rollbackError: unknown) => cut.failed(rollbackError));
      throw error;
    } finally {
      cut.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** One statement on a connection of the pool, released after (discarded if it failed). */
  private async onOwnConnection<R>(run: (client: PoolClient) => Promise<R>, text: string): Promise<R> {
    const client = await this.connect();
    const cut = new CutWatch(client);
    try {
      return await run(client);
    } catch (error) {
      // A write run on its own commits as it ends: cut during it, it may or may not be stored.
      if (cut.lost || isConnectionError(error)) throw cut.failed(asStoreError(STORE, error, !READS_ONLY.test(text)));
      throw error;
    } finally {
      cut.release();
    }
  }

  /** A connection of the pool; none to be had (server down, full, pool ended) is StoreUnavailableError. */
  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw isConnectionError(error) ? new StoreUnavailableError(STORE, error) : error;
    }
  }

  /** A text without parameters runs unnamed (schema setup, several statements in one text). */
  private statement(text: string, params: unknown[]): { text: string; values: unknown[]; name?: string } {
    const name = params.length > 0 ? this.statements.nameOf(text) : undefined;
    return name === undefined ? { text, values: params } : { name, text, values: params };
  }
}

const STORE = 'PostgreSQL';

/**
 * Watches a borrowed connection for an error the server sends while no statement runs (terminated
 * between two statements): without a listener Node ends the process. Released with the error, the
 * pool closes the connection instead of handing it out again.
 */
class CutWatch {
  private error: unknown = null;
  private readonly listener = (error: unknown) => void (this.error ??= error);

  constructor(private readonly client: PoolClient) {
    client.on('error', this.listener);
  }

  get lost(): boolean {
    return this.error !== null;
  }

  /** Marks the connection as not to be reused; answers `error` (to be thrown). */
  failed<E>(error: E): E {
    this.error ??= error ?? new Error('connection failed');
    return error;
  }

  release(): void {
    this.client.removeListener('error', this.listener);
    const error = this.error;
    this.client.release(error ? (error instanceof Error ? error : new Error(String(error))) : undefined);
  }
}
