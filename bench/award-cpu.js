#!/usr/bin/env node
/**
 * CPU an award costs, read from /proc: `node bench/award-cpu.js [A] [B] [rounds]` (PostgreSQL,
 * DATABASE_URL names the server; loopback only). A and B are checkouts with a built `dist/` (default:
 * this one), or `crud` for the CRUD baseline. Each gets a fresh database, a shop and 1,000 enrolled
 * customers; then rounds of AWARD_CPU_AWARDS awards (32 connections) alternate between them, and
 * each round prints the service's CPU an award (and the kernel's part of it) and PostgreSQL's (its
 * running processes and those it has reaped). Throughput on a shared 2-core machine moves by 10-30 %
 * from minute to minute; CPU an award moves less, and is what a faster award has to lower. Prints
 * only; writes no results. BENCH_SERVICE_NODE_OPTIONS adds Node options to the services (e.g. --cpu-prof).
 */
const { spawn } = require('node:child_process');
const { createHmac, randomBytes } = require('node:crypto');
const { readFileSync, readdirSync } = require('node:fs');
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { SERVICE_NODE_FLAGS } = require('./service-flags');
const { freePort, untilHealthy } = require('./local-process');

const SERVER = process.env.DATABASE_URL;
const AWARDS = Number(process.env.AWARD_CPU_AWARDS ?? 8000);
const CUSTOMERS = 1000;
const ADMIN_TOKEN = 'bench-admin';
const PLATFORM_SECRET = 'bench-platform';
/** Clock ticks a second in /proc (USER_HZ). */
const TICKS = 100;

const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
/** User and kernel CPU seconds of a process; `reaped`: of its children that have ended. */
function cpuOf(pid, { reaped = false } = {}) {
  const f = statFields(pid);
  const [user, kernel] = reaped ? [f[13], f[14]] : [f[11], f[12]];
  return { user: Number(user) / TICKS, kernel: Number(kernel) / TICKS };
}
const postgresPids = () =>
  readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('postgres');
    } catch {
      return false;
    }
  });
/** CPU seconds of the whole PostgreSQL server: its processes now, and the backends that ended. */
function postgresCpu() {
  let total = 0;
  for (const pid of postgresPids()) {
    try {
      const own = cpuOf(pid);
      total += own.user + own.kernel;
      if (statFields(pid)[1] === '1') {
        const ended = cpuOf(pid, { reaped: true });
        total += ended.user + ended.kernel;
      }
    } catch {
      /* ended while read */
    }
  }
  return total;
}

