import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppConfig } from '../../src/config/app-config';
import { openEventStore, openStorage } from '../../src/infrastructure/storage';
import { verifyEvents } from '../../src/migration/migrate-events';
import { createTestDatabase } from '../support/stores';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const cli = join(root, 'bin', 'loyalty.js');

type Result = { code: number; stdout: string; stderr: string };
const loyalty = (args: string[], env: NodeJS.ProcessEnv): Promise<Result> =>
  run('node', [cli, ...args], { env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

/** `loyalty migrate events` as operators run it (needs the build that `npm install` makes). */
describe('loyalty migrate events (CLI)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-migrate-'));
  const base = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', EVENT_STORE: '', READ_STORE: '' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'cli.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm install does it)');
  });

  it('refuses what it cannot do, naming why, and leaves the stores alone', async () => {
    const unknown = await loyalty(['migrate', 'events', '--from', 'mysql', '--to', 'eventstoredb'], base);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--from must be one of postgres, pglite, eventstoredb'),
    });
    const otherSql = await loyalty(
      ['migrate', 'events', '--from', 'pglite', '--to', 'pglite', '--to-url', join(dataDir, 'other')],
      base,
    );
    expect(otherSql).toMatchObject({ code: 1, stderr: expect.stringContaining('only the event log moves') });
    const unreachable = await loyalty(
      ['migrate', 'events', '--from', 'pglite', '--to', 'eventstoredb', '--to-url', 'esdb://127.0.0.1:1?tls=false'],
      { ...base, DEMO_SHOP: 'false' },
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('EventStoreDB is unavailable');
  });

  /** A directory's lock as a running service holds it (this test process is the live holder). */
  const holdAsService = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'service.lock'), String(process.pid));
  };

  it('refuses a directory a running service has open, naming the service', async () => {
    const held = join(dataDir, 'held');
    holdAsService(held);
    const refused = await loyalty(
      ['migrate', 'events', '--from', 'pglite', '--to', 'eventstoredb', '--to-url', 'esdb://127.0.0.1:1?tls=false'],
      { ...base, DATA_DIR: held },
    );
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`The service (pid ${process.pid}) has ${held} open: stop it first`),
    });
    expect(readFileSync(join(held, 'service.lock'), 'utf8')).toBe(String(process.pid));
  });

  const withPostgres = process.env.DATABASE_URL ? it : it.skip;
  withPostgres('lets go of the source directory it locked when the target is held', async () => {
    const [from, to] = [join(dataDir, 'free-source'), join(dataDir, 'held-target')];
    holdAsService(to);
    const env = { ...base, DATA_DIR: from, EVENT_STORE: 'pglite', DATABASE_URL: process.env.DATABASE_URL };
    const refused = await loyalty(['migrate', 'events', '--from', 'pglite', '--to', 'pglite', '--to-url', to], env);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(`has ${to} open: stop it first`) });
    expect(existsSync(join(from, 'service.lock'))).toBe(false);
  });

  withPostgres(
    'moves the log of a PostgreSQL store to PGlite; the service goes on there (read models and checkpoints stay)',
    async () => {
      const database = await createTestDatabase(process.env.DATABASE_URL!);
      const env = { ...base, DATABASE_URL: database.url };
      const logDir = join(dataDir, 'log');
      try {
        for (const domain of ['a.example.com', 'b.example.com']) {
          expect((await loyalty(['shop', 'create', '--domain', domain], env)).code).toBe(0);
        }
        const migrated = await loyalty(
          ['migrate', 'events', '--from', 'postgres', '--to', 'pglite', '--to-url', logDir, '--batch', '1'],
          env,
        );
        expect(migrated).toMatchObject({ code: 0 });
        const report = JSON.parse(migrated.stdout);
        // Two shops: each a shop stream and a tier ladder (the base tier).
        expect(report).toMatchObject({
          from: 'postgres',
          to: 'pglite',
          skipped: 0,
          verified: { streams: 4, ok: true },
          mismatches: [],
        });
        expect(report.copied).toBe(report.verified.events);
        expect(report.checkpoints.map((c: { name: string }) => c.name)).toEqual(
          expect.arrayContaining(['shops_v1', 'tier_reward_coupons']),
        );
        // Run again: nothing to copy, still verified.
        const again = JSON.parse(
          (await loyalty(['migrate', 'events', '--from', 'postgres', '--to', 'pglite', '--to-url', logDir], env))
            .stdout,
        );
        expect(again).toMatchObject({ copied: 0, verified: { ok: true } });

        const sourceConfig = new AppConfig(env);
        const targetConfig = new AppConfig({ ...env, EVENT_STORE: 'pglite', DATA_DIR: logDir });
        const source = await openStorage(sourceConfig);
        const target = await openEventStore(targetConfig, source.sql);
        try {
          expect(await verifyEvents(source.eventStore, target.eventStore)).toMatchObject({ ok: true, streams: 4 });
        } finally {
          await target.close();
          await source.close();
        }
        // The service on the moved log knows its shops: the same domain is refused by the shop's stream there.
        const onTarget = { ...env, EVENT_STORE: 'pglite', DATA_DIR: logDir };
        const again409 = await loyalty(['shop', 'create', '--domain', 'a.example.com'], onTarget);
        expect(again409).toMatchObject({ code: 1, stderr: expect.stringContaining('SHOP_EXISTS') });
      } finally {
        await database.drop();
      }
    },
    // Six CLI runs, each starting Node, Nest and PGlite.
    240_000,
  );
});
