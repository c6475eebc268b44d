import { randomUUID } from 'node:crypto';
import { DecisionRunner } from '../../src/event-sourcing/decision-runner';
import { Decider } from '../../src/shared/domain/decider';
import { DomainError } from '../../src/shared/domain/domain-error';
import {
  EventStore,
  ExpectedRevision,
  NewEvent,
  WrongExpectedRevisionError,
} from '../../src/infrastructure/event-store/event-store.port';
import { Metrics } from '../../src/metrics/metrics';
import { AppendSignal } from '../../src/event-sourcing/append-signal';
import { ReadYourWrites } from '../../src/projections/read-your-writes';
import { AppConfig } from '../../src/config/app-config';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { defaultStoreKind, openTestStorage, TestStorage } from '../support/stores';

/** A wallet: the smallest decider with a refusal (no overdraft), to watch the runner alone. */
interface Moved {
  type: 'moved';
  eventId: string;
  occurredAt: string;
  amount: number;
}
type Move = { amount: number };
const wallet: Decider<number, Move, Moved> = {
  initialState: () => 0,
  evolve: (balance, e) => balance + e.amount,
  decide: (move, balance) => {
    if (balance + move.amount < 0) throw new DomainError('INSUFFICIENT_POINTS', `balance ${balance}`);
    return [{ type: 'moved', eventId: randomUUID(), occurredAt: '2026-01-01T00:00:00.000Z', amount: move.amount }];
  },
};

/** Counts appends, and can fail them, around a real event store. */
function watched(inner: EventStore, fail: (events: NewEvent[]) => Error | null = () => null) {
  const appends: number[] = [];
  const store: EventStore = Object.create(inner);
  store.appendToStream = async (streamId: string, events: NewEvent[], expected: ExpectedRevision) => {
    appends.push(events.length);
    const error = fail(events);
    if (error) throw error;
    return inner.appendToStream(streamId, events, expected);
  };
  return { store, appends };
}

function runnerOn(store: EventStore): DecisionRunner {
  const projections = { waitFor: async () => undefined } as unknown as ProjectionRunner;
  return new DecisionRunner(
    store,
    new Metrics(),
    new AppendSignal(),
    new ReadYourWrites(projections, new AppConfig({})),
  );
}

describe(`DecisionRunner on one hot stream (${defaultStoreKind()})`, () => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage(defaultStoreKind());
  });
  afterAll(() => storage.cleanup());

  const balanceOf = async (streamId: string) =>
    (await storage.storage.eventStore.readStream(streamId)).reduce((sum, r) => sum + Number(r.data.amount), 0);

  it('200 concurrent commands on one stream: all applied, no conflict, written in fewer appends', async () => {
    const { store, appends } = watched(storage.storage.eventStore);
    const runner = runnerOn(store);
    const streamId = `wallet-${randomUUID()}`;
    const decisions = await Promise.all(
      Array.from({ length: 200 }, () => runner.run(wallet, streamId, () => ({ amount: 1 }))),
    );
    expect(runner.conflicts).toBe(0);
    expect(await balanceOf(streamId)).toBe(200);
    expect(appends.reduce((a, b) => a + b, 0)).toBe(200);
    expect(appends.length).toBeLessThan(200);
    // Each command got its own decision, decided on the state the ones before it left.
    expect(decisions.map((d) => d.after).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(decisions.every((d) => d.after === d.before + 1 && d.events.length === 1 && d.position)).toBe(true);
  });

  it('a refusal in a batch is that command alone: the others are written, refusals saw the earlier ones', async () => {
    const { store } = watched(storage.storage.eventStore);
    const runner = runnerOn(store);
    const streamId = `wallet-${randomUUID()}`;
    await runner.run(wallet, streamId, () => ({ amount: 100 }));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => runner.run(wallet, streamId, () => ({ amount: -10 }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(20);
    expect(refused.every((r) => (r.reason as DomainError).code === 'INSUFFICIENT_POINTS')).toBe(true);
    expect(await balanceOf(streamId)).toBe(0);
  });

  it('a failed append of a batch is retried command by command, so one bad command fails alone', async () => {
    const { store } = watched(storage.storage.eventStore, (events) =>
      events.some((e) => e.data.amount === 13) ? new Error('the store refuses 13') : null,
    );
    const runner = runnerOn(store);
    const streamId = `wallet-${randomUUID()}`;
    const amounts = [1, 2, 13, 4, 5, 6];
    const results = await Promise.allSettled(amounts.map((amount) => runner.run(wallet, streamId, () => ({ amount }))));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await balanceOf(streamId)).toBe(1 + 2 + 4 + 5 + 6);
  });

  it('two runners (two processes) on one stream: conflicts are retried, every command applied once', async () => {
    const first = runnerOn(storage.storage.eventStore);
    const second = runnerOn(storage.storage.eventStore);
    const streamId = `wallet-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).run(wallet, streamId, () => ({ amount: 1 }))),
    );
    expect(await balanceOf(streamId)).toBe(100);
  });

  it('a decision made on state another process has moved past is refused by the store and decided again', async () => {
    const first = runnerOn(storage.storage.eventStore);
    const second = runnerOn(storage.storage.eventStore);
    const streamId = `wallet-${randomUUID()}`;
    await first.run(wallet, streamId, () => ({ amount: 10 })); // revision 0
    await second.run(wallet, streamId, () => ({ amount: 1 })); // second reads, appends revision 1, caches it
    await first.run(wallet, streamId, () => ({ amount: 5 })); // first's cache was stale: refused, redone
    expect(first.conflicts).toBe(1);
    // Now second's cache (balance 11) is stale; its decision on it is refused and made again on 16.
    const decision = await second.run(wallet, streamId, () => ({ amount: -1 }));
    expect(second.conflicts).toBe(1);
    expect([decision.before, decision.after]).toEqual([16, 15]);
    expect(await balanceOf(streamId)).toBe(15);
  });

  it('a stream other processes never let go of: 503 SERVICE_UNAVAILABLE with Retry-After, nothing written', async () => {
    const { store, appends } = watched(
      storage.storage.eventStore,
      () => new WrongExpectedRevisionError('busy', 'no_stream', 1n),
    );
    const runner = runnerOn(store);
    runner.busyAfterMs = 300;
    const streamId = `wallet-${randomUUID()}`;
    const error = await runner.run(wallet, streamId, () => ({ amount: 1 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(503);
    expect((error as DomainError).code).toBe('SERVICE_UNAVAILABLE');
    expect((error as DomainError).details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(appends.length).toBeGreaterThan(1);
    expect(await storage.storage.eventStore.readStream(streamId)).toEqual([]);
  });
});
