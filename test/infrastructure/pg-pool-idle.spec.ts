import { Client } from 'pg';
import { AppConfig } from '../../src/config/app-config';
import { defaultStoreKind, openTestStorage, TestStorage } from '../support/stores';

/**
 * Pooled PostgreSQL connections stay open between bursts of traffic (a new one starts a new server
 * process, cold), and close after PG_POOL_IDLE_MS unused.
 */
describe('PG_POOL_IDLE_MS', () => {
  it('defaults to ten minutes, 0 means never, and refuses what is not a whole number', () => {
    expect(new AppConfig({}).pgPoolIdleMs).toBe(600_000);
    expect(new AppConfig({ PG_POOL_IDLE_MS: '0' }).pgPoolIdleMs).toBe(0);
    expect(() => new AppConfig({ PG_POOL_IDLE_MS: '10s' })).toThrow('PG_POOL_IDLE_MS');
  });

  const onPostgres = defaultStoreKind() === 'postgres' ? it : it.skip;

  onPostgres('keeps the storage connections open by default and closes them once idle that long', async () => {
    const kept = await openTestStorage('postgres');
    const closing = await openTestStorage('postgres', { PG_POOL_IDLE_MS: '100' });
    try {
      // Each opened its stores (schema, checkpoints): its pools hold connections to its database.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await connectionsTo(kept)).toBeGreaterThan(0);
      expect(await connectionsTo(closing)).toBe(0);
    } finally {
      await closing.cleanup();
      await kept.cleanup();
    }
  });
});

async function connectionsTo(store: TestStorage): Promise<number> {
  const database = new URL(store.databaseUrl!).pathname.slice(1);
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows[0].n;
  } finally {
    await admin.end();
  }
}
