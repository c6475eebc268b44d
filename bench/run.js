#!/usr/bin/env node
/**
 * npm run bench: load-tests the service from this separate process (autocannon, loopback only,
 * bounded in time) and prints one table; the same figures go to bench/results/latest-<store>.json
 * and .md, and one row of them to bench/results/history.csv (see bench/history.js).
 * Store: embedded PGlite by default, PostgreSQL when DATABASE_URL is set (fresh databases, dropped after).
 * Every throughput is also given as a ratio to the ceiling (GET /health) measured in the same run,
 * so runs on a noisy 2-core machine compare.
 */
const { spawn, execFileSync } = require('node:child_process');
const { createHmac, randomBytes, randomUUID } = require('node:crypto');
const { mkdtempSync, mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir, cpus, totalmem, hostname, loadavg } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const audit = require('./audit');
const { SERVICE_NODE_FLAGS } = require('./service-flags');
const { freePort, untilHealthy } = require('./local-process');
const history = require('./history');

const ROOT = join(__dirname, '..');
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1000);
/** BENCH_ONLY=award: an unmeasured load on each side before the rounds. */
const WARM_UP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Ceiling, read and award are measured in interleaved rounds; ratios are per round, reported as medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each measure of a round runs in this many slices, interleaved with the others (see `interleaved`). */
const SLICES = Number(process.env.BENCH_SLICES ?? 2);
const REBUILD_CUSTOMERS = Number(process.env.BENCH_REBUILD_CUSTOMERS ?? 1000);
const REBUILD_PER_CUSTOMER = Number(process.env.BENCH_REBUILD_EVENTS_PER_CUSTOMER ?? 1000);
const STREAM_LENGTHS = [10, 1000, 10000];
const ADMIN_TOKEN = 'bench-admin';
const PLATFORM_SECRET = 'bench-platform';
const DEADLINE = Date.now() + 13 * 60 * 1000;
/** Idle time before the service's steady memory is read. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);

const log = (...a) => process.stderr.write(`[bench] ${a.join(' ')}\n`);

/** GET /rest_api/v2/customers/{id} with the shop's keys, the ids in turn (the full run's read and BENCH_ONLY=award's). */
const readRequests = (keys, ids, next) => [
  {
    method: 'GET',
    headers: keys,
    setupRequest: (req) => ({ ...req, path: `/rest_api/v2/customers/${ids[next() % ids.length]}` }),
  },
];

