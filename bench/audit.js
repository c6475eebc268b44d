#!/usr/bin/env node
/**
 * Audit benchmark: verification over the rebuild benchmark's log, replay of one long stream, export.
 * Each measure runs in its own process, so its peak RSS is its own.
 *   node bench/audit.js                 standalone: fresh store, seed 1,000,000 events, rebuild, then all three
 *   node bench/audit.js verify          verify every read model against the log of the store in the environment
 *   node bench/audit.js export          export the seeded shop (all its events) to /dev/null
 *   node bench/audit.js replay <n>      seed one customer with n events (once) and time its replay
 *   node bench/audit.js liability       the seeded shop's liability roll-forward over 24 monthly periods
 * Store: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), like the service. Results of the standalone run
 * go to bench/results/audit-latest-<store>.json. Every measure runs under the service's Node flags
 * (bench/service-flags.js).
 */
require('reflect-metadata');
const { execFileSync, spawnSync } = require('node:child_process');
const { generateKeyPairSync, randomBytes, randomUUID } = require('node:crypto');
const { createWriteStream, mkdtempSync, mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { once } = require('node:events');
const { loadavg, tmpdir } = require('node:os');
const { get } = require('node:http');
const { join } = require('node:path');
const { SERVICE_NODE_FLAGS } = require('./service-flags');

const ROOT = join(__dirname, '..');
const BENCH_SHOP = '00000000-0000-5000-8000-00000000beef';
const log = (...a) => process.stderr.write(`[bench audit] ${a.join(' ')}\n`);

function app() {
  const { AppConfig } = require('../dist/config/app-config');
  const { createAppContext } = require('../dist/app.factory');
  const config = new AppConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_SHOP: 'false' });
  return createAppContext({ config });
}

/** Peak RSS of this process while `work` runs. */
async function measured(work) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = Date.now();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const used = process.cpuUsage(cpu);
    return { ...result, ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000), peak };
  } finally {
    clearInterval(sampler);
  }
}

const peakMb = (peak) => Math.round(Math.max(peak, process.resourceUsage().maxRSS * 1024) / 1048576);

async function verify() {
  const context = await app();
  try {
    const { ReadModelVerifier } = require('../dist/audit/queries/verify-read-models');
    let differences = 0;
    const r = await measured(async () => ({
      summary: await context.get(ReadModelVerifier).run({ onDifference: () => void differences++ }),
    }));
    return {
      events: r.summary.events,
      streams: r.summary.streams,
      differences,
      ms: r.ms,
      eventsPerSecond: Math.round((r.summary.events / r.ms) * 1000),
      cpuMs: r.cpuMs,
      peakRssMb: peakMb(r.peak),
      loadAverage: loadavg()[0],
    };
  } finally {
    await context.close();
  }
}

