import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';

/**
 * A PGlite data directory: a new one is initialised (by a child process, so initdb's memory leaves
 * with it) and then opened; an existing one is opened as it is, with its data.
 */
describe('PGlite data directory', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-dir-'));
    dirs.push(dir);
    return dir;
  };

  it('given an empty directory, when opened, then it holds a database that keeps its data across opens', async () => {
    const dir = newDir();

    const first = await PgliteSqlClient.open(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    await first.exec('CREATE TABLE kept (n INT); INSERT INTO kept VALUES (42)');
    await first.close();

    const second = await PgliteSqlClient.open(dir);
    expect(await second.query<{ n: number }>('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await second.close();
  });

  it('given a directory that cannot be initialised, when opened, then the open fails', async () => {
    const file = join(newDir(), 'not-a-directory');
    writeFileSync(file, 'x');

    await expect(PgliteSqlClient.open(file)).rejects.toThrow();
  });
});