async function withDatabase(serverUrl, name) {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A store for one purpose: a fresh PostgreSQL database or a fresh PGlite directory. */
async function freshStore(label) {
  if (process.env.DATABASE_URL) {
    const db = await withDatabase(process.env.DATABASE_URL, `bench_${label}_${randomBytes(4).toString('hex')}`);
    return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dir },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function startService(storeEnv) {
  const port = await freePort();
  const nodeOptions = (process.env.BENCH_SERVICE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...nodeOptions, join(ROOT, 'dist', 'main.js')], {
    env: {
      ...process.env,
      ...storeEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      PLATFORM_WEBHOOK_SECRET: PLATFORM_SECRET,
      LOG_LEVEL: 'warn',
      DEMO_SHOP: 'false',
      // The bench measures the service, not its quotas (the limiter is still consulted on every request).
      HEADLESS_TOKEN_QUOTA_CUSTOMER: '100000000/60',
      HEADLESS_TOKEN_QUOTA_IP: '100000000/60',
      HEADLESS_REQUEST_QUOTA_TOKEN: '100000000/60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return { ...(await untilHealthy(base, child, 'service', 200)), pid: child.pid };
}

/** The CRUD baseline (PostgreSQL only) and the bare Nest app, each in its own process. */
async function startBaseline(mode, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'bench', 'baseline', 'crud-service.js')], {
    env: { ...process.env, ...env, BASELINE_MODE: mode, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return untilHealthy(base, child, `baseline ${mode}`, 200);
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function json(method, url, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Enrols a customer as the commerce platform does: a signed `customers/create` webhook. */
function enrol(base, shop, customer) {
  const raw = JSON.stringify(customer);
  return json('POST', `${base}/platform/webhooks/customers/create`, raw, {
    'X-Platform-Shop-Domain': shop.domain,
    'X-Platform-Webhook-Id': `enrol-${customer.id}`,
    'X-Platform-Hmac-Sha256': createHmac('sha256', PLATFORM_SECRET).update(raw).digest('base64'),
  });
}

async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

function cannon(options) {
  const settings = { connections: 32, ...options };
  if (settings.amount === undefined) settings.duration = settings.duration ?? SECONDS;
  return new Promise((resolve, reject) => {
    autocannon(settings, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summarise(result) {
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failed,
  };
}

/**
 * The measures of one round, each in SLICES slices of SECONDS / SLICES, in turn: forwards, then
 * backwards, and so on (ABC CBA). The host's speed drifts over seconds (measured: the same /health
 * rose and fell by 20 % between two 8 s runs), and a measure that always ran right after another
 * always met what that one left behind; slices compared side by side meet the same host. Requests
 * per second: all of a measure's requests over all of its time; p50: the slices' p50, weighted by
 * their requests; p99: the highest slice's p99.
 */
async function interleaved(measures) {
  const slices = [];
  for (let s = 0; s < SLICES; s++) {
    const order = s % 2 === 0 ? measures : [...measures].reverse();
    for (const [name, options] of order) {
      const result = await cannon({ ...options, duration: SECONDS / SLICES });
      slices.push({ name, result });
    }
  }
  const summaries = {};
  for (const [name] of measures) {
    const mine = slices.filter((x) => x.name === name).map((x) => x.result);
    const requests = mine.reduce((sum, x) => sum + x.requests.total, 0);
    const seconds = mine.reduce((sum, x) => sum + x.duration, 0);
    summaries[name] = {
      rps: Math.round(requests / seconds),
      p50Ms: requests
        ? Math.round((mine.reduce((sum, x) => sum + x.latency.p50 * x.requests.total, 0) / requests) * 10) / 10
        : null,
      p99Ms: Math.max(...mine.map((x) => x.latency.p99)),
      requests,
      failed: mine.reduce((sum, x) => sum + x.non2xx + x.errors + x.timeouts, 0),
    };
  }
  return summaries;
}

/** p99 from the difference of two Prometheus histogram scrapes (linear inside the bucket). */
function histogram(text, name) {
  const buckets = new Map();
  const re = new RegExp(`^${name}_bucket\\{[^}]*le="([^"]+)"[^}]*\\} (\\S+)$`, 'gm');
  for (const m of text.matchAll(re)) {
    const le = m[1] === '+Inf' ? Infinity : Number(m[1]);
    buckets.set(le, (buckets.get(le) ?? 0) + Number(m[2]));
  }
  return buckets;
}

function quantileOfDelta(before, after, q) {
  const les = [...after.keys()].sort((a, b) => a - b);
  const counts = les.map((le) => after.get(le) - (before.get(le) ?? 0));
  const total = counts[counts.length - 1];
  if (!total) return null;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (let i = 0; i < les.length; i++) {
    if (counts[i] >= rank) {
      if (les[i] === Infinity) return prevLe * 1000;
      const inBucket = counts[i] - prevCount;
      const fraction = inBucket ? (rank - prevCount) / inBucket : 1;
      return (prevLe + (les[i] - prevLe) * fraction) * 1000;
    }
    prevLe = les[i];
    prevCount = counts[i];
  }
  return null;
}

function runNode(args, env) {
  return JSON.parse(
    execFileSync(process.execPath, [join(ROOT, 'bench', ...args.slice(0, 1)), ...args.slice(1)], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 6 * 60 * 1000,
    })
      .trim()
      .split('\n')
      .pop(),
  );
}

async function main() {
  if (process.env.BENCH_ONLY === 'storefront') return storefrontOnly();
  if (process.env.BENCH_ONLY === 'headless') return headlessOnly();
  if (process.env.BENCH_ONLY === 'award') return awardOnly();
  const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  log(`store: ${storeKind}; ${CUSTOMERS} customers; ${SECONDS}s per load phase`);
  const results = { store: storeKind };
  const store = await freshStore('svc');
  const service = await startService(store.env);
  const { base } = service;
  try {
    const shop = (
      await json(
        'POST',
        `${base}/admin/api/shops`,
        { domain: `bench-${Date.now()}.example.com` },
        { Authorization: `Bearer ${ADMIN_TOKEN}` },
      )
    ).data;
    const keys = {
      'X-Svc-Loyalty-App-Key': shop.appKey,
      'X-Svc-Loyalty-Secret-Key': shop.secretKey,
      'Content-Type': 'application/json',
    };
    const platformIds = Array.from({ length: CUSTOMERS }, (_, i) => 1_000_000 + i);
    const enrolStarted = Date.now();
    await pool(platformIds, 16, async (id) => {
      await enrol(base, shop, { id, email: `c${id}@example.com`, first_name: 'Bench', last_name: String(id) });
    });
    log(`enrolled ${CUSTOMERS} customers in ${Date.now() - enrolStarted} ms`);
    const internalIds = (await json('GET', `${base}/rest_api/v2/customers?limit=1000`, undefined, keys)).data.map(
      (c) => c.id,
    );

    const bare = await startBaseline('bare');
    let crud = null;
    let crudStore = null;
    const crudIds = platformIds.map(() => randomUUID());
    if (storeKind === 'postgres') {
      crudStore = await freshStore('crud');
      crud = await startBaseline('crud', {
        DATABASE_URL: crudStore.env.DATABASE_URL,
        BASELINE_APP_KEY: shop.appKey,
        BASELINE_SECRET_KEY: shop.secretKey,
      });
      const seed = new Client({ connectionString: crudStore.env.DATABASE_URL });
      await seed.connect();
      await seed.query(
        `INSERT INTO crud_customers (id, platform_customer_id, email)
         SELECT (c->>'id')::uuid, (c->>'p')::bigint, c->>'e' FROM jsonb_array_elements($1::jsonb) c`,
        [JSON.stringify(platformIds.map((p, i) => ({ id: crudIds[i], p, e: `c${p}@example.com` })))],
      );
      await seed.end();
    }
    const awardRequests = (next) => [
      {
        method: 'POST',
        headers: keys,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ platformCustomerId: String(platformIds[next() % platformIds.length]), point: 1 }),
        }),
      },
    ];
    let cr = 0;
    let ca = 0;

    let r = 0;
    let a = 0;
    const rounds = [];
    const lagBefore = histogram(await (await fetch(`${base}/metrics`)).text(), 'loyalty_projection_lag_seconds');
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round}/${ROUNDS}: ceiling GET /health, read GET /customers/{id}, award POST points/award`);
      const measured = await interleaved([
        ['ceiling', { url: `${base}/health` }],
        ['bareHealth', { url: `${bare.base}/health` }],
        ['read', { url: base, requests: readRequests(keys, internalIds, () => r++) }],
        ...(crud ? [['crudRead', { url: crud.base, requests: readRequests(keys, crudIds, () => cr++) }]] : []),
        ['award', { url: `${base}/rest_api/v2/transactions/points/award`, requests: awardRequests(() => a++) }],
        ...(crud
          ? [
              [
                'crudAward',
                { url: `${crud.base}/rest_api/v2/transactions/points/award`, requests: awardRequests(() => ca++) },
              ],
            ]
          : []),
      ]);
      const { ceiling, bareHealth, read, award } = measured;
      const crudRead = measured.crudRead ?? null;
      const crudAward = measured.crudAward ?? null;
      rounds.push({
        ceiling,
        bareHealth,
        read,
        award,
        crudRead,
        crudAward,
        readRatio: ceiling.rps ? read.rps / ceiling.rps : 0,
        awardRatio: ceiling.rps ? award.rps / ceiling.rps : 0,
        healthVsBare: bareHealth.rps ? ceiling.rps / bareHealth.rps : 0,
        readVsCrud: crudRead?.rps ? read.rps / crudRead.rps : null,
        awardVsCrud: crudAward?.rps ? award.rps / crudAward.rps : null,
      });
    }
    await stopChild(bare.child);
    if (crud) await stopChild(crud.child);
    if (crudStore) await crudStore.cleanup();
    const lagAfter = histogram(await (await fetch(`${base}/metrics`)).text(), 'loyalty_projection_lag_seconds');
    results.rounds = rounds;
    const middle = (key) => [...rounds].sort((x, y) => x[key] - y[key])[Math.floor(rounds.length / 2)];
    // The round with the median ratio supplies the figures shown, so each row is one consistent measurement.
    results.ceiling = middle('awardRatio').ceiling;
    results.award = middle('awardRatio').award;
    results.read = middle('readRatio').read;
    results.readCeiling = middle('readRatio').ceiling;
    results.medianRatios = {
      award: median(rounds.map((x) => x.awardRatio)),
      read: median(rounds.map((x) => x.readRatio)),
    };
    results.bareHealth = middle('healthVsBare').bareHealth;
    results.vsBaseline = {
      healthVsBareNest: median(rounds.map((x) => x.healthVsBare)),
      awardVsCrud: crud ? median(rounds.map((x) => x.awardVsCrud)) : null,
      readVsCrud: crud ? median(rounds.map((x) => x.readVsCrud)) : null,
    };
    if (crud) {
      results.crudAward = middle('awardVsCrud').crudAward;
      results.crudRead = middle('readVsCrud').crudRead;
    }
    results.projectionLag = {
      p50Ms: round1(quantileOfDelta(lagBefore, lagAfter, 0.5)),
      p99Ms: round1(quantileOfDelta(lagBefore, lagAfter, 0.99)),
    };

    log('stream length: award p50 at 10, 1,000 and 10,000 events per stream');
    results.streamLength = {};
    for (const [i, length] of STREAM_LENGTHS.entries()) {
      const id = 2_000_000 + i;
      await enrol(base, shop, { id, email: `long${i}@example.com` });
      const body = JSON.stringify({ platformCustomerId: String(id), point: 1 });
      // Fill the stream (one event already: the enrolment), then measure one request at a time.
      if (length > 1)
        await cannon({
          url: `${base}/rest_api/v2/transactions/points/award`,
          method: 'POST',
          headers: keys,
          body,
          connections: 4,
          amount: length - 1,
        });
    }
    // Interleaved rounds again, one connection: a slow moment of the machine hits every length alike.
    const samples = Object.fromEntries(STREAM_LENGTHS.map((n) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, length] of STREAM_LENGTHS.entries()) {
        const body = JSON.stringify({ platformCustomerId: String(2_000_000 + i), point: 1 });
        const result = await cannon({
          url: `${base}/rest_api/v2/transactions/points/award`,
          method: 'POST',
          headers: keys,
          body,
          connections: 1,
          duration: Math.max(2, Math.round(SECONDS / 3)),
        });
        samples[length].push({ ...summarise(result), meanMs: result.latency.average });
      }
    }
    for (const length of STREAM_LENGTHS) {
      const s = samples[length];
      results.streamLength[length] = {
        p50Ms: median(s.map((x) => x.p50Ms)),
        p99Ms: median(s.map((x) => x.p99Ms)),
        meanMs: median(s.map((x) => x.meanMs)),
        rps: median(s.map((x) => x.rps)),
      };
    }
    results.headless = await headlessReads(base, shop, platformIds, keys);
    results.hot = await hotCustomer(base, shop, keys);
    results.hot.vsSpread = results.award.rps ? Math.round((results.hot.rps / results.award.rps) * 100) / 100 : null;
    results.socialEarn = await socialEarn(base, shop, keys, platformIds);

    const rssMb = async () =>
      Math.round(
        Number(/process_resident_memory_bytes (\d+)/.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0) /
          1048576,
      );
    results.serviceRssMb = await rssMb();
    // Where the process sits once the load is over: V8 gives back the heap it grew under load only
    // after some idle time, so the steady figure is read after SETTLE_SECONDS without requests.
    log(`service RSS after the load: ${results.serviceRssMb} MB; waiting ${SETTLE_SECONDS} s idle`);
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000));
    results.serviceRssSettledMb = await rssMb();
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((r) => service.child.once('exit', r));
    await store.cleanup();
  }

  results.uploads = uploads();

  if (process.env.BENCH_SKIP_REBUILD !== '1' && Date.now() < DEADLINE - 4 * 60 * 1000) {
    const rebuildStore = await freshStore('rebuild');
    try {
      log(`rebuild: seeding ${REBUILD_CUSTOMERS} x ${REBUILD_PER_CUSTOMER + 1} events`);
      const seeded = runNode(
        ['rebuild.js', 'seed', String(REBUILD_CUSTOMERS), String(REBUILD_PER_CUSTOMER)],
        rebuildStore.env,
      );
      log(`seeded ${seeded.events} events in ${seeded.ms} ms; rebuilding`);
      results.rebuild = runNode(['rebuild.js', 'rebuild'], rebuildStore.env);
      // Audit measures on the same rebuilt log (also runnable alone: node bench/audit.js).
      if (Date.now() < DEADLINE - 3 * 60 * 1000) results.audit = audit.measureAll(rebuildStore.env);
      else log('audit skipped: not enough time left');
    } finally {
      await rebuildStore.cleanup();
    }
  } else {
    log('rebuild skipped: not enough time left in the 10 minute budget');
  }

  results.ratios = { ...results.medianRatios };
  const s = results.streamLength;
  results.ratios.streamP50_10000_vs_10 = s[10].p50Ms ? Math.round((s[10000].p50Ms / s[10].p50Ms) * 100) / 100 : null;
  // p50 comes in whole milliseconds; the mean shows differences below that.
  results.ratios.streamMean_10000_vs_10 = s[10].meanMs
    ? Math.round((s[10000].meanMs / s[10].meanMs) * 100) / 100
    : null;
  results.meta = {
    commit: gitCommit(),
    node: process.version,
    machine: `${hostname()} ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 1073741824)} GiB`,
    customers: CUSTOMERS,
    secondsPerPhase: SECONDS,
    slicesPerPhase: SLICES,
    at: new Date().toISOString(),
  };
  results.targets = targets(results);

  const table = render(results);
  process.stdout.write(`${table}\n`);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `latest-${storeKind}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(ROOT, 'bench', 'results', `latest-${storeKind}.md`), `${table}\n`);
  // The run's summary joins the history (one CSV row, and the table of docs/benchmarks.md), so
  // earlier runs stay comparable without a file per run.
  history.appendHistory(results);
  history.writeHistoryTable();
  log(`wrote ${file}, bench/results/latest-${storeKind}.md, a row of bench/results/history.csv`);
}

/**
 * The storefront's side: token exchange (grant hmac, a different customer each time) and
 * `GET /customer` with tokens of 200 customers, each beside a ceiling measured just before.
 */
async function headlessReads(base, shop, platformIds, keys) {
  log('headless: token exchange, GET /customer, GET /customer/milestones/{programId}');
  const prefix = `${base}/app/api/v1/headless`;
  const proof = (id) => {
    const email = `c${id}@example.com`;
    const ts = Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', shop.headlessSecret).update(`${id}-${email}-${ts}`).digest('hex');
    return { grant_type: 'hmac', shopDomain: shop.domain, customerId: String(id), email, ts, hmac };
  };
  const tokens = [];
  for (const id of platformIds.slice(0, 200)) {
    const answer = await json('POST', `${prefix}/auth/token`, proof(id), { 'Content-Type': 'application/json' });
    const token = answer.token ?? answer.data?.token;
    if (!token) throw new Error(`token exchange failed: ${JSON.stringify(answer)}`);
    tokens.push(token);
  }
  const ceiling = summarise(await cannon({ url: `${base}/health` }));
  let t = 0;
  const customer = summarise(
    await cannon({
      url: `${prefix}/customer`,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, headers: { Authorization: `Bearer ${tokens[t++ % tokens.length]}` } }),
        },
      ],
    }),
  );
  let e = 0;
  const exchange = summarise(
    await cannon({
      url: `${prefix}/auth/token`,
      requests: [
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(proof(platformIds[e++ % platformIds.length])) }),
        },
      ],
    }),
  );
  const ladder = await milestoneLadderReads(base, shop, platformIds, keys, proof);
  const ratio = (x) => (ceiling.rps ? Math.round((x.rps / ceiling.rps) * 100) / 100 : null);
  return {
    ceiling,
    customer,
    exchange,
    customerRatio: ratio(customer),
    exchangeRatio: ratio(exchange),
    ...ladder,
  };
}

