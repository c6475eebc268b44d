import { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { createHmac, randomUUID } from 'node:crypto';
import { createHttpApp } from '../../src/app.factory';
import { ProvisionedShop, ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { Storage } from '../../src/infrastructure/storage';
import { Clock } from '../../src/shared/domain/clock';
import { defaultStoreKind, openTestStorage, StoreKind, TestStorage } from './stores';
import { HostResolver } from '../../src/infrastructure/dns/host-resolver.port';
import { ObjectStorage } from '../../src/infrastructure/object-storage/object-storage.port';
import { tableResolver } from './host-resolver';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { AppendSignal } from '../../src/event-sourcing/append-signal';
import {
  comparePositions,
  GlobalPosition,
  positionToString,
} from '../../src/infrastructure/event-store/event-store.port';

/** The furthest event each test instance appended (its own appends, as its feed readers are told of them). */
const lastAppended = new WeakMap<INestApplication, GlobalPosition>();

function recordAppends(app: INestApplication): void {
  app.get(AppendSignal).subscribe((position) => {
    const last = lastAppended.get(app);
    if (!last || comparePositions(position, last) > 0) lastAppended.set(app, position);
  });
}

/** How long `caughtUp` waits for an appended event to become readable before it fails the test. */
const CAUGHT_UP_LIMIT_MS = 30_000;

/**
 * Every instance's read models have applied every event any of them appended. A process reads its
 * own writes at once, but another process's only after its next poll (docs/architecture.md:
 * read-your-writes): a test that writes through two instances and reads through one waits for this
 * first. Reading to the feed's end once is not enough on PostgreSQL: the feed stops before any
 * transaction still open on the server (another test's, in another database), and an event committed
 * after it shows only once that transaction ends.
 */
export async function caughtUp(apps: INestApplication[]): Promise<void> {
  let furthest: GlobalPosition | undefined;
  for (const app of apps) {
    const last = lastAppended.get(app);
    if (last && (!furthest || comparePositions(last, furthest) > 0)) furthest = last;
  }
  const deadline = Date.now() + CAUGHT_UP_LIMIT_MS;
  for (const runner of apps.map((app) => app.get(ProjectionRunner))) {
    await runner.catchUp();
    while (furthest && !runner.hasApplied(furthest)) {
      if (Date.now() > deadline) throw new Error(`read models did not reach ${positionToString(furthest)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await runner.catchUp();
    }
  }
}

export const PLATFORM_SECRET = 'platform-secret';
export const OPERATOR_TOKEN = 'operator-token';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  store: TestStorage;
  /** A new shop with its keys. */
  shop(domain?: string): Promise<ProvisionedShop>;
  /** Enrols a customer through the platform webhook, as the platform would. */
  enrol(shop: ProvisionedShop, platformCustomerId: number, profile?: Record<string, unknown>): Promise<string>;
  platform(shop: ProvisionedShop, topic: string, body: unknown, webhookId?: string): request.Test;
  /**
   * A platform webhook of `topic` with `raw` sent byte for byte; by default signed with the global
   * secret, a new webhook id and the shop's domain. A header given as null is left out.
   */
  rawPlatform(shop: ProvisionedShop, topic: string, raw: string, headers?: RawWebhookHeaders): request.Test;
  /** A second service process on the same database (postgres only). */
  secondInstance(): Promise<INestApplication>;
  close(): Promise<void>;
}

export interface RawWebhookHeaders {
  signature?: string | null;
  webhookId?: string | null;
  domain?: string;
}

export function auth(shop: ProvisionedShop): Record<string, string> {
  return { 'X-Svc-Loyalty-App-Key': shop.appKey, 'X-Svc-Loyalty-Secret-Key': shop.secretKey };
}

export function signPlatform(body: string, secret = PLATFORM_SECRET): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

async function startApp(
  storage: Storage,
  store: TestStorage,
  clock?: Clock,
  hostResolver?: HostResolver,
  objectStorage?: ObjectStorage,
): Promise<INestApplication> {
  const app = await createHttpApp({ config: store.config, storage, clock, hostResolver, objectStorage });
  await app.init();
  recordAppends(app);
  return app;
}

export interface TestAppOptions {
  kind?: StoreKind;
  clock?: Clock;
  env?: Record<string, string>;
  /** Webhook URL name resolution; default: a table (no network), see `tableResolver`. */
  hostResolver?: HostResolver;
  /** Where uploaded files go (default: local disk under the config's UPLOADS_DIR). */
  objectStorage?: ObjectStorage;
  /**
   * A service of its own on an empty store, even where spec files share their services (see
   * `shareAppsInThisRegistry`): for a spec that reads or changes the whole store, not its own shops.
   */
  fresh?: boolean;
}

/** A started service and its store, which one or more test apps use. */
interface Started {
  app: INestApplication;
  store: TestStorage;
  hostResolver: HostResolver;
  options: TestAppOptions;
}

async function start(options: TestAppOptions): Promise<Started> {
  const store = await openTestStorage(options.kind ?? defaultStoreKind(), options.env);
  const hostResolver = options.hostResolver ?? tableResolver();
  const app = await startApp(store.storage, store, options.clock, hostResolver, options.objectStorage);
  return { app, store, hostResolver, options };
}

async function stop({ app, store }: Started): Promise<void> {
  await app.close();
  await store.cleanup();
}

/** Services left unused that stay started: the next spec file likely wants one of them again. */
const IDLE_KEPT = 2;

/**
 * The started services of one module registry that no test app uses now, with their options
 * (`sharingKey`). A test app takes one with its options or starts one, and gives it back on close;
 * two test apps open at once never share one (a spec opening two means two processes). Past
 * IDLE_KEPT, the least recently used stops: each started service polls its store.
 */
class AppPool {
  /** The least recently given back first. */
  private idle: Array<{ key: string; started: Started }> = [];

  async take(key: string, options: TestAppOptions): Promise<Started> {
    const index = this.idle.map((entry) => entry.key).lastIndexOf(key);
    return index >= 0 ? this.idle.splice(index, 1)[0].started : start(options);
  }

  async giveBack(key: string, started: Started): Promise<void> {
    this.idle.push({ key, started });
    while (this.idle.length > IDLE_KEPT) await stop(this.idle.shift()!.started);
  }

  async stopAll(): Promise<void> {
    for (const { started } of this.idle.splice(0)) await stop(started);
  }
}

/** This module registry's pool; null where each `createTestApp` starts a service and stops it on close. */
let pool: AppPool | null = null;

/**
 * From now on, in this module registry, a closed test app's service is kept for the next
 * `createTestApp` with the same options (tests are isolated by shop: each creates its own), and
 * stopped after the file's last test at the latest. test/support/app-suite.ts turns this on for the
 * spec files it gathers.
 */
export function shareAppsInThisRegistry(): void {
  if (pool) return;
  const apps = new AppPool();
  pool = apps;
  afterAll(async () => {
    pool = null;
    await apps.stopAll();
  });
}

/**
 * Options that can share a service: the store kind and the environment, compared by value. A clock,
 * a resolver or an object storage is an object the spec holds and may change, so it gets its own.
 */
function sharingKey(options: TestAppOptions): string | null {
  if (options.fresh || options.clock || options.hostResolver || options.objectStorage) return null;
  const env = Object.entries(options.env ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ kind: options.kind ?? defaultStoreKind(), env });
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const key = sharingKey(options);
  const shared = pool;
  if (!shared || key === null) {
    const started = await start(options);
    return testAppOver(started, () => stop(started));
  }
  const started = await shared.take(key, options);
  return testAppOver(started, () => shared.giveBack(key, started));
}

/** A test app over `started`; its `close` ends its own second instances, then calls `done`. */
function testAppOver(started: Started, done: () => Promise<void>): TestApp {
  const { app, store, hostResolver, options } = started;
  const others: Array<{ app: INestApplication; storage: Storage }> = [];
  let closed = false;
  const http = () => request(app.getHttpServer());

  const rawPlatform = (
    shop: ProvisionedShop,
    topic: string,
    raw: string,
    { signature = signPlatform(raw), webhookId = randomUUID(), domain = shop.domain }: RawWebhookHeaders = {},
  ) => {
    const call = http()
      .post(`/platform/webhooks/${topic}`)
      .set('Content-Type', 'application/json')
      .set('X-Platform-Shop-Domain', domain);
    if (webhookId !== null) call.set('X-Platform-Webhook-Id', webhookId);
    if (signature !== null) call.set('X-Platform-Hmac-Sha256', signature);
    return call.send(raw);
  };
  const platform = (shop: ProvisionedShop, topic: string, body: unknown, webhookId = randomUUID()) =>
    rawPlatform(shop, topic, JSON.stringify(body), { webhookId });

  return {
    app,
    http,
    store,
    shop: (domain = `shop-${randomUUID().slice(0, 8)}.example.com`) =>
      app.get(CommandBus).execute(new ProvisionShopCommand(domain, 'ultimate', 'USD', 'UTC')),
    async enrol(shop, platformCustomerId, profile = {}) {
      const body = {
        id: platformCustomerId,
        email: `c${platformCustomerId}@example.com`,
        first_name: 'Test',
        last_name: `Customer${platformCustomerId}`,
        accepts_marketing: false,
        created_at: '2026-01-01T00:00:00Z',
        ...profile,
      };
      const response = await platform(shop, 'customers/create', body).expect(200);
      return response.body.data.customerId as string;
    },
    platform,
    rawPlatform,
    async secondInstance() {
      const storage = await store.reopen();
      const other = await startApp(storage, store, options.clock, hostResolver);
      others.push({ app: other, storage });
      return other;
    },
    async close() {
      if (closed) return;
      closed = true;
      // A shared store outlives this test app: its second instances' connections close with them.
      for (const other of others.splice(0)) {
        await other.app.close();
        await other.storage.close();
      }
      await done();
    },
  };
}

/** Asserts the v2 error envelope and returns the error object. */
export function expectError(body: any, code: string, statusCode: number) {
  expect(body).toMatchObject({
    success: false,
    error: { code, statusCode, message: expect.any(String) },
    timestamp: expect.any(String),
  });
  return body.error;
}

/** Sends `call`, asserts its status and the v2 error envelope with `code`; returns the error object. */
export async function expectRefusal(call: request.Test, code: string, statusCode: number) {
  return expectError((await call.expect(statusCode)).body, code, statusCode);
}

export function expectSuccess(body: any) {
  expect(body).toMatchObject({
    success: true,
    meta: expect.any(Object),
    message: expect.any(String),
    timestamp: expect.any(String),
  });
  expect(body).toHaveProperty('data');
  return body.data;
}