async function exportShop() {
  const context = await app();
  try {
    const { LogExport } = require('../dist/audit/queries/export-log');
    const out = createWriteStream('/dev/null');
    const r = await measured(async () => {
      const { lines } = await context.get(LogExport).open(BENCH_SHOP, {});
      let last = '';
      for await (const chunk of lines) {
        last = chunk;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      return { events: JSON.parse(last).count };
    });
    out.end();
    return {
      events: r.events,
      ms: r.ms,
      eventsPerSecond: Math.round((r.events / r.ms) * 1000),
      cpuMs: r.cpuMs,
      peakRssMb: peakMb(r.peak),
      loadAverage: loadavg()[0],
    };
  } finally {
    await context.close();
  }
}

/**
 * One customer with n events (an enrolment and awards, one every 105 minutes: 10,000 span two
 * years, as a long-lived customer's do; the fold keeps figures per day, so a stream packed into a
 * week measured less than such a customer costs), appended through the service's own event store,
 * a few hundred at a time: their personal fields (the email, the notes) are sealed as the service
 * seals them, so each replay opens them again, as it does a real customer's. Written in SQL
 * instead, they were plain, and the replay skipped that work.
 */
async function seedLongStream(app, shopId, customer, length) {
  const { EVENT_STORE } = require('../dist/infrastructure/event-store/event-store.port');
  const eventStore = app.get(EVENT_STORE);
  const stream = `customer-${shopId}_${customer}`;
  if ((await eventStore.readStream(stream, 0n, 1)).length > 0) return customer;
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const common = { shopId, customerId: customer, platformCustomerId: 9000000, email: 'long@example.com' };
  const eventAt = (r) => {
    const occurredAt = new Date(start + r * 105 * 60_000).toISOString();
    const id = randomUUID();
    if (r === 0)
      return {
        id,
        type: 'customer.enrolled.v1',
        data: {
          type: 'customer.enrolled.v1',
          eventId: id,
          occurredAt,
          ...common,
          firstName: 'Long',
          lastName: 'Stream',
          acceptsMarketing: false,
          platformCreatedAt: null,
          tierId: null,
          tierName: null,
          source: 'bench',
        },
      };
    return {
      id,
      type: 'points.awarded.v1',
      data: {
        type: 'points.awarded.v1',
        eventId: id,
        occurredAt,
        ...common,
        transactionId: randomUUID(),
        oldPoint: r - 1,
        newPoint: r,
        points: 1,
        source: 'rest_api',
        event: 'earn_point_rest_api',
        adminNote: null,
        userNote: 'bench',
        reason: null,
        idempotencyKey: null,
        requestHash: null,
      },
    };
  };
  const PER_APPEND = 500;
  for (let from = 0; from < length; from += PER_APPEND) {
    const events = [];
    for (let r = from; r < Math.min(length, from + PER_APPEND); r++) events.push(eventAt(r));
    await eventStore.appendToStream(stream, events, from === 0 ? 'no_stream' : BigInt(from - 1));
  }
  return customer;
}

/** Replays of another customer before the measure: a running service has its code compiled. */
const WARM_UP_REPLAYS = 5;
const REPLAY_RUNS = 7;
const BENCH_ADMIN_TOKEN = 'bench-audit-admin';

/** Median and max of a list of milliseconds, to a tenth. */
const figures = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const tenth = (v) => Math.round(v * 10) / 10;
  return { medianMs: tenth(sorted[Math.floor(sorted.length / 2)]), maxMs: tenth(sorted[sorted.length - 1]) };
};

/**
 * The whole stream replayed in one page (every event with its figures), twice: the endpoint
 * (`GET .../audit/customers/{id}/events?limit=n` over loopback, the whole answer received: what an
 * auditor waits for, which adds writing about 800 bytes of JSON an event), then the query alone
 * (the fold, in the process). The service is as a running one has it: the first replays of a fresh
 * process run its code before the JIT has compiled it and grow its heap (they took 110-200 ms where
 * later ones take 80-95), so another customer's stream of the same length is replayed first
 * (`coldMs`: the first of those). The endpoint is measured first: after the query's runs, whose
 * every answer of 10,000 items the measure holds whole (as no running service does), its median
 * was about 30 ms higher (164 against 133 ms on PostgreSQL, three runs each).
 */
async function replay(length) {
  const { AppConfig } = require('../dist/config/app-config');
  const { openStorage } = require('../dist/infrastructure/storage');
  const { createHttpApp } = require('../dist/app.factory');
  const config = new AppConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DEMO_SHOP: 'false',
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
  });
  const storage = await openStorage(config);
  // Projections are not followed (the seeded streams would be projected during the measure); the
  // shop's creation still brings its read models up to date, as a command does in such a process.
  const app = await createHttpApp({ config, storage, followProjections: false });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    const shop = await benchShop(base);
    const [customer, other] = [`long${length}`, `warm${length}`];
    for (const c of [customer, other]) await seedLongStream(app, shop.shopId, c, length);
    const endpoint = await timedReplays(
      length,
      (id, check) => replayEndpoint(base, shop, id, length, { parse: check }),
      customer,
      other,
    );
    const query = await timedReplays(length, (id) => replayQuery(app, shop.shopId, id, length), customer, other);
    return {
      events: length,
      medianMs: endpoint.medianMs,
      maxMs: endpoint.maxMs,
      medianCpuMs: endpoint.medianCpuMs,
      coldMs: endpoint.coldMs,
      query: { medianMs: query.medianMs, maxMs: query.maxMs, medianCpuMs: query.medianCpuMs },
      bytes: endpoint.bytes,
      runs: REPLAY_RUNS,
      loadAverage: loadavg()[0],
    };
  } finally {
    await app.close();
  }
}