/**
 * The milestone ladder read (`GET /customer/milestones/{programId}`) of a 6-step order ladder with
 * tokens of every enrolled customer (1,000 by default), beside a ceiling measured just before.
 */
async function milestoneLadderReads(base, shop, platformIds, keys, proof) {
  const prefix = `${base}/app/api/v1/headless`;
  const steps = [1, 2, 3, 5, 8, 13].map((value) => ({
    value,
    rewardLogic: 'selectOne',
    rewards: [
      { action: 'bonus_point', points: value * 10 },
      { action: 'free_gift', variantIds: ['101', '102'] },
    ],
  }));
  const program = (
    await json(
      'POST',
      `${base}/rest_api/v2/programs`,
      { type: 'earning', event: 'milestone', title: 'Bench ladder', typeMilestone: 'order', milestones: steps },
      keys,
    )
  ).data;
  const tokens = [];
  await pool(platformIds, 8, async (id) => {
    const answer = await json('POST', `${prefix}/auth/token`, proof(id), { 'Content-Type': 'application/json' });
    tokens.push(answer.data.token);
  });
  let t = 0;
  const ladderRequests = {
    url: `${prefix}/customer/milestones/${program.id}`,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, headers: { Authorization: `Bearer ${tokens[t++ % tokens.length]}` } }),
      },
    ],
  };
  // In ROUNDS rounds interleaved with its ceiling, the median round's figures shown, like the award
  // and read: one 8 s run after the other let the host's drift decide the ratio (ceilings of 3,980
  // and 5,430 req/s in one run; two interleaved slices alone still gave 0.52 and 0.69).
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const m = await interleaved([
      ['ladderCeiling', { url: `${base}/health` }],
      ['milestones', ladderRequests],
    ]);
    rounds.push({ ...m, ratio: m.ladderCeiling.rps ? m.milestones.rps / m.ladderCeiling.rps : 0 });
  }
  const { ladderCeiling, milestones } = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)];
  const milestonesRatio = ladderCeiling.rps ? Math.round((milestones.rps / ladderCeiling.rps) * 100) / 100 : null;
  const ladderRoundRatios = rounds.map((r) => Math.round(r.ratio * 100) / 100);
  return { ladderCeiling, milestones, milestonesRatio, ladderRoundRatios, ladderTokens: tokens.length };
}

