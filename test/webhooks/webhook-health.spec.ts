import {
  AttemptFacts,
  decideAttempt,
  HEALTHY,
  OutagePolicy,
  WebhookHealth,
} from '../../src/webhooks/domain/webhook-health';

const policy: OutagePolicy = {
  maxAttempts: 8,
  pauseAfterFailures: 5,
  disableAfterMs: 72 * 3_600_000,
  backoffBaseMs: 60_000,
  backoffFactor: 3,
  probeBaseMs: 5_000,
  probeMaxMs: 3_600_000,
};
const T0 = '2026-03-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const HOUR = 3_600_000;

const facts = (over: Partial<AttemptFacts> = {}): AttemptFacts => ({
  result: 'failed',
  manual: false,
  attemptsUsed: 1,
  status: 'pending',
  nextAttemptAt: T0,
  startedAt: over.now ?? T0,
  now: T0,
  jitter: 1,
  ...over,
});

/** Given a health, when these attempts happen one after the other, then the last decision. */
function given(health: WebhookHealth) {
  return {
    when(...attempts: Array<Partial<AttemptFacts>>) {
      let h = health;
      const decisions = attempts.map((a) => {
        const d = decideAttempt(h, facts(a), policy);
        h = d.health;
        return d;
      });
      return { last: decisions[decisions.length - 1], all: decisions };
    },
  };
}

