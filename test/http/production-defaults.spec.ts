import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { auth, createTestApp, expectError, TestApp } from '../support/test-app';

const run = promisify(execFile);
const emptyDataDir = () => join(mkdtempSync(join(tmpdir(), 'config-check-')), 'data');
const root = join(__dirname, '..', '..');
const KEY = 'ab'.repeat(32);
const PRODUCTION = { NODE_ENV: 'production', PERSONAL_DATA_KEY: KEY, PUBLIC_URL: 'https://loyalty.example.com' };

jest.setTimeout(120_000);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the built service (`node dist/main.js`) until it listens; everything it writes is captured. */
async function startService(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn('node', [join(root, 'dist', 'main.js')], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Loyalty service listening on')) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(check);
      reject(new Error(`the service exited (${code}): ${output}`));
    });
  });
  // The banner is written after the listening line.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Production defaults: no demo shop nor demo routes unless asked for, no secret in any log, and the
 * chat login's callback set (https) before a shop connects the chat channel.
 */
describe('production defaults', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'main.js'))) throw new Error('dist/ is missing: run `npm run build`');
  });

  describe('the service started as operators start it (embedded store)', () => {
    const dirs: string[] = [];
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'loyalty-production-'));
      dirs.push(dir);
      return dir;
    };
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    it('NODE_ENV=production without PUBLIC_URL: the start is refused, naming it', async () => {
      const port = String(await freePort());
      const started = startService({ ...PRODUCTION, PUBLIC_URL: '', DATA_DIR: dataDir(), PORT: port });
      await expect(started).rejects.toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
    });

    it('NODE_ENV=production: no demo shop is created, nothing about one is logged', async () => {
      const dir = dataDir();
      const { child, output } = await startService({ ...PRODUCTION, DATA_DIR: dir, PORT: String(await freePort()) });
      await stop(child);
      expect(existsSync(join(dir, 'demo-shop.json'))).toBe(false);
      expect(output()).toContain('"demoShopKeys":null');
      expect(output()).not.toMatch(/demo shop created|widget\/demo/i);
      expect(output()).not.toContain(KEY);
    });

    it('in development the demo shop is made, and the log names its keys file, never a key', async () => {
      const dir = dataDir();
      const { child, output } = await startService({ DATA_DIR: dir, PORT: String(await freePort()), NODE_ENV: '' });
      await stop(child);
      const keysFile = join(dir, 'demo-shop.json');
      const keys = JSON.parse(readFileSync(keysFile, 'utf8'));
      expect(output()).toContain(keysFile);
      for (const secret of [keys.appKey, keys.secretKey, keys.headlessSecret]) {
        expect(secret).toEqual(expect.any(String));
        expect(output()).not.toContain(secret);
      }
    });

    it('NODE_ENV=production with DEMO_SHOP=true makes the demo shop (asked for), still logging no key', async () => {
      const dir = dataDir();
      const port = String(await freePort());
      const { child, output } = await startService({ ...PRODUCTION, DATA_DIR: dir, PORT: port, DEMO_SHOP: 'true' });
      await stop(child);
      const keys = JSON.parse(readFileSync(join(dir, 'demo-shop.json'), 'utf8'));
      expect(output()).not.toContain(keys.secretKey);
      expect(output()).not.toContain(keys.headlessSecret);
    });
  });

  describe('HTTP with NODE_ENV=production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: PRODUCTION });
    });
    afterAll(() => t.close());

    it('the demo routes answer 404 (no anonymous token proof)', async () => {
      expectError((await t.http().get('/widget/demo/').expect(404)).body, 'NOT_FOUND', 404);
      expectError((await t.http().post('/widget/demo/proof').expect(404)).body, 'NOT_FOUND', 404);
    });

    it('without CHAT_CALLBACK_URL, connecting the chat channel is 400 CHAT_NOT_CONNECTED naming it, nothing set', async () => {
      const shop = await t.shop();
      const refused = await t
        .http()
        .put('/rest_api/v2/settings/chat')
        .set(auth(shop))
        .send({ channelId: '1657000001', channelSecret: 'chat-channel-secret-0123456789ab' })
        .expect(400);
      expect(expectError(refused.body, 'CHAT_NOT_CONNECTED', 400).message).toMatch(/CHAT_CALLBACK_URL/);
      const view = await t.http().get('/rest_api/v2/settings/chat').set(auth(shop)).expect(200);
      expect(view.body.data).toEqual({ channelId: null, channelSecretSet: false });
      // Disconnecting stays possible.
      await t.http().put('/rest_api/v2/settings/chat').set(auth(shop)).send({ channelId: null }).expect(200);
    });
  });

  describe('HTTP with NODE_ENV=production and an https CHAT_CALLBACK_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          ...PRODUCTION,
          CHAT_CALLBACK_URL: 'https://loyalty.example.com/app/api/v1/headless/social/chat/callback',
        },
      });
    });
    afterAll(() => t.close());

    it('a shop connects its chat channel', async () => {
      const shop = await t.shop();
      const connected = await t
        .http()
        .put('/rest_api/v2/settings/chat')
        .set(auth(shop))
        .send({ channelId: '1657000001', channelSecret: 'chat-channel-secret-0123456789ab' })
        .expect(200);
      expect(connected.body.data).toEqual({ channelId: '1657000001', channelSecretSet: true });
    });
  });

  describe('loyalty config check', () => {
    const check = (env: Record<string, string>) =>
      run('node', [join(root, 'bin', 'loyalty.js'), 'config', 'check'], {
        // A data directory with no store yet: the key check says so on stderr, without a warning.
        env: { ...process.env, DATABASE_URL: '', CHAT_CALLBACK_URL: '', DATA_DIR: emptyDataDir(), ...env },
      });

    it('refuses an http CHAT_CALLBACK_URL in production (exit 1, naming it)', async () => {
      await expect(
        check({
          ...PRODUCTION,
          CHAT_CALLBACK_URL: 'http://loyalty.example.com/app/api/v1/headless/social/chat/callback',
        }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('CHAT_CALLBACK_URL must be an https URL when NODE_ENV=production'),
      });
    });

    it('refuses production without PUBLIC_URL (exit 1, naming it)', async () => {
      await expect(check({ ...PRODUCTION, PUBLIC_URL: '' })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('PUBLIC_URL is required when NODE_ENV=production'),
      });
    });

    it('warns when it is unset in production (no localhost default), and says nothing once it is https', async () => {
      const unset = await check(PRODUCTION);
      expect(unset.stdout).toBe('configuration OK\n');
      expect(unset.stderr).toMatch(/^warning: CHAT_CALLBACK_URL is unset \(NODE_ENV=production\): no shop can connect/);
      const https = await check({ ...PRODUCTION, CHAT_CALLBACK_URL: 'https://loyalty.example.com/cb' });
      expect(https).toMatchObject({ stdout: 'configuration OK\n', stderr: expect.not.stringContaining('warning') });
      // A loopback callback (a service behind a local proxy) may stay http.
      const loopback = await check({ ...PRODUCTION, CHAT_CALLBACK_URL: 'http://127.0.0.1:3000/cb' });
      expect(loopback).toMatchObject({ stdout: 'configuration OK\n', stderr: expect.not.stringContaining('warning') });
    });

    it('outside production the localhost default stays, without a warning', async () => {
      expect(await check({ NODE_ENV: '' })).toMatchObject({
        stdout: 'configuration OK\n',
        stderr: expect.not.stringContaining('warning'),
      });
    });
  });
});