/**
 * One customer hit from everywhere: 32 connections awarding the same customer (compared with the
 * spread award throughput), then a burst of 800 concurrent keyed awards to it, all sent at once.
 */
async function hotCustomer(base, shop, keys) {
  log('hot customer: 32 connections on one customer, then 800 concurrent keyed awards');
  const id = 3_000_000;
  await enrol(base, shop, { id, email: `hot@example.com` });
  const sustained = summarise(
    await cannon({
      url: `${base}/rest_api/v2/transactions/points/award`,
      method: 'POST',
      headers: keys,
      body: JSON.stringify({ platformCustomerId: String(id), point: 1 }),
    }),
  );
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: 800 }, (_, i) =>
      fetch(`${base}/rest_api/v2/transactions/points/award`, {
        method: 'POST',
        headers: { ...keys, 'Idempotency-Key': `burst-${i}` },
        body: JSON.stringify({ platformCustomerId: String(id), point: 1 }),
        signal: globalThis.AbortSignal.timeout(60_000),
      })
        .then(async (r) => (await r.arrayBuffer(), r.status))
        .catch(() => 0),
    ),
  );
  return {
    ...sustained,
    burst: { requests: 800, allAnsweredMs: Date.now() - started, failed: statuses.filter((s) => s !== 200).length },
  };
}