describe('webhook outage policy (Given/When/Then)', () => {
  it('a failure of a healthy webhook is retried with backoff; the run starts', () => {
    const { last } = given(HEALTHY).when({ attemptsUsed: 2, now: at(0) });
    expect(last).toEqual({
      health: { consecutiveFailures: 1, failingSince: T0, pausedAt: null, probes: 0, nextProbeAt: null },
      status: 'pending',
      nextAttemptAt: at(3 * 60_000),
      webhook: { type: 'unchanged' },
    });
  });

  it('a run of failures across deliveries pauses the webhook: nothing failed, one probe after the base delay', () => {
    const { all, last } = given(HEALTHY).when(...[0, 1, 2, 3, 4].map((i) => ({ attemptsUsed: 1, now: at(i * 1000) })));
    expect(all.map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect(all.map((d) => d.webhook.type)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'paused']);
    expect(last.health).toEqual({
      consecutiveFailures: 5,
      failingSince: T0,
      pausedAt: at(4000),
      probes: 1,
      nextProbeAt: at(4000 + 5_000),
    });
    expect(last.nextAttemptAt).toBe(at(4000 + 5_000));
  });

  it('attempts already out when the webhook paused fail without advancing the probe backoff', () => {
    // 20 deliveries sent at once into an outage: the fifth failure pauses the webhook.
    const sentAt = T0;
    const first = given(HEALTHY).when(...[1, 2, 3, 4, 5].map((i) => ({ startedAt: sentAt, now: at(i * 100) })));
    const paused = first.last.health;
    expect(paused).toMatchObject({ pausedAt: at(500), probes: 1, nextProbeAt: at(500 + 5_000) });
    const inFlight = given(paused).when(
      ...Array.from({ length: 15 }, (_, i) => ({ startedAt: sentAt, now: at(600 + i * 10) })),
    );
    expect(inFlight.all.map((d) => [d.status, d.webhook.type, d.health.probes])).toEqual(
      Array.from({ length: 15 }, () => ['pending', 'unchanged', 1]),
    );
    expect(inFlight.last.health).toMatchObject({ consecutiveFailures: 20, nextProbeAt: at(500 + 5_000) });
    expect(inFlight.last.nextAttemptAt).toBe(at(500 + 5_000));
    // The probe itself, sent after the pause, is what advances it.
    const probe = given(inFlight.last.health).when({ startedAt: at(5_500), now: at(5_510) }).last;
    expect(probe.health).toMatchObject({ probes: 2, nextProbeAt: at(5_510 + 15_000) });
  });

  it('attempts sent after the pause but before the probe was due fail without advancing the probe backoff', () => {
    // The worker claimed 20 deliveries into an outage and sends them in turn: the fifth failure
    // pauses the webhook while the rest are still to go out.
    const first = given(HEALTHY).when(...[1, 2, 3, 4, 5].map((i) => ({ now: at(i * 100) })));
    expect(first.last.health).toMatchObject({ pausedAt: at(500), probes: 1, nextProbeAt: at(500 + 5_000) });
    const rest = given(first.last.health).when(...Array.from({ length: 15 }, (_, i) => ({ now: at(600 + i * 100) })));
    expect(rest.all.map((d) => [d.status, d.webhook.type, d.health.probes, d.nextAttemptAt])).toEqual(
      Array.from({ length: 15 }, () => ['pending', 'unchanged', 1, at(500 + 5_000)]),
    );
    // The receiver is back by the time the probe is due: it goes out then, not 15 s or 45 s later.
    const probe = given(rest.last.health).when({ result: 'delivered', startedAt: at(5_500), now: at(5_520) }).last;
    expect(probe).toMatchObject({ status: 'delivered', webhook: { type: 'resumed' }, health: HEALTHY });
  });

  it('probes of a paused webhook wait longer each time, up to the cap', () => {
    const paused = given(HEALTHY).when(...[0, 1, 2, 3, 4].map(() => ({ now: T0 }))).last.health;
    const { all } = given(paused).when(...[1, 2, 3, 4, 5, 6].map((i) => ({ now: at(i * HOUR), attemptsUsed: 20 + i })));
    expect(all.map((d) => d.health.probes)).toEqual([2, 3, 4, 5, 6, 7]);
    // 15 s, 45 s, 135 s, 405 s, 1,215 s, then the one-hour cap (measured from each probe).
    expect(all.map((d, i) => Date.parse(d.nextAttemptAt!) - Date.parse(at((i + 1) * HOUR)))).toEqual([
      15_000,
      45_000,
      135_000,
      405_000,
      1_215_000,
      HOUR,
    ]);
    expect(all.every((d) => d.status === 'pending' && d.webhook.type === 'unchanged')).toBe(true);
  });

  it('a paused delivery is never failed for running out of attempts', () => {
    const paused = given(HEALTHY).when(...[0, 1, 2, 3, 4].map(() => ({ now: T0 }))).last.health;
    const { last } = given(paused).when({ attemptsUsed: 50, now: at(10 * HOUR) });
    expect(last.status).toBe('pending');
  });

  it('the first success resumes a paused webhook and forgets the run', () => {
    const paused = given(HEALTHY).when(...[0, 1, 2, 3, 4].map(() => ({ now: T0 }))).last.health;
    expect(given(paused).when({ result: 'delivered', now: at(HOUR) }).last).toEqual({
      health: HEALTHY,
      status: 'delivered',
      nextAttemptAt: null,
      webhook: { type: 'resumed' },
    });
    expect(given(HEALTHY).when({ result: 'delivered' }).last.webhook).toEqual({ type: 'unchanged' });
  });

  it('only a failure sustained for the configured time disables the webhook; its delivery stays pending', () => {
    const paused = given(HEALTHY).when(...[0, 1, 2, 3, 4].map(() => ({ now: T0 }))).last.health;
    const before = given(paused).when({ now: at(72 * HOUR - 1) }).last;
    expect(before.webhook).toEqual({ type: 'unchanged' });
    const after = given(paused).when({ now: at(72 * HOUR) }).last;
    expect(after).toMatchObject({
      status: 'pending',
      webhook: { type: 'disable', reason: `every attempt failed for 72 hours (since ${T0})` },
    });
  });

  it('a delivery that fails while others of the webhook succeed is failed after its attempts', () => {
    // Two failures in the run, but this delivery has used 8 attempts: the receiver refuses this one.
    const run: WebhookHealth = { ...HEALTHY, consecutiveFailures: 1, failingSince: T0 };
    expect(given(run).when({ attemptsUsed: 8, now: at(HOUR) }).last).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      webhook: { type: 'unchanged' },
    });
  });

  it('a delivery that used every attempt with nothing succeeding in between pauses instead of failing', () => {
    // A quiet webhook (one delivery): its 8 attempts are the whole run, even below the pause threshold.
    const policyOfTen = { ...policy, pauseAfterFailures: 10 };
    const run: WebhookHealth = { ...HEALTHY, consecutiveFailures: 7, failingSince: T0 };
    const d = decideAttempt(run, facts({ attemptsUsed: 8, now: at(HOUR) }), policyOfTen);
    expect(d).toMatchObject({ status: 'pending', webhook: { type: 'paused' } });
  });

  it('410 Gone disables at once and keeps the delivery pending for when it is enabled again', () => {
    expect(given(HEALTHY).when({ result: 'gone' }).last).toMatchObject({
      status: 'pending',
      nextAttemptAt: T0,
      webhook: { type: 'disable', reason: 'receiver answered 410 Gone' },
    });
  });

  it("a merchant's one-off redelivery: a failure changes nothing, a success resumes", () => {
    const paused = given(HEALTHY).when(...[0, 1, 2, 3, 4].map(() => ({ now: T0 }))).last.health;
    expect(given(paused).when({ manual: true, status: 'failed', nextAttemptAt: null, now: at(HOUR) }).last).toEqual({
      health: paused,
      status: 'failed',
      nextAttemptAt: null,
      webhook: { type: 'unchanged' },
    });
    expect(given(paused).when({ manual: true, result: 'delivered' }).last.webhook).toEqual({ type: 'resumed' });
  });
});