/** A shop made through the admin API, its keys kept for the endpoint's requests. */
async function benchShop(base) {
  const answer = await fetch(`${base}/admin/api/shops`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain: `replay-${randomBytes(4).toString('hex')}.example.com` }),
  });
  if (answer.status !== 201) throw new Error(`creating the bench shop answered ${answer.status}`);
  return (await answer.json()).data;
}

async function replayQuery(app, shopId, customer, length) {
  const { QueryBus } = require('@nestjs/cqrs');
  const { ReplayCustomerQuery } = require('../dist/audit/queries/replay-customer.query');
  const result = await app
    .get(QueryBus)
    .execute(new ReplayCustomerQuery(shopId, customer, { limit: length, asOf: null }));
  const items = [];
  for await (const batch of result.events) items.push(...batch);
  return { items, bytes: null };
}

/**
 * The endpoint's answer, received whole over loopback by a plain HTTP client in this process. Only
 * the checked replay keeps and parses it; the timed ones count its bytes as they come, as a client
 * streaming it elsewhere would: the client shares the service's thread here, and joining 8 MB into
 * one buffer (fresh memory, slow to touch on this host) added about 15 ms to the service's time.
 */
function replayEndpoint(base, shop, customer, length, { parse = false } = {}) {
  const url = `${base}/rest_api/v2/audit/customers/${customer}/events?limit=${length}`;
  const headers = { 'X-Svc-Loyalty-App-Key': shop.appKey, 'X-Svc-Loyalty-Secret-Key': shop.secretKey };
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const keep = parse || res.statusCode !== 200;
      const chunks = [];
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const body = keep ? Buffer.concat(chunks).toString('utf8') : '';
        if (res.statusCode !== 200) return reject(new Error(`the replay endpoint answered ${res.statusCode}: ${body}`));
        resolve({ items: parse ? JSON.parse(body).data : null, bytes });
      });
    }).on('error', reject);
  });
}

/** Warm-up replays of `other`, then REPLAY_RUNS timed replays of `customer`: the first checked, the others as long. */
async function timedReplays(length, replayOf, customer, other) {
  const started = process.hrtime.bigint();
  await replayOf(other);
  const coldMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
  for (let i = 1; i < WARM_UP_REPLAYS; i++) await replayOf(other);
  const bytes = await checkedReplay(length, replayOf, customer);
  const times = [];
  const cpu = [];
  for (let i = 0; i < REPLAY_RUNS; i++) {
    const began = process.hrtime.bigint();
    const used = process.cpuUsage();
    const answered = (await replayOf(customer)).bytes;
    if (answered !== bytes) throw new Error(`replay answered ${answered} bytes, not ${bytes}`);
    times.push(Number(process.hrtime.bigint() - began) / 1e6);
    const u = process.cpuUsage(used);
    cpu.push((u.user + u.system) / 1000);
  }
  return { ...figures(times), medianCpuMs: figures(cpu).medianMs, coldMs, bytes };
}

/**
 * One replay of `customer`, its items checked; only its size is kept. The parsed answer (10,000
 * items) is dropped before the timed replays: a client's copy held in the service's heap made every
 * garbage collection of the measure longer than a running service's.
 */
