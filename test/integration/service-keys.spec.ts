import { execFile, spawn } from 'node:child_process';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { AppConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/app.factory';
import { openStorage } from '../../src/infrastructure/storage';
import { serviceKeyId } from '../../src/infrastructure/personal-data/service-keyring';
import { ProvisionedShop, ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { signPlatform } from '../support/test-app';
import { createTestDatabase } from '../support/stores';
import { HEADLESS, hmacGrant } from '../headless/headless-support';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const cli = join(root, 'bin', 'loyalty.js');
const service = join(root, 'dist', 'main.js');

const [keyA, keyB] = [randomBytes(32).toString('hex'), randomBytes(32).toString('base64')];
const [idA, idB] = [keyA, keyB].map((k) => serviceKeyId(Buffer.from(k, k.length === 64 ? 'hex' : 'base64')));

/** How an operator's environment names the keys. */
const keys = (current: string, retired?: string) => ({
  PERSONAL_DATA_KEY: current,
  PERSONAL_DATA_KEYS_RETIRED: retired ?? '',
});

/**
 * The service and the CLI as operators run them (the build), on the embedded store in a directory of
 * its own, or on a fresh PostgreSQL database when DATABASE_URL is set.
 */
describe('service keys: a wrong key is refused, the key rotates', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-keys-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let base: Record<string, string>;
  let shop: ProvisionedShop;
  const emails = ['c1@example.com', 'c2@example.com', 'c3@example.com'];

  beforeAll(async () => {
    if (!existsSync(service)) throw new Error('dist/ is missing: run `npm run build`');
    database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : null;
    const signing = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    base = {
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_SHOP: 'false',
      PLATFORM_WEBHOOK_SECRET: 'platform-secret',
      AUDIT_SIGNING_KEY: signing,
      BIRTHDAY_CHECK_MS: '0',
      EXPIRY_CHECK_MS: '0',
    };
    shop = await withApp(keys(keyA), async (app) => {
      const made = await app
        .get(CommandBus)
        .execute(new ProvisionShopCommand('keys.example.com', 'ultimate', 'USD', 'UTC'));
      for (const [i, email] of emails.entries()) await enrol(app, made, i + 1, email);
      return made;
    });
  }, 120_000);
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  const envOf = (extra: Record<string, string>) => ({ ...process.env, ...base, ...extra });
  const loyalty = (args: string[], extra: Record<string, string>) =>
    run('node', [cli, ...args], { env: envOf(extra), maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error) => ({ code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string }),
    );

  async function withApp<T>(env: Record<string, string>, work: (app: any) => Promise<T>): Promise<T> {
    const app = await createHttpApp({ config: new AppConfig({ ...base, ...env }) });
    await app.init();
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  }

  /** Every table of the SQL database, its rows hashed: what "nothing was written" compares. */
  async function contents(): Promise<Record<string, string>> {
    const storage = await openStorage(new AppConfig({ ...base, ...keys(keyA) }));
    try {
      const tables = await storage.sql.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
      );
      const out: Record<string, string> = {};
      for (const { name } of tables) {
        const [row] = await storage.sql.query<{ digest: string | null; n: string | number }>(
          `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*) AS n FROM "${name}" t`,
        );
        out[name] = `${row.n}:${row.digest}`;
      }
      return out;
    } finally {
      await storage.close();
    }
  }

  const expectRefused = (outcome: { code: number; stderr: string }, expected: string, given: string) => {
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain('PERSONAL_DATA_KEY does not serve this store');
    expect(outcome.stderr).toContain(`expects the key whose id is ${expected}`);
    expect(outcome.stderr).toContain(given);
  };

  it('a wrong key is refused by the service at start, by the CLI and by projections rebuild; nothing is written; the service starts afterwards', async () => {
    const before = await contents();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['personal_data_keys', 'personal_data_service_keys']));
    const started = await startService({ ...keys(keyB), DEMO_SHOP: 'true' });
    expect(started.exitCode).toBe(1);
    expectRefused({ code: started.exitCode!, stderr: started.stderr }, idA, idB);
    expect(existsSync(join(dataDir, 'demo-shop.json'))).toBe(false);

    expectRefused(await loyalty(['shop', 'create', '--domain', 'other.example.com'], keys(keyB)), idA, idB);
    const check = await loyalty(['config', 'check'], keys(keyB));
    expectRefused(check, idA, idB);
    expect(check.stdout).toBe('');
    const rebuild = await loyalty(['projections', 'rebuild'], keys(keyB));
    expectRefused(rebuild, idA, idB);
    expect(rebuild.stdout).toBe('');
    expect(await contents()).toEqual(before);

    const restarted = await startService(keys(keyA));
    expect(restarted.stderr).toContain('Loyalty service listening');
    expect(await loyalty(['config', 'check'], keys(keyA))).toEqual({
      code: 0,
      stdout: 'configuration OK\n',
      stderr: `PERSONAL_DATA_KEY serves the store (key id ${idA})\n`,
    });
  }, 120_000);

  it('config check says so when the store cannot be reached (exit 0, a warning), or is new', async () => {
    const unreachable = await loyalty(['config', 'check'], {
      ...keys(keyB),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    expect(unreachable).toMatchObject({ code: 0, stdout: 'configuration OK\n' });
    expect(unreachable.stderr).toMatch(/^warning: PERSONAL_DATA_KEY not checked: the store could not be reached/);
    const emptyDir = mkdtempSync(join(tmpdir(), 'loyalty-keys-new-'));
    try {
      const fresh = await loyalty(['config', 'check'], { ...keys(keyB), DATABASE_URL: '', DATA_DIR: emptyDir });
      expect(fresh).toMatchObject({ code: 0, stdout: 'configuration OK\n' });
      expect(fresh.stderr).toContain(`a new store accepts any key (id ${idB})`);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rotation: B with A retired reads everything; rewrap; then B alone: every customer readable, replay and export intact', async () => {
    const exportWith = async (env: Record<string, string>) => {
      const exported = await loyalty(['audit', 'export', '--shop', shop.shopId], env);
      expect(exported).toMatchObject({ code: 0 });
      return exported.stdout;
    };
    const rotating = keys(keyB, keyA);
    const exported = await exportWith(rotating);
    for (const email of emails) expect(exported).toContain(email);
    expect(await loyalty(['audit', 'verify'], rotating)).toMatchObject({ code: 0 });
    // A customer enrolled now gets a data key under B.
    await withApp(rotating, (app) => enrol(app, shop, 4, 'c4@example.com'));

    const rewrap = await loyalty(['keys', 'rewrap', '--batch', '2'], rotating);
    expect(rewrap.code).toBe(0);
    expect(JSON.parse(rewrap.stdout)).toEqual({
      currentKeyId: idB,
      rewrapped: emails.length,
      changed: 0,
      unopened: 0,
      secretsRewrapped: 1,
      stillNeeded: [],
    });
    expect(rewrap.stderr).toContain('no retired key is needed any more; remove PERSONAL_DATA_KEYS_RETIRED');
    const again = await loyalty(['keys', 'rewrap'], rotating);
    expect(JSON.parse(again.stdout)).toMatchObject({ rewrapped: 0, secretsRewrapped: 0, stillNeeded: [] });

    const onlyB = keys(keyB);
    const afterwards = await exportWith(onlyB);
    for (const email of [...emails, 'c4@example.com']) expect(afterwards).toContain(email);
    expect(await loyalty(['audit', 'verify'], onlyB)).toMatchObject({ code: 0 });
    await withApp(onlyB, async (app) => {
      for (const i of [1, 2, 3, 4]) {
        const customer = await request(app.getHttpServer())
          .get(`/rest_api/v2/customers/external/${i}`)
          .set({ 'X-Svc-Loyalty-App-Key': shop.appKey, 'X-Svc-Loyalty-Secret-Key': shop.secretKey })
          .expect(200);
        expect(customer.body.data.email).toBe(`c${i}@example.com`);
      }
    });
    // The old key alone no longer serves the store.
    expectRefused(await loyalty(['audit', 'verify'], keys(keyA)), idB, idA);
  }, 180_000);

  /** Runs the built service until it exits or says it listens (then stops it). */
  function startService(env: Record<string, string>): Promise<{ exitCode: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn('node', [service], { env: envOf({ PORT: '0', LOG_LEVEL: 'info', ...env }) });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        if (stderr.includes('Loyalty service listening')) child.kill('SIGTERM');
      });
      child.stdout.resume();
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ exitCode, stderr }));
    });
  }
});

