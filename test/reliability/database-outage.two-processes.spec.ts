import { Client } from 'pg';
import { createHmac, randomUUID } from 'node:crypto';
import { createTestDatabase } from '../support/stores';
import { ServiceProcess, startServiceProcess } from '../support/service-process';

/**
 * Two service processes (`node dist/main.js`, as an operator runs them) on one PostgreSQL database,
 * under awards with Idempotency-Keys and reads, while the database's backends are terminated again
 * and again (all of them, the ones idle in a transaction, the ones running a statement, the lease
 * holder) and then the database refuses connections for a while. Both processes stay up; no answer
 * is a 500; they serve again within 5 s of the database answering; every acknowledged award is in
 * the log exactly once, and so is every award answered 503, once retried with its key.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const ADMIN_TOKEN = 'outage-operator-token';
const PLATFORM_SECRET = 'outage-platform-secret';
const CUSTOMERS = Array.from({ length: 8 }, (_, i) => 7100 + i);
const POINTS = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

/** One HTTP call; a call that got no answer (refused, reset, over 10 s) is status 0. */
async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: 0, body: String(error), retryAfter: null };
  }
}

onPostgres('a database that goes away and comes back, two service processes (postgres)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let name: string;
  let admin: Client;
  const services: ServiceProcess[] = [];
  let shop: { domain: string; appKey: string; secretKey: string };

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL!);
    name = new URL(database.url).pathname.slice(1);
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const env = {
      DATABASE_URL: database.url,
      ADMIN_TOKEN,
      PLATFORM_WEBHOOK_SECRET: PLATFORM_SECRET,
      PERSONAL_DATA_KEY: 'ab'.repeat(32),
      DEMO_SHOP: 'false',
      LOG_LEVEL: 'warn',
      PG_POOL_MAX: '6',
      PROJECTION_POLL_MS: '50',
      // The schedulers run through the cuts too.
      EXPIRY_CHECK_MS: '500',
      TIER_REVIEW_CHECK_MS: '500',
      AUTH_FAILURE_QUOTA_IP: '1000000/60',
      AUTH_FAILURE_QUOTA_KEY: '1000000/60',
    };
    // One after the other: both create the schema otherwise, which is tested elsewhere.
    services.push(await startServiceProcess(env));
    services.push(await startServiceProcess(env));
  });

  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await database?.drop();
  });

  const management = (service: ServiceProcess, path: string, init: RequestInit = {}, key?: string) =>
    call(`${service.url}/rest_api/v2${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        'X-Svc-Loyalty-App-Key': shop.appKey,
        'X-Svc-Loyalty-Secret-Key': shop.secretKey,
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
    });

  const award = (service: ServiceProcess, customer: number, key: string) =>
    management(
      service,
      '/transactions/points/award',
      { method: 'POST', body: JSON.stringify({ platformCustomerId: String(customer), point: POINTS }) },
      key,
    );

  /** Retries `attempt` until it answers 2xx (the writes here are safe to retry: a key, a webhook id). */
  async function untilDone(attempt: () => Promise<Answer>, limitMs = 20_000): Promise<Answer> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const answer = await attempt();
      if (answer.status >= 200 && answer.status < 300) return answer;
      if (Date.now() > deadline) throw new Error(`still ${answer.status}: ${JSON.stringify(answer.body)}`);
      await pause(100);
    }
  }

  async function setUp(): Promise<void> {
    const created = await untilDone(() =>
      call(`${services[0].url}/admin/api/shops`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({
          domain: `outage-${randomUUID().slice(0, 8)}.example.com`,
          plan: 'ultimate',
          currency: 'USD',
        }),
      }),
    );
    shop = created.body.data;
    for (const id of CUSTOMERS) {
      const body = JSON.stringify({ id, email: `c${id}@example.com`, first_name: 'T', last_name: `C${id}` });
      const webhookId = randomUUID();
      await untilDone(() =>
        call(`${services[id % 2].url}/platform/webhooks/customers/create`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Platform-Shop-Domain': shop.domain,
            'X-Platform-Webhook-Id': webhookId,
            'X-Platform-Hmac-Sha256': createHmac('sha256', PLATFORM_SECRET).update(body).digest('base64'),
          },
          body,
        }),
      );
    }
  }

  /** Terminates the database's backends that `which` selects; answers how many. */
  async function terminate(which: string): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE datname = $1 AND pid <> pg_backend_pid() AND ${which}`,
      [name],
    );
    return rows[0].n;
  }

  const CUTS = [
    'true',
    "state = 'idle in transaction'",
    "state = 'active'",
    `pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')`,
    "state = 'idle'",
  ];

  it('stays up, answers 2xx, 4xx or 503, recovers within 5 s and stores every acknowledged award once', async () => {
    await setUp();
    const answers: Array<Answer & { what: string }> = [];
    /** Each award's key, customer and answers. */
    const awards = new Map<string, { customer: number; statuses: number[] }>();
    let loading = true;
    let sequence = 0;
    const worker = async (service: ServiceProcess, w: number) => {
      while (loading) {
        const customer = CUSTOMERS[(sequence + w) % CUSTOMERS.length];
        if (sequence++ % 3 === 2) {
          answers.push({ what: 'read', ...(await management(service, `/customers/external/${customer}`)) });
          continue;
        }
        const key = `outage-${randomUUID()}`;
        const answer = await award(service, customer, key);
        awards.set(key, { customer, statuses: [answer.status] });
        answers.push({ what: 'award', ...answer });
      }
    };
    const load = services.flatMap((service, s) => [0, 1, 2, 3].map((w) => worker(service, s * 4 + w)));

    // Cuts under load, each kind in turn.
    let terminated = 0;
    for (let round = 0; round < 15; round++) {
      await pause(400);
      terminated += await terminate(CUTS[round % CUTS.length]);
    }
    const dead = services.filter((service) => !service.alive());
    if (dead.length > 0) {
      loading = false;
      await Promise.all(load);
      throw new Error(`a service process ended during the cuts:\n${dead[0].output().slice(-4000)}`);
    }
    // Then the database refuses every connection for 2 s, and answers again.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminate('true');
    await pause(2000);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const back = Date.now();
    let recoveryAwards = 0;
    const recovery = await Promise.all(
      services.map(async (service) => {
        const key = `recovery-${randomUUID()}`;
        await untilDone(() => award(service, CUSTOMERS[0], key), 10_000);
        recoveryAwards++;
        return Date.now() - back;
      }),
    );
    loading = false;
    await Promise.all(load);

    const outputs = services.map((s) => s.output());
    expect(services.map((s) => s.alive())).toEqual([true, true]);
    expect(outputs.filter((o) => /Unhandled 'error' event|uncaught/i.test(o))).toEqual([]);
    const statuses = answers.map((a) => a.status);
    const unexpected = answers.filter(
      (a) => !(a.status >= 200 && a.status < 300) && !(a.status >= 400 && a.status < 500) && a.status !== 503,
    );
    expect(unexpected.map((a) => [a.what, a.status, a.body])).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(a.retryAfter).toBe('2');
    }
    expect(Math.max(...recovery)).toBeLessThan(5000);

    // Every award answered 503 is retried with its key: stored once, whether its first try was or not.
    for (const [key, award_] of awards) {
      if (award_.statuses[0] === 200) continue;
      const retried = await untilDone(() => award(services[0], award_.customer, key));
      award_.statuses.push(retried.status);
    }
    const log = new Client({ connectionString: database.url });
    await log.connect();
    const { rows } = await log
      .query<{ key: string; n: number }>(
        `SELECT data->>'idempotencyKey' AS key, count(*)::int AS n FROM es_events
         WHERE data->>'idempotencyKey' LIKE 'outage-%' GROUP BY 1`,
      )
      .finally(() => log.end());
    const stored = new Map(rows.map((r) => [r.key, r.n]));
    expect([...awards.keys()].filter((k) => stored.get(k) !== 1)).toEqual([]);
    expect(stored.size).toBe(awards.size);

    // The read models agree with the log in both processes (each customer's balance).
    const expected = new Map<number, number>(CUSTOMERS.map((c) => [c, 0]));
    for (const { customer } of awards.values()) expected.set(customer, expected.get(customer)! + POINTS);
    expected.set(CUSTOMERS[0], expected.get(CUSTOMERS[0])! + recoveryAwards * POINTS);
    for (const service of services) {
      for (const customer of CUSTOMERS) {
        await untilDone(async () => {
          const answer = await management(service, `/customers/external/${customer}`);
          return answer.body?.data?.point === expected.get(customer) ? answer : { ...answer, status: 599 };
        }, 15_000);
      }
    }
    const count = (test: (s: number) => boolean) => statuses.filter(test).length;
    process.stdout.write(
      `database outage: ${answers.length} answers (${count((s) => s < 300)} 2xx, ${count((s) => s === 503)} 503, ` +
        `${answers.filter((a) => a.status === 503 && /outcome is unknown/.test(a.body.error.message)).length} of them outcome unknown), ` +
        `${terminated} backends terminated in 15 cuts, served again ${recovery.join(' and ')} ms after the database answered\n`,
    );
  });
});