/**
 * A new shop on the service at `base`, its management keys, and CUSTOMERS customers enrolled through
 * the platform webhook (the quick BENCH_ONLY modes; the full run enrols its own with names).
 */
async function enrolledShop(base, label) {
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const shop = (await json('POST', `${base}/admin/api/shops`, { domain: `${label}-${Date.now()}.example.com` }, admin))
    .data;
  const keys = {
    'X-Svc-Loyalty-App-Key': shop.appKey,
    'X-Svc-Loyalty-Secret-Key': shop.secretKey,
    'Content-Type': 'application/json',
  };
  const platformIds = Array.from({ length: CUSTOMERS }, (_, i) => 1_000_000 + i);
  await pool(platformIds, 16, (id) => enrol(base, shop, { id, email: `c${id}@example.com` }));
  return { shop, keys, platformIds };
}

/**
 * BENCH_ONLY=storefront: the social earn and upload scenarios alone (a quick check of them, e.g. with
 * BENCH_CUSTOMERS=50 BENCH_SECONDS=2 BENCH_ROUNDS=1 BENCH_UPLOADS_ROUNDS=1); prints their figures and
 * targets, writes no results.
 */
async function storefrontOnly() {
  const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const results = { store: storeKind };
  const store = await freshStore('svc');
  const service = await startService(store.env);
  try {
    const { shop, keys, platformIds } = await enrolledShop(service.base, 'sf');
    results.socialEarn = await socialEarn(service.base, shop, keys, platformIds);
  } finally {
    await stopChild(service.child);
    await store.cleanup();
  }
  results.uploads = uploads();
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  const mine = targets({ ...results, ratios: {}, vsBaseline: {}, projectionLag: {} }).filter((t) =>
    /social earn|uploads/.test(t.target),
  );
  for (const t of mine) process.stdout.write(`- ${t.target}: ${t.value ?? 'n/a'} ${t.met ? '(met)' : '(MISSED)'}\n`);
}

/**
 * BENCH_ONLY=award (PostgreSQL): the v2 award beside the CRUD baseline's, interleaved in ROUNDS
 * rounds; prints the per-round ratios and their median, writes no results. A quick check of a
 * change to the award path (the full run measures the same, with everything else). With
 * BENCH_AWARD_WITH_READS=1 the rounds also hold the full run's read slices (GET /customers/{id} on
 * both sides), in the full run's order, to tell whether they change the award's figures.
 */