async function checkedReplay(length, replayOf, customer) {
  const { items, bytes } = await replayOf(customer, true);
  if (items.length !== length || items[length - 1].after.balance !== length - 1) throw new Error('replay is wrong');
  return bytes;
}

/** The seeded shop's roll-forward over 24 months, from the per-day read model, as the endpoint answers it. */
async function liability() {
  const context = await app();
  try {
    const { QueryBus } = require('@nestjs/cqrs');
    const { LiabilityRollForwardQuery } = require('../dist/audit/liability/liability-roll-forward.query');
    const request = { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z'), interval: 'month' };
    const run = () => context.get(QueryBus).execute(new LiabilityRollForwardQuery(BENCH_SHOP, request));
    const first = await run(); // warm-up (code paths, connection)
    if (first.periods.length !== 24) throw new Error('liability is wrong');
    const times = [];
    for (let i = 0; i < 15; i++) {
      const started = process.hrtime.bigint();
      await run();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      periods: 24,
      closing: first.periods[23].closing,
      p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10,
      maxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
      runs: times.length,
      loadAverage: loadavg()[0],
    };
  } finally {
    await context.close();
  }
}

function runChild(args, env, timeoutMs = 6 * 60 * 1000) {
  const out = execFileSync(process.execPath, [...SERVICE_NODE_FLAGS, join(__dirname, args[0]), ...args.slice(1)], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/** The three measures on a store that already holds the rebuilt 1,000,000-event log. */
function measureAll(storeEnv) {
  const env = { ...storeEnv, AUDIT_SIGNING_KEY: storeEnv.AUDIT_SIGNING_KEY ?? signingKey() };
  log('verify: every read model against the log');
  const verified = runChild(['audit.js', 'verify'], env);
  log(`verify: ${JSON.stringify(verified)}`);
  log('export: the shop, to /dev/null');
  const exported = runChild(['audit.js', 'export'], env);
  log(`export: ${JSON.stringify(exported)}`);
  log('replay: one customer with 10,000 events');
  const replayed = runChild(['audit.js', 'replay', '10000'], env);
  log(`replay: ${JSON.stringify(replayed)}`);
  log('liability: the roll-forward over 24 months');
  const rolledForward = runChild(['audit.js', 'liability'], env);
  log(`liability: ${JSON.stringify(rolledForward)}`);
  return { verify: verified, export: exported, replay: replayed, liability: rolledForward };
}

const signingKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

function auditTargets(a) {
  return [
    ['audit verify >= 20,000 events/s', a?.verify?.eventsPerSecond, (v) => v >= 20000],
    ['audit verify peak RSS < 400 MB', a?.verify?.peakRssMb, (v) => v < 400],
    ['audit replay of 10,000 events < 100 ms (endpoint, whole answer)', a?.replay?.medianMs, (v) => v < 100],
    ['audit export >= 30,000 events/s', a?.export?.eventsPerSecond, (v) => v >= 30000],
    ['audit liability over 24 months p50 < 50 ms', a?.liability?.p50Ms, (v) => v < 50],
  ].map(([target, value, ok]) => ({
    target,
    value: value ?? null,
    met: value === null || value === undefined ? null : ok(value),
  }));
}

function renderAudit(a) {
  if (!a) return [];
  const lines = [];
  if (a.verify)
    lines.push(
      `Audit verify: ${a.verify.events.toLocaleString('en')} events in ${a.verify.streams.toLocaleString('en')} streams, ${a.verify.differences} differences, ${a.verify.ms} ms = ${a.verify.eventsPerSecond.toLocaleString('en')} events/s (verifier CPU ${a.verify.cpuMs} ms), peak RSS ${a.verify.peakRssMb} MB, load average ${a.verify.loadAverage.toFixed(1)}`,
    );
  if (a.export)
    lines.push(
      `Audit export: ${a.export.events.toLocaleString('en')} events in ${a.export.ms} ms = ${a.export.eventsPerSecond.toLocaleString('en')} events/s (exporter CPU ${a.export.cpuMs} ms), peak RSS ${a.export.peakRssMb} MB, load average ${a.export.loadAverage.toFixed(1)}`,
    );
  if (a.replay)
    lines.push(
      `Audit replay: ${a.replay.events.toLocaleString('en')} events, endpoint median ${a.replay.medianMs} ms for ${((a.replay.bytes ?? 0) / 1e6).toFixed(1)} MB (max ${a.replay.maxMs} ms over ${a.replay.runs} runs after ${WARM_UP_REPLAYS} of another customer; median CPU ${a.replay.medianCpuMs} ms, client included; the process's first replay ${a.replay.coldMs ?? 'n/a'} ms); the query alone median ${a.replay.query?.medianMs ?? 'n/a'} ms (max ${a.replay.query?.maxMs ?? 'n/a'}, CPU ${a.replay.query?.medianCpuMs ?? 'n/a'}); load average ${a.replay.loadAverage.toFixed(1)}`,
    );
  if (a.liability)
    lines.push(
      `Audit liability: ${a.liability.periods} monthly periods, p50 ${a.liability.p50Ms} ms (max ${a.liability.maxMs} ms over ${a.liability.runs} runs), closing ${a.liability.closing.toLocaleString('en')}, load average ${a.liability.loadAverage.toFixed(1)}`,
    );
  return lines;
}

/** Standalone: a fresh store with the rebuild benchmark's log, rebuilt, then the three measures. */
async function standalone() {
  const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  let env;
  let cleanup;
  if (process.env.DATABASE_URL) {
    const { Client } = require('pg');
    const name = `bench_audit_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const c = new Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bench-audit-'));
    env = { DATABASE_URL: '', DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const customers = Number(process.env.BENCH_REBUILD_CUSTOMERS ?? 1000);
  const perCustomer = Number(process.env.BENCH_REBUILD_EVENTS_PER_CUSTOMER ?? 1000);
  try {
    log(`seeding ${customers} x ${perCustomer + 1} events (${storeKind})`);
    runChild(['rebuild.js', 'seed', String(customers), String(perCustomer)], env);
    log('rebuilding the read models');
    const rebuilt = runChild(['rebuild.js', 'rebuild'], env);
    log(`rebuilt: ${JSON.stringify(rebuilt)}`);
    const audit = measureAll(env);
    const results = { store: storeKind, audit, targets: auditTargets(audit), at: new Date().toISOString() };
    const text = [...renderAudit(audit), '', 'Targets:', ...results.targets.map(describeTarget)].join('\n');
    process.stdout.write(`${text}\n`);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench', 'results', `audit-latest-${storeKind}.json`),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  } finally {
    await cleanup();
  }
}

const describeTarget = (t) =>
  `- ${t.target}: ${t.value ?? 'n/a'} ${t.met === null ? '' : t.met ? '(met)' : '(MISSED)'}`;

module.exports = { measureAll, auditTargets, renderAudit, seedLongStream };

/** Run by hand without the service's Node flags: runs itself again under them. */
function underServiceFlags() {
  if (SERVICE_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return;
  const args = [...SERVICE_NODE_FLAGS, ...process.execArgv, __filename, ...process.argv.slice(2)];
  process.exit(spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1);
}

if (require.main === module) {
  underServiceFlags();
  const [mode, arg] = process.argv.slice(2);
  const work =
    mode === 'verify'
      ? verify()
      : mode === 'export'
        ? exportShop()
        : mode === 'replay'
          ? replay(Number(arg ?? 10000))
          : mode === 'liability'
            ? liability()
            : standalone().then(() => null);
  work.then(
    (r) => {
      if (r) process.stdout.write(`${JSON.stringify(r)}\n`);
      process.exit(0);
    },
    (e) => {
      process.stderr.write(`${e.stack ?? e}\n`);
      process.exit(1);
    },
  );
}
