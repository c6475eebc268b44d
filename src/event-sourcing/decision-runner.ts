import { Inject, Injectable } from '@nestjs/common';
import { Decider } from '../shared/domain/decider';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  WrongExpectedRevisionError,
} from '../infrastructure/event-store/event-store.port';
import { DomainEvent, fromRecorded, toNewEvent } from './domain-event';
import { ProjectionRunner } from '../projections/projection-runner';
import { Metrics } from '../metrics/metrics';
import { AppendSignal } from '../projections/append-signal';

interface CachedStream<S> {
  state: S;
  /** Last revision folded into state; -1n: the stream does not exist. */
  revision: bigint;
}

export interface Decision<S, E> {
  /** State before the command. */
  before: S;
  /** State after the new events. */
  after: S;
  events: E[];
  position: GlobalPosition | null;
}

const MAX_ATTEMPTS = 40;
const CACHE_LIMIT = 20_000;

/**
 * Runs one command against one stream: decide on the stream's state, append with the expected
 * revision, and on a revision conflict reload and start over. Then wait until the read models
 * include the new events, so a read right after a write sees it.
 *
 * Folded states of recently used streams are cached, so a command neither folds the whole stream
 * nor, usually, reads it at all. The cache holds no authority: the expected revision check at append
 * refuses a decision made on stale state, and refusals are re-decided on state read from the store.
 */
@Injectable()
export class DecisionRunner {
  private readonly cache = new Map<string, CachedStream<unknown>>();
  /** Appends refused for a stale revision and retried (a measure of contention). */
  conflicts = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly metrics: Metrics,
    private readonly appended: AppendSignal,
  ) {}

  /** The stream's current state: the cached fold plus whatever was appended since (one read). */
  async load<S, E extends DomainEvent>(
    decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>,
    streamId: string,
  ): Promise<CachedStream<S>> {
    const cached = this.cache.get(streamId) as CachedStream<S> | undefined;
    const start = cached ?? { state: decider.initialState(), revision: -1n };
    const recorded = await this.eventStore.readStream(streamId, start.revision + 1n);
    if (recorded.length === 0) return start;
    let state = start.state;
    for (const r of recorded) state = decider.evolve(state, fromRecorded<E>(r));
    const loaded = { state, revision: recorded[recorded.length - 1].revision };
    this.remember(streamId, loaded);
    return loaded;
  }

  async run<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: (state: S) => C | Promise<C>,
    options: { waitForProjections?: boolean } = {},
  ): Promise<Decision<S, E>> {
    // First try on the cached state without reading: in one process it is current, and if another
    // process appended meanwhile the expected revision check refuses the append. A refusal or an
    // empty decision made on unverified state is not trusted: it is decided again on fresh state.
    let verified = !this.cache.has(streamId);
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = verified
        ? await this.load(decider, streamId)
        : (this.cache.get(streamId) as CachedStream<S>);
      let events: E[];
      try {
        events = decider.decide(await command(state), state);
      } catch (error) {
        if (verified) throw error;
        verified = true;
        continue;
      }
      if (events.length === 0) {
        if (verified) return { before: state, after: state, events, position: null };
        verified = true;
        continue;
      }
      try {
        const result = await this.eventStore.appendToStream(
          streamId,
          events.map((e) => toNewEvent(e)),
          revision < 0n ? 'no_stream' : revision,
        );
        const after = events.reduce(decider.evolve, state);
        this.remember(streamId, { state: after, revision: result.nextExpectedRevision });
        this.metrics.eventsAppended.inc(events.length);
        this.appended.notify();
        if (options.waitForProjections !== false) await this.projections.waitFor(result.position);
        return { before: state, after, events, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        this.conflicts++;
        this.metrics.appendConflicts.inc();
        verified = true;
        // Someone else appended first: back off a little (with jitter so racers spread out) and retry.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
  }

  private remember(streamId: string, entry: CachedStream<unknown>): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
  }
}