async function awardOnly() {
  if (!process.env.DATABASE_URL) throw new Error('BENCH_ONLY=award compares with the CRUD baseline: set DATABASE_URL');
  const store = await freshStore('svc');
  const service = await startService(store.env);
  const crudStore = await freshStore('crud');
  let crud = null;
  try {
    const { shop, keys, platformIds } = await enrolledShop(service.base, 'aw');
    crud = await startBaseline('crud', {
      DATABASE_URL: crudStore.env.DATABASE_URL,
      BASELINE_APP_KEY: shop.appKey,
      BASELINE_SECRET_KEY: shop.secretKey,
    });
    const crudIds = platformIds.map(() => randomUUID());
    const seed = new Client({ connectionString: crudStore.env.DATABASE_URL });
    await seed.connect();
    await seed.query(
      `INSERT INTO crud_customers (id, platform_customer_id, email)
       SELECT (c->>'id')::uuid, (c->>'p')::bigint, c->>'e' FROM jsonb_array_elements($1::jsonb) c`,
      [JSON.stringify(platformIds.map((p, i) => ({ id: crudIds[i], p, e: `c${p}@example.com` })))],
    );
    await seed.end();
    const withReads = process.env.BENCH_AWARD_WITH_READS === '1';
    const internalIds = withReads
      ? (await json('GET', `${service.base}/rest_api/v2/customers?limit=1000`, undefined, keys)).data.map((c) => c.id)
      : [];
    let r = 0;
    let cr = 0;
    const awards = (base, next) => ({
      url: `${base}/rest_api/v2/transactions/points/award`,
      requests: [
        {
          method: 'POST',
          headers: keys,
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ platformCustomerId: String(platformIds[next() % platformIds.length]), point: 1 }),
          }),
        },
      ],
    });
    let a = 0;
    let c = 0;
    const ratios = [];
    const lagOf = async () =>
      histogram(await (await fetch(`${service.base}/metrics`)).text(), 'loyalty_projection_lag_seconds');
    // Unmeasured first: the baseline's customers were seeded in SQL, so its first requests would
    // otherwise open its connection pool and compile its code inside round 1 (measured: CRUD's round
    // 1 ran 20-35 % slower than its later rounds, and round 1's ratio stood 0.2-0.4 above the others).
    for (const [base, next] of [
      [service.base, () => a++],
      [crud.base, () => c++],
    ])
      await cannon({ ...awards(base, next), duration: WARM_UP_SECONDS });
    const lagBefore = await lagOf();
    for (let round = 1; round <= ROUNDS; round++) {
      const m = await interleaved([
        ...(withReads
          ? [
              ['read', { url: service.base, requests: readRequests(keys, internalIds, () => r++) }],
              ['crudRead', { url: crud.base, requests: readRequests(keys, crudIds, () => cr++) }],
            ]
          : []),
        ['award', awards(service.base, () => a++)],
        ['crudAward', awards(crud.base, () => c++)],
      ]);
      ratios.push(Math.round((m.award.rps / m.crudAward.rps) * 100) / 100);
      log(
        `round ${round}: award ${m.award.rps} req/s, CRUD ${m.crudAward.rps} req/s` +
          (withReads ? `, read ${m.read.rps} req/s, CRUD read ${m.crudRead.rps} req/s` : '') +
          `, load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    const lagAfter = await lagOf();
    const lag = (q) => round1(quantileOfDelta(lagBefore, lagAfter, q));
    process.stdout.write(
      `award / CRUD per round: ${ratios.join(', ')}; median ${median(ratios)}; ` +
        `projection lag p50 ${lag(0.5)} ms, p99 ${lag(0.99)} ms\n`,
    );
  } finally {
    if (crud) await stopChild(crud.child);
    await stopChild(service.child);
    await crudStore.cleanup();
    await store.cleanup();
  }
}

/**
 * BENCH_ONLY=headless: the headless reads alone (token exchange, GET /customer, the milestone
 * ladder), each beside its ceiling; prints their figures and targets, writes no results. With
 * BENCH_SERVICE_NODE_OPTIONS (e.g. --cpu-prof) the service runs under those Node options.
 */
async function headlessOnly() {
  const storeKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const store = await freshStore('svc');
  const service = await startService(store.env);
  try {
    const { shop, keys, platformIds } = await enrolledShop(service.base, 'hl');
    const headless = await headlessReads(service.base, shop, platformIds, keys);
    process.stdout.write(`${JSON.stringify({ store: storeKind, headless, loadAverage: loadavg()[0] }, null, 2)}\n`);
    const mine = targets({ store: storeKind, headless, ratios: {}, vsBaseline: {}, projectionLag: {} }).filter((t) =>
      /headless/.test(t.target),
    );
    for (const t of mine) process.stdout.write(`- ${t.target}: ${t.value ?? 'n/a'} ${t.met ? '(met)' : '(MISSED)'}\n`);
  } finally {
    await stopChild(service.child);
    await store.cleanup();
  }
}

/** The storefront's social earn program: a like that pays every claim (a limit no run reaches). */
const SOCIAL_PROGRAM = {
  type: 'earning',
  event: 'like_feed',
  title: 'Like us',
  earnPoint: 1,
  hasLimit: true,
  limitUnit: 'day',
  limitInterval: 1_000_000,
};

/** Bearer tokens of the customers (hmac grant), 16 exchanges at a time. */
async function headlessTokens(base, shop, ids) {
  const tokens = [];
  await pool(ids, 16, async (id) => {
    const email = `c${id}@example.com`;
    const ts = Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', shop.headlessSecret).update(`${id}-${email}-${ts}`).digest('hex');
    const proof = { grant_type: 'hmac', shopDomain: shop.domain, customerId: String(id), email, ts, hmac };
    tokens.push((await json('POST', `${base}/app/api/v1/headless/auth/token`, proof)).data.token);
  });
  return tokens;
}

/**
 * Social earn (`POST /customer/earn/social`, the customers' tokens in turn) beside the v2 award
 * (`POST points/award`, the same customers in turn), interleaved in ROUNDS rounds as the ceiling, read
 * and award are: both decide a payment on the customer's stream, so the storefront's claim should
 * cost about what the merchant's award costs. The ratio is the median over rounds.
 */
async function socialEarn(base, shop, keys, platformIds) {
  log('social earn: POST /customer/earn/social beside POST points/award');
  const program = (await json('POST', `${base}/rest_api/v2/programs`, SOCIAL_PROGRAM, keys)).data;
  const tokens = await headlessTokens(base, shop, platformIds);
  const body = JSON.stringify({ programId: program.id });
  let t = 0;
  let a = 0;
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { social, award } = await interleaved([
      [
        'social',
        {
          url: `${base}/app/api/v1/headless/customer/earn/social`,
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[t++ % tokens.length]}` },
                body,
              }),
            },
          ],
        },
      ],
      [
        'award',
        {
          url: `${base}/rest_api/v2/transactions/points/award`,
          requests: [
            {
              method: 'POST',
              headers: keys,
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ platformCustomerId: String(platformIds[a++ % platformIds.length]), point: 1 }),
              }),
            },
          ],
        },
      ],
    ]);
    rounds.push({ social, award, ratio: award.rps ? social.rps / award.rps : 0 });
  }
  const middle = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)];
  return {
    ...middle.social,
    award: middle.award,
    vsAward: median(rounds.map((x) => x.ratio)),
    perRound: rounds.map((x) => Math.round(x.ratio * 100) / 100),
  };
}

