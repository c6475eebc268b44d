import { PGlite } from '@electric-sql/pglite';
import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { PreparedStatements } from '../../src/infrastructure/sql/pglite-prepared';

/**
 * Statements on PGlite are prepared once per SQL text and then run in one protocol exchange: the
 * answers must be exactly those of PGlite's own `query`, errors must carry the server's code and
 * constraint (the event store tells a conflict by them), and the connection must stay usable.
 */
describe('PGlite prepared statements', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(
      `CREATE TABLE items (id TEXT PRIMARY KEY, n INT, doc JSONB, at TIMESTAMPTZ, big BIGINT, flag BOOLEAN)`,
    );
  });
  afterAll(() => db.close());
  const ours = (limit?: number) => new PreparedStatements(db, {}, limit);
  const preparedNames = async () =>
    (await db.query<{ name: string }>(`SELECT name FROM pg_prepared_statements ORDER BY name`)).rows.map((r) => r.name);

  it('given rows of every type the service reads, when selected, then they equal what PGlite query answers', async () => {
    const statements = ours();
    await statements.run(
      `INSERT INTO items VALUES ($1, $2, $3::text::jsonb, $4, $5, $6), ($7, NULL, NULL, NULL, NULL, NULL)`,
      [
        'a',
        7,
        JSON.stringify({ name: 'Zoë', nested: { list: [1, 2.5, null] } }),
        new Date('2026-11-26T10:00:00.123Z'),
        '9007199254740993',
        true,
        'b',
      ],
    );
    const text = `SELECT id, n, doc, at, big, flag, big::text AS big_text FROM items ORDER BY id`;

    const rows = await statements.run(text, []);

    expect(rows).toEqual((await db.query(text)).rows);
    expect(rows[0]).toMatchObject({
      id: 'a',
      n: 7,
      doc: { name: 'Zoë', nested: { list: [1, 2.5, null] } },
      at: new Date('2026-11-26T10:00:00.123Z'),
      big_text: '9007199254740993',
      flag: true,
    });
    expect(rows[1]).toEqual({ id: 'b', n: null, doc: null, at: null, big: null, flag: null, big_text: null });
  });

  it('given the same text run many times, when run, then it is prepared once; a statement without rows answers none', async () => {
    const statements = ours();
    const before = (await preparedNames()).length;
    for (let i = 0; i < 5; i++) {
      expect(await statements.run(`UPDATE items SET n = n + $1 WHERE id = $2`, [1, 'a'])).toEqual([]);
    }

    expect((await preparedNames()).length).toBe(before + 1);
    expect(await statements.run(`SELECT n FROM items WHERE id = $1`, ['a'])).toEqual([{ n: 12 }]);
  });

  it('given a unique violation, when run, then the error carries the code and constraint and the next statement runs', async () => {
    const statements = ours();
    const insert = `INSERT INTO items (id) VALUES ($1)`;

    const error = await statements.run(insert, ['a']).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    await statements.run(insert, ['c']);
    expect(await statements.run(`SELECT id FROM items WHERE id = $1`, ['c'])).toEqual([{ id: 'c' }]);
  });

  it('given a statement that does not parse, when run, then it fails with the syntax error and nothing is kept of it', async () => {
    const statements = ours();
    const before = await preparedNames();

    await expect(statements.run(`SELEC 1`, [])).rejects.toMatchObject({ code: '42601' });

    expect(await preparedNames()).toEqual(before);
    expect(await statements.run(`SELECT 1 AS one`, [])).toEqual([{ one: 1 }]);
  });

  it('given more distinct texts than the limit, when run, then the least recently used is closed and runs again when asked', async () => {
    const statements = ours(2);
    const before = (await preparedNames()).length;
    const text = (k: number) => `SELECT ${k} AS k`;

    await statements.run(text(1), []);
    await statements.run(text(2), []);
    await statements.run(text(1), []); // 2 is now the least recently used
    await statements.run(text(3), []);

    expect((await preparedNames()).length).toBe(before + 2);
    expect(await statements.run(text(2), [])).toEqual([{ k: 2 }]);
    expect(await statements.run(text(1), [])).toEqual([{ k: 1 }]);
    expect((await preparedNames()).length).toBe(before + 2);
  });

  it('given a serializer for text, when a parameter is text, then it is used (large text goes as UTF-8 bytes)', async () => {
    const statements = new PreparedStatements(db, { 25: (v) => Buffer.from(String(v), 'utf8') });
    const long = 'é🙂'.repeat(5000);

    const [row] = await statements.run<{ same: boolean; length: number }>(
      `SELECT $1::text = repeat('é🙂', 5000) AS same, length($1::text) AS length`,
      [long],
    );

    expect(row).toEqual({ same: true, length: 10000 });
  });

  // The statements rely on PGlite's public `runExclusive` being the lock its own queries take: if a
  // release changes that, its queries could run between our bind and execute, and this fails.
  it('given a section of ours under runExclusive, when PGlite runs its own query, then that query waits for ours', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ours = db.runExclusive(async () => {
      order.push('ours started');
      await held;
      order.push('ours ended');
    });
    const theirs = db.query('SELECT 1').then(() => order.push('theirs'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([ours, theirs]);

    expect(order).toEqual(['ours started', 'ours ended', 'theirs']);
  });
});

describe('PGlite client on prepared statements', () => {
  it('given a transaction that fails, when it ends, then its prepared writes are rolled back and the client goes on', async () => {
    const client = await PgliteSqlClient.open();
    try {
      await client.exec(`CREATE TABLE kept (n INT PRIMARY KEY)`);
      await client.query(`INSERT INTO kept VALUES ($1)`, [1]);

      const failed = await client
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO kept VALUES ($1)`, [2]);
          await tx.query(`INSERT INTO kept VALUES ($1)`, [1]);
        })
        .catch((e: unknown) => e);

      expect(failed).toMatchObject({ code: '23505' });
      expect(await client.query(`SELECT n FROM kept ORDER BY n`)).toEqual([{ n: 1 }]);
      await client.transaction((tx) => tx.query(`INSERT INTO kept VALUES ($1)`, [3]));
      expect(await client.query(`SELECT n FROM kept ORDER BY n`)).toEqual([{ n: 1 }, { n: 3 }]);
    } finally {
      await client.close();
    }
  });
});
