import { randomUUID } from 'node:crypto';
import { PgAdvisoryLeases } from '../../src/infrastructure/leases/pg-advisory-leases.adapter';
import { SingleProcessLeases } from '../../src/infrastructure/leases/leases.port';
import { defaultStoreKind } from '../support/stores';

const databaseUrl = process.env.DATABASE_URL;
const onPostgres = defaultStoreKind() === 'postgres' && databaseUrl ? describe : describe.skip;

/** Two processes' leases are two sessions: one holds a name at a time, until its session ends. */
onPostgres('leases on PostgreSQL advisory locks', () => {
  const opened: PgAdvisoryLeases[] = [];
  const open = () => {
    const leases = new PgAdvisoryLeases(databaseUrl!);
    opened.push(leases);
    return leases;
  };
  afterAll(async () => {
    for (const leases of opened) await leases.close();
  });

  it('one holder at a time; the other takes the lease once the holder closes', async () => {
    const name = `test-${randomUUID()}`;
    const [a, b] = [open(), open()];
    expect(await a.holds(name)).toBe(true);
    expect(await a.holds(name)).toBe(true);
    expect(await b.holds(name)).toBe(false);
    expect(await b.holds(`${name}-other`)).toBe(true);
    await a.close();
    expect(await b.holds(name)).toBe(true);
    expect(await a.holds(name)).toBe(false);
  });

  it('a holder whose session was ended by the server has lost its leases and asks again', async () => {
    const name = `test-${randomUUID()}`;
    const [a, b] = [open(), open()];
    expect(await a.holds(name)).toBe(true);
    const { Client } = await import('pg');
    const admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Ends a's session as a restart or a network cut would.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = (hashtextextended($1, 0) & 4294967295)::oid AND granted`,
        [`lease:${name}`],
      );
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 50 && !(await b.holds(name)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await b.holds(name)).toBe(true);
    expect(await a.holds(name)).toBe(false);
  });
});

describe('leases of the embedded store', () => {
  it('the one process holds every lease', async () => {
    expect(await new SingleProcessLeases().holds('anything')).toBe(true);
  });
});
