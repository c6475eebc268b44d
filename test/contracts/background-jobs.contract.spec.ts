import { randomUUID } from 'node:crypto';
import { BackgroundJobs, NewBackgroundJob } from '../../src/infrastructure/background-jobs/background-jobs.port';
import { retryAt } from '../../src/shared/domain/backoff';
import { SqlBackgroundJobs } from '../../src/infrastructure/background-jobs/sql-background-jobs.adapter';
import { Storage } from '../../src/infrastructure/storage';
import { openTestStorage, storeKinds, TestStorage } from '../support/stores';

/**
 * The background jobs outbox on every SQL store (PGlite; PostgreSQL when DATABASE_URL is set): kinds,
 * leases, attempts, backoff. On PostgreSQL a second connection pool plays a second process.
 */
describe.each(storeKinds())('background jobs contract (%s)', (kind) => {
  let store: TestStorage;
  let jobs: BackgroundJobs;
  let other: { storage: Storage; jobs: BackgroundJobs } | null = null;
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    store = await openTestStorage(kind);
    jobs = await SqlBackgroundJobs.create(store.storage.sql);
    if (kind === 'postgres') {
      const storage = await store.reopen();
      other = { storage, jobs: await SqlBackgroundJobs.create(storage.sql) };
    }
  });
  afterAll(async () => {
    await other?.storage.close();
    await store.cleanup();
  });

  /** A job of a kind of its own (tests never see each other's jobs). */
  const job = (over: Partial<NewBackgroundJob> = {}): NewBackgroundJob => ({
    id: randomUUID(),
    kind: `test.${randomUUID()}`,
    shopId: 's1',
    payload: { text: 'Zoë 🎁', n: 1 },
    createdAt: t0.toISOString(),
    ...over,
  });

  it('enqueues once per id; a due job is leased to one worker as attempt 1, with its payload', async () => {
    const j = job();
    expect(await jobs.enqueue([j, j])).toBe(1);
    expect(await jobs.enqueue([j])).toBe(0);
    const [claimed] = await jobs.claimDue([j.kind], 'w1', 10, 60_000, at(0));
    expect(claimed).toMatchObject({
      id: j.id,
      kind: j.kind,
      shopId: 's1',
      payload: { text: 'Zoë 🎁', n: 1 },
      status: 'pending',
      attempts: 1,
      leasedBy: 'w1',
      leasedUntil: at(60_000).toISOString(),
    });
    expect(await jobs.claimDue([j.kind], 'w2', 10, 60_000, at(30_000))).toEqual([]);
  });

  it("one worker claims; another is refused until the lease ends; the first one's late answer is refused", async () => {
    const j = job();
    await jobs.enqueue([j]);
    await jobs.claimDue([j.kind], 'w1', 10, 60_000, at(0));
    const [stolen] = await jobs.claimDue([j.kind], 'w2', 10, 60_000, at(60_001));
    expect(stolen).toMatchObject({ leasedBy: 'w2', attempts: 2 });
    expect(await jobs.complete({ id: j.id, worker: 'w1', attempt: 1 }, { late: true }, at(60_002))).toBe(false);
    expect(await jobs.complete({ id: j.id, worker: 'w2', attempt: 2 }, { ok: true }, at(60_003))).toBe(true);
    expect(await jobs.get(j.id)).toMatchObject({
      status: 'done',
      attempts: 2,
      result: { ok: true },
      leasedUntil: null,
      nextAttemptAt: null,
      updatedAt: at(60_003).toISOString(),
    });
    // Done is done: neither claimed again nor completed twice.
    expect(await jobs.claimDue([j.kind], 'w3', 10, 60_000, at(999_999))).toEqual([]);
    expect(await jobs.complete({ id: j.id, worker: 'w2', attempt: 2 }, {}, at(60_004))).toBe(false);
  });

  it('failures are retried with backoff, then given up with the reason', async () => {
    const policy = { maxAttempts: 3, backoffBaseMs: 1000, backoffFactor: 4 };
    const j = job();
    await jobs.enqueue([j]);
    const attempt = async (now: Date) => (await jobs.claimDue([j.kind], 'w1', 1, 60_000, now))[0];
    const fail = async (n: number, now: Date) => {
      const next = retryAt(policy, n, now);
      expect(await jobs.fail({ id: j.id, worker: 'w1', attempt: n }, 'provider down', next, now)).toBe(true);
      return next;
    };
    await attempt(at(0));
    expect(await fail(1, at(0))).toBe('2026-03-01T10:00:01.000Z');
    expect(await jobs.get(j.id)).toMatchObject({ status: 'pending', lastError: 'provider down', leasedUntil: null });
    expect(await attempt(at(999))).toBeUndefined();
    expect(await attempt(at(1000))).toMatchObject({ attempts: 2 });
    expect(await fail(2, at(1000))).toBe('2026-03-01T10:00:05.000Z');
    expect(await attempt(at(5000))).toMatchObject({ attempts: 3 });
    expect(await fail(3, at(5000))).toBeNull();
    expect(await jobs.get(j.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider down' });
    expect(await attempt(at(999_999))).toBeUndefined();
    // A failure no retry changes gives up at once.
    expect(retryAt(policy, 1, at(0), true)).toBeNull();
  });

  it('claims only the kinds asked for, due ones, oldest first, up to the limit', async () => {
    const kind = `test.${randomUUID()}`;
    const [a, b, c] = [job({ kind }), job({ kind }), job({ kind, dueAt: at(10_000).toISOString() })];
    const elsewhere = job();
    await jobs.enqueue([a, b, c, elsewhere]);
    expect((await jobs.claimDue([kind], 'w1', 1, 60_000, at(0))).map((x) => x.id)).toEqual([a.id]);
    expect((await jobs.claimDue([kind], 'w1', 10, 60_000, at(0))).map((x) => x.id)).toEqual([b.id]);
    expect((await jobs.claimDue([kind], 'w1', 10, 60_000, at(10_000))).map((x) => x.id)).toEqual([c.id]);
    expect(await jobs.get(elsewhere.id)).toMatchObject({ attempts: 0 });
  });

  it('a storefront sync waiting to start is not queued twice; a running one does not count (coalesceKey)', async () => {
    const kind = `test.${randomUUID()}`;
    const sync = () => job({ kind, coalesceKey: 'storefront' });
    const waiting = sync();
    expect(await jobs.enqueue([waiting])).toBe(1);
    // Waiting to start: it will publish this change too.
    expect(await jobs.enqueue([sync()])).toBe(0);
    // Another shop's is its own.
    expect(await jobs.enqueue([{ ...sync(), shopId: 's2' }])).toBe(1);
    await jobs.claimDue([kind], 'w1', 10, 60_000, at(0));
    const next = { ...sync(), createdAt: at(1000).toISOString() };
    expect(await jobs.enqueue([next])).toBe(1);
    expect((await jobs.list('s1', [kind], 10)).map((x) => x.id)).toEqual([next.id, waiting.id]);
  });

  it("lists a shop's jobs of the kinds asked for, newest first", async () => {
    const kind = `test.${randomUUID()}`;
    const shopId = randomUUID();
    const [a, b] = [job({ kind, shopId }), job({ kind, shopId })];
    await jobs.enqueue([a]);
    await jobs.enqueue([b, job({ shopId })]);
    expect((await jobs.list(shopId, [kind], 10)).map((x) => x.id)).toEqual([b.id, a.id]);
    expect((await jobs.list(shopId, [kind], 1)).map((x) => x.id)).toEqual([b.id]);
    expect(await jobs.get('no-such-job')).toBeNull();
  });

  it('two processes claiming at once never take the same job', async () => {
    const kind = `test.${randomUUID()}`;
    const many = Array.from({ length: 40 }, () => job({ kind }));
    await jobs.enqueue(many);
    const second = other?.jobs ?? jobs;
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? second : jobs).claimDue([kind], `w${i}`, 7, 60_000, at(0))),
    );
    const ids = rounds.flat().map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
  });
});
