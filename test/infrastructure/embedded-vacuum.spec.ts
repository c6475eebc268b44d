import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { PgSqlClient } from '../../src/infrastructure/sql/pg.client';
import { SqlReadStore } from '../../src/infrastructure/read-store/sql-read-store.adapter';
import { EmbeddedVacuum } from '../../src/infrastructure/read-store/embedded-vacuum';
import { CollectionDefinition } from '../../src/infrastructure/read-store/read-store.port';

const DOCS: CollectionDefinition = { name: 'vacuum_docs', indexes: [['shopId', 'createdAt']] };
const doc = (i: number, round: number) => ({
  id: `doc-${i}`,
  shopId: 'shop',
  createdAt: '2026-01-01T00:00:00.000Z',
  point: round,
  note: 'x'.repeat(300),
});

/** Rewrites 400 documents `rounds` times, as balance changes rewrite customers; `between` after each round. */
async function rewrite(store: SqlReadStore, rounds: number, between: () => Promise<unknown>) {
  const docs = await store.collection(DOCS);
  for (let round = 0; round < rounds; round++) {
    await docs.putMany(Array.from({ length: 400 }, (_, i) => doc(i, round)));
    await between();
  }
}

const tableBytes = async (sql: PgliteSqlClient) =>
  Number((await sql.query<{ n: string }>(`SELECT pg_relation_size('rs_vacuum_docs')::text AS n`))[0].n);

describe('PGlite read store: the VACUUM its missing autovacuum would run', () => {
  const clients: PgliteSqlClient[] = [];
  const open = async () => {
    const sql = await PgliteSqlClient.open();
    clients.push(sql);
    return sql;
  };
  afterAll(async () => {
    for (const sql of clients) await sql.close();
  });

  it('keeps a table of rewritten documents near its live size, where without it every version stays', async () => {
    const kept = await open();
    const vacuumed = await open();
    const withoutVacuum = new SqlReadStore(kept);
    const withVacuum = new SqlReadStore(vacuumed);
    await rewrite(withoutVacuum, 30, async () => undefined);
    await rewrite(withVacuum, 30, () => withVacuum.maintenance!.vacuumDue());

    // Same documents either way.
    const [a, b] = await Promise.all([
      (await withoutVacuum.collection(DOCS)).get('doc-7'),
      (await withVacuum.collection(DOCS)).get('doc-7'),
    ]);
    expect(b).toEqual(a);
    expect(b).toMatchObject({ point: 29 });
    // 30 versions of 400 documents of about 400 bytes: about 5 MB kept; vacuumed, a few versions' worth.
    expect(await tableBytes(kept)).toBeGreaterThan(4_000_000);
    expect(await tableBytes(vacuumed)).toBeLessThan((await tableBytes(kept)) / 4);
    await Promise.all([withoutVacuum.close(), withVacuum.close()]);
  });

  it('vacuums only tables written at least its threshold of times since their last vacuum', async () => {
    const sql = await open();
    const vacuum = new EmbeddedVacuum(sql, 60_000, 100);
    const exec = jest.spyOn(sql, 'exec');
    await sql.query('CREATE TABLE rs_a (id text PRIMARY KEY)');
    await sql.query('CREATE TABLE rs_b (id text PRIMARY KEY)');
    vacuum.noteWrites('rs_a', 60);
    vacuum.noteWrites('rs_b', 99);
    vacuum.noteWrites('rs_a', 40);
    expect(await vacuum.vacuumDue()).toEqual(['rs_a']);
    expect(exec.mock.calls).toEqual([['VACUUM rs_a']]);
    // Counted again from zero: nothing is due until 100 more writes.
    expect(await vacuum.vacuumDue()).toEqual([]);
    vacuum.noteWrites('rs_b', 1);
    expect(await vacuum.vacuumDue()).toEqual(['rs_b']);
    await vacuum.stop();
  });

  it('runs on its own every interval once something was written, and stops with the read store', async () => {
    const sql = await open();
    const vacuum = new EmbeddedVacuum(sql, 50, 1);
    const exec = jest.spyOn(sql, 'exec');
    await sql.query('CREATE TABLE rs_c (id text PRIMARY KEY)');
    await new Promise((r) => setTimeout(r, 120));
    expect(exec).not.toHaveBeenCalled();
    vacuum.noteWrites('rs_c', 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(exec).toHaveBeenCalledWith('VACUUM rs_c');
    await vacuum.stop();
    // Due again, but stopped: the timer is gone.
    exec.mockClear();
    vacuum.noteWrites('rs_c', 5);
    await vacuum.stop();
    await new Promise((r) => setTimeout(r, 120));
    expect(exec).not.toHaveBeenCalled();
  });

  it('is PGlite only: a PostgreSQL server runs its own autovacuum', () => {
    const pg = new PgSqlClient('postgres://nobody@127.0.0.1:1/none');
    expect(new SqlReadStore(pg).maintenance).toBeNull();
    return pg.close();
  });
});
