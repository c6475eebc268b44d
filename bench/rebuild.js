#!/usr/bin/env node
/**
 * Rebuild benchmark, in its own process so its peak RSS is the rebuild's alone.
 *   node bench/rebuild.js seed <customers> <eventsPerCustomer>   writes a realistic log straight into the store
 *   node bench/rebuild.js rebuild                                 rebuilds every read model, prints JSON
 * Store: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), like the service.
 */
require('reflect-metadata');
const { AppConfig } = require('../dist/config/app-config');
const { createAppContext } = require('../dist/app.factory');
const { ProjectionRunner } = require('../dist/projections/projection-runner');
const { PgSqlClient } = require('../dist/infrastructure/sql/pg.client');
const { PgliteSqlClient } = require('../dist/infrastructure/sql/pglite.client');
const { SqlEventStore } = require('../dist/infrastructure/event-store/sql-event-store.adapter');

async function sqlClient(config) {
  return config.databaseUrl ? new PgSqlClient(config.databaseUrl) : PgliteSqlClient.open(config.dataDir);
}

/**
 * One enrolment and N awards per customer, generated in SQL so a million events take seconds.
 * The events have the exact shape the service writes (customer.enrolled.v1, points.awarded.v1), and
 * transaction ids like the service's: UUIDv7, their time in the log's order (a millisecond apart).
 */
async function seed(customers, perCustomer) {
  const config = new AppConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const sql = await sqlClient(config);
  await SqlEventStore.create(sql);
  const shopId = '00000000-0000-5000-8000-00000000beef';
  const started = Date.now();
  const chunk = 100;
  for (let first = 1; first <= customers; first += chunk) {
    const last = Math.min(customers, first + chunk - 1);
    await sql.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
       SELECT 'customer-' || $1 || '_c' || c, r, gen_random_uuid(),
         CASE WHEN r = 0 THEN 'customer.enrolled.v1' ELSE 'points.awarded.v1' END,
         CASE WHEN r = 0 THEN jsonb_build_object('type', 'customer.enrolled.v1', 'eventId', gen_random_uuid(), 'occurredAt', '2026-01-01T00:00:00.000Z',
             'shopId', $1, 'customerId', 'c' || c, 'platformCustomerId', 100000 + c, 'email', 'c' || c || '@example.com',
             'firstName', 'Bench', 'lastName', 'Customer', 'acceptsMarketing', false, 'platformCreatedAt', null,
             'tierId', null, 'tierName', null, 'source', 'bench')
         ELSE jsonb_build_object('type', 'points.awarded.v1', 'eventId', gen_random_uuid(), 'occurredAt', '2026-01-02T00:00:00.000Z',
             'shopId', $1, 'customerId', 'c' || c, 'transactionId', (lpad(to_hex(1767225600000::bigint + c::bigint * 1001 + r), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid, 'platformCustomerId', 100000 + c,
             'email', 'c' || c || '@example.com', 'oldPoint', r - 1, 'newPoint', r, 'points', 1, 'source', 'rest_api',
             'event', 'earn_point_rest_api', 'adminNote', null, 'userNote', 'bench', 'reason', null, 'idempotencyKey', null, 'requestHash', null)
         END, '{}'::jsonb
       FROM generate_series($2::int, $3::int) AS c, generate_series(0, $4::int) AS r
       ORDER BY c, r`,
      [shopId, first, last, perCustomer],
    );
  }
  // The shop itself, so shop-scoped reads (audit export and verify) find it.
  await sql.query(
    `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
     SELECT 'shop-' || $1, 0, gen_random_uuid(), 'shop.provisioned.v1',
       jsonb_build_object('type', 'shop.provisioned.v1', 'eventId', gen_random_uuid(), 'occurredAt', '2026-01-01T00:00:00.000Z',
         'shopId', $1::text, 'domain', 'bench.example.com', 'plan', 'ultimate', 'currency', 'USD', 'timezone', 'UTC',
         'appKey', 'ak_bench'), '{}'::jsonb
     WHERE NOT EXISTS (SELECT 1 FROM es_events WHERE stream_id = 'shop-' || $1)`,
    [shopId],
  );
  const [{ n }] = await sql.query('SELECT count(*)::int AS n FROM es_events');
  await sql.close();
  return { events: n, ms: Date.now() - started };
}

async function rebuild() {
  const config = new AppConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_SHOP: 'false' });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const app = await createAppContext({ config });
  const result = await app.get(ProjectionRunner).rebuild();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  await app.close();
  return {
    events: result.events,
    ms: result.ms,
    eventsPerSecond: Math.round((result.events / result.ms) * 1000),
    peakRssMb: Math.round(peak / 1048576),
  };
}

const [mode, a, b] = process.argv.slice(2);
(mode === 'seed' ? seed(Number(a), Number(b)) : rebuild()).then(
  (r) => {
    process.stdout.write(`${JSON.stringify(r)}\n`);
    process.exit(0);
  },
  (e) => {
    process.stderr.write(`${e.stack ?? e}\n`);
    process.exit(1);
  },
);
