import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../src/config/app-config';
import { openStorage, Storage } from '../../src/infrastructure/storage';

export type StoreKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export function storeKinds(): StoreKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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
    ...env,
  });
}

/** A fresh, empty store per call: an in-memory PGlite, or a new PostgreSQL database dropped at cleanup. */
export async function openTestStorage(kind: StoreKind, env: Record<string, string> = {}): Promise<TestStorage> {
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
  const serverUrl = process.env.DATABASE_URL!;
  const database = `loyalty_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, database);
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
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