/**
 * Customers linked by chat login are found by their chat user's keyed hash, whose secret is kept in
 * the store wrapped by the service key: a rotation leaves it as it was. (A store of its own: the
 * audit verifier does not fold the chat link yet, so the rotation test above keeps no chat link.)
 */
describe('service keys: chat user refs survive a rotation', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-chat-keys-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let chat: ChatStub;
  let base: Record<string, string>;

  beforeAll(async () => {
    database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : null;
    chat = await startChatStub();
    base = {
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_SHOP: 'false',
      PLATFORM_WEBHOOK_SECRET: 'platform-secret',
      BIRTHDAY_CHECK_MS: '0',
      EXPIRY_CHECK_MS: '0',
      CHAT_API_URL: chat.base,
      CHAT_AUTHORIZE_URL: `${chat.base}/authorize`,
      CHAT_CALLBACK_URL: CHAT_CALLBACK,
    };
  }, 60_000);
  afterAll(async () => {
    await chat?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  async function withApp<T>(env: Record<string, string>, work: (app: any) => Promise<T>): Promise<T> {
    const app = await createHttpApp({ config: new AppConfig({ ...base, ...env }) });
    await app.init();
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  }

  it('linked under A; found with B current and A retired; rewrap; found with B alone', async () => {
    const shop = await withApp(keys(keyA), async (app) => {
      const made = await app
        .get(CommandBus)
        .execute(new ProvisionShopCommand('chat-keys.example.com', 'ultimate', 'USD', 'UTC'));
      for (const id of [1, 2]) await enrol(app, made, id, `c${id}@example.com`);
      await chatLogin(app, made, 1);
      return made as ProvisionedShop;
    });
    const rotating = keys(keyB, keyA);
    await withApp(rotating, async (app) => {
      expect(await chatFollow(app, shop, 'follow', 1767225600000)).toEqual({ applied: 1, ignored: 0 });
      expect(await chatSocial(app, shop, 1)).toEqual({ chatLinked: true, chatFollowedOA: true });
    });

    const rewrap = await promisify(execFile)('node', [cli, 'keys', 'rewrap'], {
      env: { ...process.env, ...base, ...rotating },
    });
    expect(JSON.parse(rewrap.stdout)).toMatchObject({ currentKeyId: idB, secretsRewrapped: 1, stillNeeded: [] });

    await withApp(keys(keyB), async (app) => {
      expect(await chatFollow(app, shop, 'unfollow', 1767225601000)).toEqual({ applied: 1, ignored: 0 });
      expect(await chatSocial(app, shop, 1)).toEqual({ chatLinked: true, chatFollowedOA: false });
      // Another chat user reaches no one; customer 2 was never linked.
      expect(await chatFollow(app, shop, 'follow', 1767225602000, 'Unobody')).toEqual({ applied: 0, ignored: 1 });
      expect(await chatSocial(app, shop, 2)).toEqual({ chatLinked: false, chatFollowedOA: false });
    });
  }, 180_000);
});

const CHAT_CHANNEL = '1657000009';
const CHAT_SECRET = 'chat-channel-secret-0123456789ab';
const CHAT_CALLBACK = 'https://loyalty.example.com/app/api/v1/headless/social/chat/callback';
const CHAT_USER = 'U4af4980629dddddddddddddddddddddd';

/** The chat network's token and profile endpoints on loopback: every code logs in CHAT_USER. */
interface ChatStub {
  base: string;
  close(): Promise<void>;
}

async function startChatStub(): Promise<ChatStub> {
  const server: Server = createServer((req, res) => {
    req.resume().on('end', () => {
      const body =
        req.url === '/oauth2/v2.1/token'
          ? { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, scope: 'profile' }
          : { userId: CHAT_USER, displayName: 'Ada' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function customerToken(app: any, shop: ProvisionedShop, id: number): Promise<string> {
  const res = await request(app.getHttpServer())
    .post(`${HEADLESS}/auth/token`)
    .send(hmacGrant(shop, id, `c${id}@example.com`))
    .expect(200);
  return res.body.data.token;
}

/** The shop connects its channel; the customer logs in to the chat network and is linked. */
async function chatLogin(app: any, shop: ProvisionedShop, id: number): Promise<void> {
  const http = () => request(app.getHttpServer());
  await http()
    .put('/rest_api/v2/settings/chat')
    .set({ 'X-Svc-Loyalty-App-Key': shop.appKey, 'X-Svc-Loyalty-Secret-Key': shop.secretKey })
    .send({ channelId: CHAT_CHANNEL, channelSecret: CHAT_SECRET })
    .expect(200);
  const authUrl = await http()
    .post(`${HEADLESS}/customer/social/chat/auth-url`)
    .set({ Authorization: `Bearer ${await customerToken(app, shop, id)}` })
    .expect(200);
  const state = new URL(authUrl.body.data.authUrl).searchParams.get('state')!;
  const linked = await http().get(`${HEADLESS}/social/chat/callback`).query({ code: 'code-1', state }).expect(200);
  expect(linked.body.data).toMatchObject({ chatLinked: true });
}

/** A signed follow notification of the shop's channel for one chat user; what the service applied. */
async function chatFollow(
  app: any,
  shop: ProvisionedShop,
  type: 'follow' | 'unfollow',
  timestamp: number,
  userId = CHAT_USER,
): Promise<unknown> {
  const raw = JSON.stringify({
    destination: 'Ubot',
    events: [{ type, timestamp, mode: 'active', source: { type: 'user', userId }, webhookEventId: `w${timestamp}` }],
  });
  const res = await request(app.getHttpServer())
    .post(`/social/chat/webhooks/${shop.shopId}`)
    .set('Content-Type', 'application/json')
    .set('X-Line-Signature', createHmac('sha256', CHAT_SECRET).update(raw).digest('base64'))
    .send(raw)
    .expect(200);
  return res.body.data;
}

async function chatSocial(app: any, shop: ProvisionedShop, id: number): Promise<unknown> {
  const me = await request(app.getHttpServer())
    .get(`${HEADLESS}/customer`)
    .set({ Authorization: `Bearer ${await customerToken(app, shop, id)}` })
    .expect(200);
  const { chatLinked, chatFollowedOA } = me.body.data.social;
  return { chatLinked, chatFollowedOA };
}

async function enrol(app: any, shop: ProvisionedShop, id: number, email: string): Promise<void> {
  const body = JSON.stringify({ id, email, first_name: 'Key', last_name: `Holder${id}`, accepts_marketing: false });
  await request(app.getHttpServer())
    .post('/platform/webhooks/customers/create')
    .set('Content-Type', 'application/json')
    .set('X-Platform-Shop-Domain', shop.domain)
    .set('X-Platform-Webhook-Id', `enrol-${id}`)
    .set('X-Platform-Hmac-Sha256', signPlatform(body))
    .send(body)
    .expect(200);
}