/**
 * Eight shoppers uploading five 2 MB JPEGs each at once (bench/upload.js, the service in its own
 * process on a fresh embedded store, whatever store the rest of the run uses: the RSS target is the
 * embedded store's). Its p50/p99 per upload and the service's peak RSS (VmHWM).
 */
function uploads() {
  if (Date.now() > DEADLINE - 5 * 60 * 1000) {
    log('uploads skipped: not enough time left');
    return null;
  }
  log('uploads: 8 concurrent uploads of five 2 MB JPEGs (bench/upload.js, embedded store)');
  try {
    return runNode(['upload.js'], {
      DATABASE_URL: '',
      BENCH_UPLOADS_CONCURRENT: String(process.env.BENCH_UPLOADS_CONCURRENT ?? 8),
      BENCH_UPLOADS_ROUNDS: String(process.env.BENCH_UPLOADS_ROUNDS ?? 5),
    });
  } catch (error) {
    log(`uploads failed: ${error.message}`);
    return { failed: -1 };
  }
}

const round1 = (x) => (x === null || x === undefined ? null : Math.round(x * 10) / 10);
const median = (xs) => Math.round([...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] * 100) / 100;

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function targets(r) {
  const postgres = r.store === 'postgres';
  const t = [
    ...(postgres
      ? [
          ['award >= 1.3 x CRUD baseline', r.vsBaseline.awardVsCrud, (v) => v >= 1.3],
          ['read >= 1.0 x CRUD baseline', r.vsBaseline.readVsCrud, (v) => v >= 1.0],
          ['/health >= 0.9 x bare Nest', r.vsBaseline.healthVsBareNest, (v) => v >= 0.9],
        ]
      : [
          ['award >= 0.3 x ceiling', r.ratios.award, (v) => v >= 0.3],
          ['/health >= 0.9 x bare Nest', r.vsBaseline.healthVsBareNest, (v) => v >= 0.9],
          [`RSS after the bench (steady, idle ${SETTLE_SECONDS} s) < 300 MB`, r.serviceRssSettledMb, (v) => v < 300],
        ]),
    ['award >= 0.35 x ceiling (earlier target)', r.ratios.award, (v) => v >= 0.35],
    ['read >= 0.6 x ceiling (earlier target)', r.ratios.read, (v) => v >= 0.6],
    ['award p50 @10k <= 1.2 x @10', r.ratios.streamP50_10000_vs_10, (v) => v <= 1.2],
    ['(same, mean latency) @10k vs @10', r.ratios.streamMean_10000_vs_10, (v) => v <= 1.2],
    ['projection lag p99 < 100 ms', r.projectionLag.p99Ms, (v) => v < 100],
    ...(postgres ? [['headless GET /customer >= 0.6 x ceiling', r.headless?.customerRatio, (v) => v >= 0.6]] : []),
    ...(postgres
      ? [['headless GET /customer/milestones/{id} >= 0.6 x ceiling', r.headless?.milestonesRatio, (v) => v >= 0.6]]
      : []),
    ['milestone ladder reads: 0 errors', r.headless?.milestones ? r.headless.milestones.failed : null, (v) => v === 0],
    ['headless: 0 errors', r.headless ? r.headless.customer.failed + r.headless.exchange.failed : null, (v) => v === 0],
    ['hot customer (32 conns, 1 customer) >= 0.5 x spread award', r.hot?.vsSpread, (v) => v >= 0.5],
    ['hot customer: 0 errors', r.hot?.failed, (v) => v === 0],
    ['hot customer p99 < 500 ms', r.hot?.p99Ms, (v) => v < 500],
    ['800 concurrent keyed awards to one customer answered within 30 s', r.hot?.burst.allAnsweredMs, (v) => v <= 30000],
    ['800 concurrent keyed awards: 0 errors', r.hot?.burst.failed, (v) => v === 0],
    ...(postgres
      ? [['headless social earn >= 0.9 x v2 award (same rounds)', r.socialEarn?.vsAward, (v) => v >= 0.9]]
      : [['(headless social earn x v2 award, same rounds)', r.socialEarn?.vsAward, (v) => v >= 0.9]]),
    [
      'headless social earn: 0 errors',
      r.socialEarn ? r.socialEarn.failed + r.socialEarn.award.failed : null,
      (v) => v === 0,
    ],
    ['uploads (8 at once, 5 x 2 MB): peak RSS < 600 MB (embedded store)', r.uploads?.peakRssMb, (v) => v < 600],
    ['uploads: 0 errors', r.uploads?.failed, (v) => v === 0],
    ['rebuild >= 20,000 events/s', r.rebuild?.eventsPerSecond, (v) => v >= 20000],
    ['rebuild peak RSS < 400 MB', r.rebuild?.peakRssMb, (v) => v < 400],
  ];
  return [
    ...t.map(([target, value, ok]) => ({
      target,
      value: value ?? null,
      met: value === null || value === undefined ? null : ok(value),
    })),
    ...audit.auditTargets(r.audit),
  ];
}

