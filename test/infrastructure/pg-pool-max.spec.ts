import { Client } from 'pg';
import { AppConfig } from '../../src/config/app-config';
import { connectionBudget } from '../../src/infrastructure/storage';
import { auth, createTestApp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';

/** PG_POOL_MAX bounds every connection one process opens to PostgreSQL: both pools and the lease connection. */
describe('PG_POOL_MAX', () => {
  const url = 'postgres://u@db/x';

  it('defaults to 20 in all: one for leases, the rest shared by the pools; refuses fewer than 3', () => {
    expect(new AppConfig({}).pgPoolMax).toBe(20);
    expect(connectionBudget(new AppConfig({ DATABASE_URL: url }))).toEqual({ leases: 1, main: 10, readModels: 9 });
    expect(connectionBudget(new AppConfig({ DATABASE_URL: url, PG_POOL_MAX: '5' }))).toEqual({
      leases: 1,
      main: 2,
      readModels: 2,
    });
    expect(connectionBudget(new AppConfig({ DATABASE_URL: url, PG_POOL_MAX: '3' }))).toEqual({
      leases: 1,
      main: 1,
      readModels: 1,
    });
    // Read models elsewhere: the one pool has all but the lease connection.
    const mongo = { DATABASE_URL: url, READ_STORE: 'mongodb', MONGO_URL: 'mongodb://m/x', PG_POOL_MAX: '5' };
    expect(connectionBudget(new AppConfig(mongo))).toEqual({ leases: 1, main: 4, readModels: 0 });
    expect(() => new AppConfig({ PG_POOL_MAX: '2' })).toThrow('PG_POOL_MAX');
    expect(() => new AppConfig({ PG_POOL_MAX: 'many' })).toThrow('PG_POOL_MAX');
  });

  const onPostgres = defaultStoreKind() === 'postgres' ? describe : describe.skip;

  onPostgres('under concurrent load (postgres)', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp({ env: { PG_POOL_MAX: '5' } });
      admin = new Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await t.close();
    });

    it('a process never has more than 5 connections to its database, and every request is answered', async () => {
      const database = new URL(t.store.databaseUrl!).pathname.slice(1);
      let most = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [database],
          );
          most = Math.max(most, rows[0].n);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      const shop = await t.shop();
      const customers = Array.from({ length: 20 }, (_, i) => 4000 + i);
      await Promise.all(customers.map((id) => t.enrol(shop, id)));
      const statuses: number[] = [];
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(
          customers.flatMap((id) => [
            t
              .http()
              .post('/rest_api/v2/transactions/points/award')
              .set(auth(shop))
              .set('Idempotency-Key', `pool-${round}-${id}`)
              .send({ platformCustomerId: String(id), point: 3 }),
            t.http().get('/rest_api/v2/customers').set(auth(shop)),
          ]),
        );
        statuses.push(...answers.map((a) => a.status));
      }
      sampling = false;
      await sampler;
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(most).toBeGreaterThanOrEqual(3);
      expect(most).toBeLessThanOrEqual(5);
    });
  });
});
