import { Client } from 'pg';
import { PgSqlClient } from '../../src/infrastructure/sql/pg.client';
import { isConnectionError } from '../../src/infrastructure/sql/connection-errors';
import { PgAdvisoryLeases } from '../../src/infrastructure/leases/pg-advisory-leases.adapter';
import { StoreUnavailableError } from '../../src/shared/domain/store-errors';
import { createTestDatabase } from '../support/stores';

/**
 * A PostgreSQL connection cut (a failover, a restart, a proxy's timeout: here pg_terminate_backend)
 * never ends the process: whatever the connection was doing, the caller gets StoreUnavailableError,
 * the connection is discarded, and the next caller gets a new one.
 */
describe('connection errors', () => {
  it('names lost and refused connections, not statements the server refused', () => {
    const lost = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const error of lost) expect([error.message, isConnectionError(error)]).toEqual([error.message, true]);
    const refused = [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      new Error('A points command produced no event'),
      null,
      'text',
    ];
    for (const error of refused) expect(isConnectionError(error)).toBe(false);
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a PostgreSQL connection cut (postgres)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let admin: Client;
  let sql: PgSqlClient;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL!);
    admin = new Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE TABLE t (n int)');
    process.on('uncaughtException', onUncaught);
  });
  beforeEach(() => {
    sql = new PgSqlClient(database.url, { max: 2 });
  });
  afterEach(() => sql.close());
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin.end();
    await database.drop();
  });

  const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('between two statements of a transaction: StoreUnavailableError (nothing stored), no crash, the next query works', async () => {
    const outcome = sql.transaction(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await tx.query('INSERT INTO t VALUES (1)');
      await terminate(pid);
      // The server's goodbye arrives while no statement runs: an 'error' event on the idle connection.
      await pause(1000);
      await tx.query('INSERT INTO t VALUES (2)');
    });
    const error = await outcome.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(error).toMatchObject({ store: 'PostgreSQL', outcomeUnknown: false });
    expect(uncaught).toEqual([]);
    // Rolled back by the server; the pool hands out a new connection.
    expect(await sql.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 0 }]);
    await sql.transaction((tx) => tx.query('INSERT INTO t VALUES (3)'));
    expect(await sql.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1 }]);
    await sql.exec('DELETE FROM t');
  });

  it('idle in the pool: the next query gets a new connection', async () => {
    const [{ pid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await terminate(pid);
    await pause(300);
    const [{ pid: next }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(next).not.toBe(pid);
    expect(uncaught).toEqual([]);
  });

  it('during a statement: a read says nothing was written, a write that commits on its own says its outcome is unknown', async () => {
    const cutWhileRunning = async (text: string) => {
      const running = sql.query(text).catch((e: unknown) => e);
      await pause(300);
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1 AND state = 'active'",
        [text],
      );
      expect(rows).toHaveLength(1);
      await terminate(rows[0].pid);
      return running;
    };
    expect(await cutWhileRunning('SELECT pg_sleep(5)')).toMatchObject({ outcomeUnknown: false });
    const write = await cutWhileRunning('INSERT INTO t SELECT 1 FROM pg_sleep(5)');
    expect(write).toBeInstanceOf(StoreUnavailableError);
    expect(write).toMatchObject({ outcomeUnknown: true });
    expect(await sql.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 0 }]);
    expect(uncaught).toEqual([]);
  });

  it('a server that refuses connections: StoreUnavailableError at once', async () => {
    const nowhere = new PgSqlClient('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    try {
      await expect(nowhere.query('SELECT 1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(nowhere.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await nowhere.close();
    }
  });

  it('the lease connection cut: its leases are forgotten, the next ask connects again and takes them back', async () => {
    const leases = new PgAdvisoryLeases(database.url);
    try {
      expect(await leases.holds('x')).toBe(true);
      const { rows } = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(rows).toHaveLength(1);
      await terminate(rows[0].pid);
      await pause(300);
      expect(uncaught).toEqual([]);
      // Forgotten with the session, and taken again on a new one.
      expect(await leases.holds('x')).toBe(true);
      const after = await admin.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory'");
      expect(after.rows.map((r) => r.pid)).not.toContain(rows[0].pid);
    } finally {
      await leases.close();
    }
  });
});
