import { Client } from 'pg';
import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../src/config/app-config';
import { openStorage, Storage } from '../../src/infrastructure/storage';
import { MongoReadStore } from '../../src/infrastructure/read-store/mongo-read-store.adapter';
import { MingoDb } from './mingo-mongo';

/**
 * `pglite`: in-memory PGlite; `postgres`: a fresh database on DATABASE_URL's server; `eventstoredb`:
 * the log on ESDB_URL's server (a stream namespace of its own); `mongodb`: read models in a fresh
 * database on MONGO_URL's server; `mingo`: the MongoDB read store adapter over an in-memory database
 * evaluated by mingo (no server). Whatever the kind, the webhook outbox and checkpoints are in PGlite
 * (or the fresh PostgreSQL database for `postgres`).
 */
export type StoreKind = 'pglite' | 'postgres' | 'eventstoredb' | 'mongodb' | 'mingo';

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export function storeKinds(): StoreKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The event store contract runs on these: the SQL kinds, and EventStoreDB when ESDB_URL is set. */
export function eventStoreKinds(): StoreKind[] {
  return [...storeKinds(), ...(process.env.ESDB_URL ? (['eventstoredb'] as const) : [])];
}

/** The read store contract runs on these: the SQL kinds, mingo always, and MongoDB when MONGO_URL is set. */
export function readStoreKinds(): StoreKind[] {
  return [...storeKinds(), 'mingo', ...(process.env.MONGO_URL ? (['mongodb'] as const) : [])];
}

/** The store HTTP and integration tests use: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function defaultStoreKind(): StoreKind {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

export interface TestStorage {
  storage: Storage;
  config: AppConfig;
  /** Connection string of the fresh database (postgres only). */
  databaseUrl: string | null;
  /** Opens a second, independent connection to the same database (postgres only). */
  reopen(): Promise<Storage>;
  cleanup(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs one statement on the PostgreSQL server at `serverUrl` over a connection of its own, closed after. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`: its connection string, and `drop`, which
 * removes it (connections still open to it forced off).
 */
export async function createTestDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `loyalty_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  return {
    url: withDatabase(serverUrl, database),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return new AppConfig({
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN: 'operator-token',
    PLATFORM_WEBHOOK_SECRET: 'platform-secret',
    DEMO_SHOP: 'false',
    PROJECTION_POLL_MS: '50',
    BIRTHDAY_CHECK_MS: '0',
    EXPIRY_CHECK_MS: '0',
    PENDING_RELEASE_CHECK_MS: '0',
    TIER_REVIEW_CHECK_MS: '0',
    COUPON_EXPIRY_CHECK_MS: '0',
    // Suites send many refused credentials on purpose; test/reliability/auth-throttle.spec.ts uses the real quotas.
    AUTH_FAILURE_QUOTA_IP: '1000000/60',
    AUTH_FAILURE_QUOTA_KEY: '1000000/60',
    ...env,
  });
}

/**
 * A fresh, empty store per call: an in-memory PGlite, or a new PostgreSQL database dropped at cleanup.
 * EVENT_STORE=eventstoredb / READ_STORE=mongodb in the test process's environment (with ESDB_URL /
 * MONGO_URL) put every kind's log / read models there: the HTTP and integration suites then run on
 * those servers.
 */
export async function openTestStorage(kind: StoreKind, env: Record<string, string> = {}): Promise<TestStorage> {
  const servers: Record<string, string> = {};
  const cleanups: Array<() => Promise<void>> = [];
  if (kind === 'eventstoredb' || process.env.EVENT_STORE === 'eventstoredb') {
    Object.assign(servers, {
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: required('ESDB_URL'),
      // The server cannot be emptied: each storage reads and writes only its own streams.
      ESDB_STREAM_NAMESPACE: `loyalty_test_${randomBytes(6).toString('hex')}.`,
    });
  }
  if (kind === 'mongodb' || process.env.READ_STORE === 'mongodb') {
    const url = new URL(required('MONGO_URL'));
    const database = `loyalty_test_${randomBytes(6).toString('hex')}`;
    url.pathname = `/${database}`;
    Object.assign(servers, { READ_STORE: 'mongodb', MONGO_URL: url.toString() });
    cleanups.push(async () => {
      const client = new MongoClient(url.toString());
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    });
  }
  const opened = await openSqlTestStorage(kind === 'postgres' ? 'postgres' : 'pglite', { ...servers, ...env });
  if (kind === 'mingo') {
    const readStore = new MongoReadStore(new MingoDb(), { log: 'test' });
    opened.storage = {
      ...opened.storage,
      readStore,
      probes: opened.storage.probes.map((p) =>
        p.name === 'readStore' ? { name: p.name, ping: () => readStore.ping() } : p,
      ),
    };
  }
  return {
    ...opened,
    cleanup: async () => {
      await opened.cleanup();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for this store kind`);
  return value;
}

async function openSqlTestStorage(kind: 'pglite' | 'postgres', env: Record<string, string>): Promise<TestStorage> {
  if (kind === 'pglite') {
    const config = testConfig({ LOYALTY_IN_MEMORY: 'true', ...env });
    const storage = await openStorage(config);
    return {
      storage,
      config,
      databaseUrl: null,
      reopen: () => Promise.reject(new Error('PGlite is one connection; reopen needs PostgreSQL')),
      cleanup: () => storage.close(),
    };
  }
  const database = await createTestDatabase(process.env.DATABASE_URL!);
  const databaseUrl = database.url;
  const config = testConfig({ DATABASE_URL: databaseUrl, ...env });
  const opened: Storage[] = [await openStorage(config)];
  return {
    storage: opened[0],
    config,
    databaseUrl,
    reopen: async () => {
      const another = await openStorage(config);
      opened.push(another);
      return another;
    },
    cleanup: async () => {
      await Promise.all(opened.map((s) => s.close().catch(() => undefined)));
      await database.drop();
    },
  };
}
