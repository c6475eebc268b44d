import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppConfig } from '../../src/config/app-config';
import { openStorage } from '../../src/infrastructure/storage';
import { SqlReadStore } from '../../src/infrastructure/read-store/sql-read-store.adapter';
import { DocumentCache } from '../../src/projections/document-cache';
import { ShopDirectory } from '../../src/shops/shop-directory';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const cli = join(root, 'bin', 'loyalty.js');

/** The operator CLI, run as operators run it (needs the build that `npm install` makes). */
describe('loyalty CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'cli.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm install does it)');
  });

  it('shop create prints one JSON object whose keys authenticate', async () => {
    const { stdout } = await run(
      'node',
      [cli, 'shop', 'create', '--domain', 'cli-shop.example.com', '--plan', 'premium', '--currency', 'EUR'],
      { env },
    );
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const shop = JSON.parse(lines[0]);
    expect(Object.keys(shop)).toEqual(['shopId', 'domain', 'plan', 'appKey', 'secretKey', 'headlessSecret']);
    expect(shop).toMatchObject({ domain: 'cli-shop.example.com', plan: 'premium' });
    expect(Buffer.from(shop.secretKey.slice(3), 'base64url')).toHaveLength(32);

    const config = new AppConfig({ DATA_DIR: dataDir });
    const storage = await openStorage(config);
    try {
      const directory = new ShopDirectory(storage.readStore as SqlReadStore, new DocumentCache(config));
      expect((await directory.authenticate(shop.appKey, shop.secretKey))?.id).toBe(shop.shopId);
      expect(await directory.authenticate(shop.appKey, 'sk_wrong')).toBeNull();
    } finally {
      await storage.close();
    }
  });

  it('refuses a second shop for the domain, bad flags and unknown commands', async () => {
    await expect(
      run('node', [cli, 'shop', 'create', '--domain', 'cli-shop.example.com'], { env }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('SHOP_EXISTS') });
    await expect(run('node', [cli, 'shop', 'create'], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("required option '--domain <domain>' not specified"),
    });
    await expect(run('node', [cli, 'shop', 'create', '--domain', 'bad domain'], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('BAD_REQUEST'),
    });
    await expect(run('node', [cli, 'nonsense'], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  });

  it('a misspelled flag is a usage error that runs nothing (exit 2, the usage on stderr)', async () => {
    const failed = await run('node', [cli, 'audit', 'verify', '--shoop', 'X'], { env }).catch((e) => e);
    expect(failed.code).toBe(2);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain("unknown option '--shoop'");
    expect(failed.stderr).toContain('Usage: loyalty audit verify [options]');
    const extra = await run('node', [cli, 'projections', 'rebuild', 'now'], { env }).catch((e) => e);
    expect(extra).toMatchObject({ code: 2, stdout: '' });
  });

  it('--help is on stdout with exit 0; --version prints the package version', async () => {
    const help = await run('node', [cli, '--help'], { env });
    expect(help.stderr).toBe('');
    expect(help.stdout).toContain('Usage: loyalty [options] [command]');
    expect(help.stdout).toContain('audit-key');
    const version = await run('node', [cli, '--version'], { env });
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('config check names a bad variable (exit 1); config example prints every variable', async () => {
    const bad = await run('node', [cli, 'config', 'check'], { env: { ...env, PORT: 'abc' } }).catch((e) => e);
    expect(bad).toMatchObject({ code: 1, stderr: 'PORT must be a TCP port number from 0 to 65535 (got "abc")\n' });
    expect((await run('node', [cli, 'config', 'check'], { env })).stdout).toBe('configuration OK\n');
    const example = (await run('node', [cli, 'config', 'example'], { env })).stdout;
    expect(example).toBe(readFileSync(join(root, '.env.example'), 'utf8'));
  });

  it('projections rebuild replays the log', async () => {
    const { stdout } = await run('node', [cli, 'projections', 'rebuild'], { env });
    expect(JSON.parse(stdout)).toMatchObject({
      rebuilt: expect.arrayContaining(['customers_v4', 'transactions_v2']),
      events: expect.any(Number),
    });
  });
});
