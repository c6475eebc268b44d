import { PgSqlClient, StatementNames } from '../../src/infrastructure/sql/pg.client';
import { createTestDatabase, defaultStoreKind } from '../support/stores';

/**
 * On PostgreSQL each SQL text run with parameters is a named statement, parsed once per connection
 * (the server may keep its plan). What a caller gets must not change: the same rows, the same
 * errors, tables dropped and made again under it, transactions rolled back.
 */
const onPostgres = defaultStoreKind() === 'postgres' ? describe : describe.skip;

describe('statement names', () => {
  it('gives each text one name, and none past its limit', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('SELECT $1');
    expect(first).toBeDefined();
    expect(names.nameOf('SELECT $1')).toBe(first);
    const second = names.nameOf('SELECT $1, $2');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(names.nameOf('SELECT $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('SELECT $1')).toBe(first);
  });
});

onPostgres('named statements on PostgreSQL (one connection)', () => {
  let sql: PgSqlClient;
  let drop: () => Promise<void>;
  const prepared = () =>
    sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');

  beforeEach(async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    drop = database.drop;
    sql = new PgSqlClient(database.url, { max: 1 });
    await sql.exec('CREATE TABLE t (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterEach(async () => {
    await sql.close();
    await drop();
  });

  it('prepares a text with parameters once, and runs it with each run’s values', async () => {
    const insert = 'INSERT INTO t (id, label) VALUES ($1, $2)';
    for (let id = 1; id <= 8; id++) await sql.query(insert, [id, `n${id}`]);
    const select = 'SELECT label FROM t WHERE id >= $1 ORDER BY id';
    expect(await sql.query(select, [7])).toEqual([{ label: 'n7' }, { label: 'n8' }]);
    expect(await sql.query(select, [8])).toEqual([{ label: 'n8' }]);

    expect((await prepared()).map((p) => p.statement)).toEqual([insert, select]);
  });

  it('keeps a statement’s errors its own, and runs it again after them', async () => {
    const insert = 'INSERT INTO t (id, label) VALUES ($1, $2)';
    await sql.query(insert, [1, 'a']);
    await expect(sql.query(insert, [1, 'b'])).rejects.toMatchObject({ code: '23505' });
    await sql.query(insert, [2, 'b']);
    expect(await sql.query('SELECT id, label FROM t ORDER BY id', [])).toEqual([
      { id: 1, label: 'a' },
      { id: 2, label: 'b' },
    ]);
  });

  it('runs a named statement on a table dropped and made again since it was prepared', async () => {
    const select = 'SELECT label FROM t WHERE id = $1';
    await sql.query('INSERT INTO t (id, label) VALUES ($1, $2)', [1, 'old']);
    for (let run = 0; run < 6; run++) expect(await sql.query(select, [1])).toEqual([{ label: 'old' }]);
    await sql.exec('DROP TABLE t; CREATE TABLE t (id int PRIMARY KEY, label text NOT NULL)');
    await sql.query('INSERT INTO t (id, label) VALUES ($1, $2)', [1, 'new']);
    expect(await sql.query(select, [1])).toEqual([{ label: 'new' }]);
  });

  it('rolls back a transaction’s named statements with it', async () => {
    const insert = 'INSERT INTO t (id, label) VALUES ($1, $2)';
    await expect(
      sql.transaction(async (tx) => {
        await tx.query(insert, [1, 'kept?']);
        await tx.query(insert, [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await sql.transaction((tx) => tx.query(insert, [2, 'committed']));
    expect(await sql.query('SELECT id, label FROM t ORDER BY id', [])).toEqual([{ id: 2, label: 'committed' }]);
  });
});