function render(r) {
  /** One measured row: the load's throughput and latencies, its ratio column, its failures. */
  const measured = (label, m, ratio) => [label, m.rps, m.p50Ms, m.p99Ms, ratio, m.failed];
  const rows = [
    ['measure', 'req/s', 'p50 ms', 'p99 ms', 'x ceiling', 'failed'],
    measured('ceiling GET /health', r.ceiling, '1.00'),
    measured('bare Nest GET /health', r.bareHealth, `ours = ${r.vsBaseline.healthVsBareNest} x bare`),
    measured('read GET /customers/{id}', r.read, r.ratios.read),
    measured('award POST points/award', r.award, r.ratios.award),
    ...(r.crudRead
      ? [
          measured('CRUD baseline read (1 SELECT)', r.crudRead, `ours = ${r.vsBaseline.readVsCrud} x CRUD`),
          measured('CRUD baseline award (row lock)', r.crudAward, `ours = ${r.vsBaseline.awardVsCrud} x CRUD`),
        ]
      : []),
    ...STREAM_LENGTHS.map((n) => [
      `award, stream of ${n.toLocaleString('en')} (1 conn)`,
      r.streamLength[n].rps,
      r.streamLength[n].p50Ms,
      r.streamLength[n].p99Ms,
      `mean ${r.streamLength[n].meanMs.toFixed(2)} ms`,
      '',
    ]),
    ['projection lag under award load', '', r.projectionLag.p50Ms, r.projectionLag.p99Ms, '', ''],
    ...(r.headless
      ? [
          measured('ceiling before the headless rows', r.headless.ceiling, '1.00'),
          measured('headless GET /customer (200 tokens)', r.headless.customer, r.headless.customerRatio),
          measured('headless POST /auth/token (hmac)', r.headless.exchange, r.headless.exchangeRatio),
          ...(r.headless.milestones
            ? [
                measured('ceiling before the ladder rows', r.headless.ladderCeiling, '1.00'),
                measured(
                  `headless GET /customer/milestones/{id} (6 steps, ${r.headless.ladderTokens} tokens)`,
                  r.headless.milestones,
                  r.headless.milestonesRatio,
                ),
              ]
            : []),
        ]
      : []),
    ...(r.hot
      ? [
          measured('award, one hot customer (32 conns)', r.hot, `${r.hot.vsSpread} x spread`),
          [
            '800 keyed awards at once, one customer',
            '',
            '',
            '',
            `all in ${r.hot.burst.allAnsweredMs} ms`,
            r.hot.burst.failed,
          ],
        ]
      : []),
  ];
  if (r.socialEarn)
    rows.push(
      measured('v2 award beside social earn', r.socialEarn.award, '1.00 (award)'),
      measured('headless POST /customer/earn/social', r.socialEarn, `${r.socialEarn.vsAward} x award`),
    );
  if (r.uploads?.p99Ms !== undefined)
    rows.push([
      `upload, ${r.uploads.concurrent} at once x ${r.uploads.images} x ${r.uploads.imageMb} MB (embedded)`,
      '',
      r.uploads.p50Ms,
      r.uploads.p99Ms,
      `peak RSS ${r.uploads.peakRssMb} MB`,
      r.uploads.failed,
    ]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  const out = [
    `Store: ${r.store}  commit ${r.meta.commit}  node ${r.meta.node}  ${r.meta.machine}`,
    `Ceiling, read and award: ${r.rounds.length} rounds of ${r.meta.secondsPerPhase} s a measure, in ${r.meta.slicesPerPhase ?? 1} slices interleaved forwards and backwards, 32 connections; ratios are the median over rounds`,
    `(per round, award/ceiling: ${r.rounds.map((x) => x.awardRatio.toFixed(2)).join(', ')}; read/ceiling: ${r.rounds.map((x) => x.readRatio.toFixed(2)).join(', ')})`,
    `(per round, health/bare Nest: ${r.rounds.map((x) => x.healthVsBare.toFixed(2)).join(', ')}${
      r.crudAward
        ? `; award/CRUD: ${r.rounds.map((x) => x.awardVsCrud.toFixed(2)).join(', ')}; read/CRUD: ${r.rounds.map((x) => x.readVsCrud.toFixed(2)).join(', ')}`
        : ''
    })`,
    '',
    line(rows[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ];
  if (r.serviceRssMb)
    out.push(
      '',
      `Service RSS: ${r.serviceRssMb} MB right after the load, ${r.serviceRssSettledMb ?? 'n/a'} MB after ${SETTLE_SECONDS} s idle`,
    );
  if (r.rebuild)
    out.push(
      '',
      `Rebuild: ${r.rebuild.events.toLocaleString('en')} events in ${r.rebuild.ms} ms = ${r.rebuild.eventsPerSecond.toLocaleString('en')} events/s, peak RSS ${r.rebuild.peakRssMb} MB`,
    );
  if (r.audit) out.push('', ...audit.renderAudit(r.audit));
  out.push(
    '',
    'Targets:',
    ...r.targets.map((t) => `- ${t.target}: ${t.value ?? 'n/a'} ${t.met === null ? '' : t.met ? '(met)' : '(MISSED)'}`),
  );
  return out.join('\n');
}

main().catch((e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exit(1);
});
