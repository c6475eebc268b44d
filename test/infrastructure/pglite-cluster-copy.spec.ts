import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * In-memory databases start from a copy of a fresh cluster kept in the temporary directory. Each
 * case loads the client module anew, as a new process would (the copy is remembered per process).
 */
describe('PGlite in memory, from the copy of a fresh cluster', () => {
  const load = () => {
    let loaded!: typeof import('../../src/infrastructure/sql/pglite.client');
    jest.isolateModules(() => {
      loaded = jest.requireActual('../../src/infrastructure/sql/pglite.client');
    });
    return loaded;
  };
  const path = load().clusterCopyPath();
  let saved: Buffer | null = null;
  beforeAll(() => (saved = existsSync(path) ? readFileSync(path) : null));
  // Put back whole (written aside, then renamed): another worker's database may be opening from it.
  afterAll(() => {
    if (!saved) return rmSync(path, { force: true });
    writeFileSync(`${path}.restored`, saved);
    renameSync(`${path}.restored`, path);
  });

  it('writes the copy when there is none, and every database starts empty from it', async () => {
    rmSync(path, { force: true });
    const first = await load().PgliteSqlClient.open();
    await first.exec('CREATE TABLE left_behind (x int)');
    await first.close();
    expect(readFileSync(path).toString('latin1', 257, 262)).toBe('ustar');
    const second = await load().PgliteSqlClient.open();
    const tables = await second.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'left_behind'",
    );
    await second.close();
    expect(tables).toEqual([{ n: 0 }]);
  });

  it('ignores a copy that is not an archive, and writes it again', async () => {
    writeFileSync(path, 'not a tar archive'.repeat(100));
    const db = await load().PgliteSqlClient.open();
    expect(await db.query<{ x: number }>('SELECT 1 AS x')).toEqual([{ x: 1 }]);
    await db.close();
    expect(readFileSync(path).toString('latin1', 257, 262)).toBe('ustar');
  });
});