async function onServer(statement) {
  const admin = new Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

async function freshDatabase() {
  const name = `award_cpu_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function startProcess(args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return untilHealthy(base, child, args.join(' '));
}

const platformIds = Array.from({ length: CUSTOMERS }, (_, i) => 1_000_000 + i);

async function enrolAll(base, domain) {
  let next = 0;
  const enrolOne = async (id) => {
    const raw = JSON.stringify({ id, email: `c${id}@example.com` });
    const answer = await fetch(`${base}/platform/webhooks/customers/create`, {
      method: 'POST',
      body: raw,
      headers: {
        'Content-Type': 'application/json',
        'X-Platform-Shop-Domain': domain,
        'X-Platform-Webhook-Id': `enrol-${id}`,
        'X-Platform-Hmac-Sha256': createHmac('sha256', PLATFORM_SECRET).update(raw).digest('base64'),
      },
    });
    if (!answer.ok) throw new Error(`enrolment answered ${answer.status}`);
  };
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < platformIds.length) await enrolOne(platformIds[next++]);
    }),
  );
}

/** The service built in `root`, on a fresh database, with a shop and its customers. */
async function startService(root) {
  const database = await freshDatabase();
  const extra = (process.env.BENCH_SERVICE_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const { base, child } = await startProcess([...SERVICE_NODE_FLAGS, ...extra, join(root, 'dist', 'main.js')], {
    DATABASE_URL: database.url,
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    PLATFORM_WEBHOOK_SECRET: PLATFORM_SECRET,
    LOG_LEVEL: 'warn',
    DEMO_SHOP: 'false',
  });
  const answer = await fetch(`${base}/admin/api/shops`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain: `cpu-${randomBytes(4).toString('hex')}.example.com` }),
  });
  const shop = (await answer.json()).data;
  await enrolAll(base, shop.domain);
  return { label: root, base, child, database, shop };
}

/** The CRUD baseline on a fresh database, its customers inserted, answering to `shop`'s keys. */
async function startCrud(shop) {
  const database = await freshDatabase();
  const { base, child } = await startProcess([join(__dirname, 'baseline', 'crud-service.js')], {
    DATABASE_URL: database.url,
    BASELINE_MODE: 'crud',
    BASELINE_APP_KEY: shop.appKey,
    BASELINE_SECRET_KEY: shop.secretKey,
  });
  const seed = new Client({ connectionString: database.url });
  await seed.connect();
  await seed.query(
    `INSERT INTO crud_customers (id, platform_customer_id, email)
     SELECT gen_random_uuid(), (c->>'p')::bigint, c->>'e' FROM jsonb_array_elements($1::jsonb) c`,
    [JSON.stringify(platformIds.map((p) => ({ p, e: `c${p}@example.com` })))],
  );
  await seed.end();
  return { label: 'crud', base, child, database, shop };
}

function awards(target, amount) {
  const keys = {
    'X-Svc-Loyalty-App-Key': target.shop.appKey,
    'X-Svc-Loyalty-Secret-Key': target.shop.secretKey,
    'Content-Type': 'application/json',
  };
  let n = 0;
  const body = () => JSON.stringify({ platformCustomerId: String(platformIds[n++ % CUSTOMERS]), point: 1 });
  return new Promise((done, fail) =>
    autocannon(
      {
        url: `${target.base}/rest_api/v2/transactions/points/award`,
        connections: 32,
        amount,
        requests: [{ method: 'POST', headers: keys, setupRequest: (req) => ({ ...req, body: body() }) }],
      },
      (error, result) => (error ? fail(error) : done(result)),
    ),
  );
}

/** One round: CPU an award of the target's process and of PostgreSQL, in microseconds. */
async function measure(target) {
  await new Promise((r) => setTimeout(r, 1500)); // the read models of the round before settle
  const before = { own: cpuOf(target.child.pid), postgres: postgresCpu() };
  const result = await awards(target, AWARDS);
  await new Promise((r) => setTimeout(r, 1000)); // the projections of the last awards
  const after = { own: cpuOf(target.child.pid), postgres: postgresCpu() };
  const perAward = (seconds) => Math.round((seconds * 1e6) / result['2xx']);
  return {
    service: perAward(after.own.user + after.own.kernel - before.own.user - before.own.kernel),
    kernel: perAward(after.own.kernel - before.own.kernel),
    postgres: perAward(after.postgres - before.postgres),
    failed: result.non2xx + result.errors,
    load: loadavg()[0].toFixed(1),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (!SERVER) throw new Error('bench/award-cpu.js measures on PostgreSQL: set DATABASE_URL');
  const [a = '.', b, rounds = '4'] = process.argv.slice(2);
  const targets = [];
  try {
    for (const root of [a, b].filter(Boolean)) {
      const shop = targets[0]?.shop;
      if (root === 'crud' && !shop) throw new Error('crud answers to the first service shop: name a service first');
      targets.push(root === 'crud' ? await startCrud(shop) : await startService(resolve(root)));
    }
    for (const target of targets) await awards(target, 3000); // warm-up
    const rows = targets.map(() => []);
    for (let round = 1; round <= Number(rounds); round++) {
      const order = round % 2 ? [...targets.keys()] : [...targets.keys()].reverse();
      for (const i of order) {
        const m = await measure(targets[i]);
        rows[i].push(m);
        process.stdout.write(
          `${targets[i].label} round ${round}: service ${m.service} us an award (kernel ${m.kernel}), ` +
            `PostgreSQL ${m.postgres} us, ${m.failed} failed, load average ${m.load}\n`,
        );
      }
    }
    targets.forEach((t, i) =>
      process.stdout.write(
        `${t.label}: median service ${median(rows[i].map((m) => m.service))} us an award, ` +
          `PostgreSQL ${median(rows[i].map((m) => m.postgres))} us\n`,
      ),
    );
  } finally {
    for (const target of targets) {
      target.child.kill('SIGTERM');
      if (target.child.exitCode === null) await new Promise((r) => target.child.once('exit', r));
      await target.database.drop();
    }
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
