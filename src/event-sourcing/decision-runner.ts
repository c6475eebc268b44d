import { Inject, Injectable } from '@nestjs/common';
import { Decider } from '../shared/domain/decider';
import { because } from '../shared/domain/domain-error';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  WrongExpectedRevisionError,
} from '../infrastructure/event-store/event-store.port';
import { DomainEvent, fromRecorded, toNewEvent } from './domain-event';
import { Metrics } from '../metrics/metrics';
import { AppendSignal } from './append-signal';
import { BoundedCache } from '../shared/bounded-cache';
import { AfterAppend } from './after-append.port';

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

/**
 * How long a batch keeps retrying conflicting appends before the stream counts as busy. Another
 * process working through its own queue on the same stream wins every race until its queue is
 * empty (its cached state is current; ours must be read first), so the bound is time, not attempts.
 */
const BUSY_AFTER_MS = 10_000;
const CACHE_LIMIT = 20_000;
/** Commands on one stream decided together and written in one append. */
const MAX_BATCH = 64;

/** A command waiting for its turn on its stream. */
interface QueuedCommand<S, C, E> {
  decider: Decider<S, C, E>;
  command: (state: S) => C | Promise<C>;
  settle: (outcome: { decision: Decision<S, E> } | { error: unknown }) => void;
}

type Outcome<S, E> = { before: S; after: S; events: E[] } | { error: unknown };

/**
 * Runs commands against streams: decide on the stream's state, append with the expected revision,
 * and on a revision conflict reload and start over. Then hand the new events' position to
 * `AfterAppend` (the read side decides whether the caller waits for its read models) and return the
 * decision with it.
 *
 * Commands on one stream queue in this process and are decided one after another on the state the
 * previous ones left; the commands that queued while an append was in flight are written together in
 * one append (each keeps its own events and answer; a refusal stays that command's alone). So a hot
 * customer costs one append per batch, not a storm of conflicts: conflicts happen only across
 * processes, where they are retried with backoff and, past BUSY_AFTER_MS, answered 503 with
 * Retry-After, never 500.
 *
 * Folded states of recently used streams are cached, so a command neither folds the whole stream
 * nor, usually, reads it at all. The cache holds no authority: the expected revision check at append
 * refuses a decision made on stale state, and refusals are re-decided on state read from the store.
 */
@Injectable()
export class DecisionRunner {
  private readonly cache = new BoundedCache<string, CachedStream<unknown>>({ max: CACHE_LIMIT });
  private readonly queues = new Map<string, QueuedCommand<unknown, unknown, DomainEvent>[]>();
  /** Appends refused for a stale revision and retried (a measure of contention). */
  conflicts = 0;
  /** See BUSY_AFTER_MS (tests shorten it). */
  busyAfterMs = BUSY_AFTER_MS;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly metrics: Metrics,
    private readonly appended: AppendSignal,
    private readonly afterAppend: AfterAppend,
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
  ): Promise<Decision<S, E>> {
    const decision = await new Promise<Decision<S, E>>((resolve, reject) => {
      const queued: QueuedCommand<S, C, E> = {
        decider,
        command,
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.decision)),
      };
      const queue = this.queues.get(streamId);
      if (queue) queue.push(queued as unknown as QueuedCommand<unknown, unknown, DomainEvent>);
      else {
        this.queues.set(streamId, [queued as unknown as QueuedCommand<unknown, unknown, DomainEvent>]);
        void this.drain(streamId);
      }
    });
    if (decision.position) await this.afterAppend.appended(decision.position);
    return decision;
  }

  /** Works through a stream's queue, a batch at a time, until it is empty. */
  private async drain(streamId: string): Promise<void> {
    for (;;) {
      const queue = this.queues.get(streamId)!;
      if (queue.length === 0) {
        this.queues.delete(streamId);
        return;
      }
      // One batch shares one decider (a stream has one; the check keeps a mistake from mixing states).
      let size = 1;
      while (size < queue.length && size < MAX_BATCH && queue[size].decider === queue[0].decider) size++;
      const batch = queue.splice(0, size);
      try {
        await this.decideAndAppend(streamId, batch);
      } catch (error) {
        for (const queued of batch) queued.settle({ error });
      }
    }
  }

  /** Decides every command of the batch in turn and appends all their events at once; settles each. */
  private async decideAndAppend<S, C, E extends DomainEvent>(
    streamId: string,
    batch: QueuedCommand<S, C, E>[],
  ): Promise<void> {
    const decider = batch[0].decider;
    // First try on the cached state without reading: in one process it is current, and if another
    // process appended meanwhile the expected revision check refuses the append. A refusal or an
    // empty decision made on unverified state is not trusted: it is decided again on fresh state.
    let verified = !this.cache.has(streamId);
    const busyAt = Date.now() + this.busyAfterMs;
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = verified
        ? await this.load(decider, streamId)
        : (this.cache.get(streamId) as CachedStream<S>);
      const outcomes = await this.decideInTurn(decider, batch, state, verified);
      if (outcomes === 'unverified') {
        verified = true;
        continue;
      }
      const events = outcomes.flatMap((o) => ('events' in o ? o.events : []));
      if (events.length === 0) {
        this.settle(batch, outcomes, null);
        return;
      }
      try {
        const result = await this.eventStore.appendToStream(
          streamId,
          events.map((e) => toNewEvent(e)),
          revision < 0n ? 'no_stream' : revision,
        );
        const last = outcomes.filter((o) => 'after' in o).pop() as { after: S };
        this.remember(streamId, { state: last.after, revision: result.nextExpectedRevision });
        this.metrics.eventsAppended.inc(events.length);
        this.appended.notify(result.position);
        this.settle(batch, outcomes, result.position);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) {
          // Not a race: let each command meet the failure alone, so one bad command cannot fail the others.
          if (batch.length > 1) {
            for (const queued of batch)
              await this.decideAndAppend(streamId, [queued]).catch((e) => queued.settle({ error: e }));
            return;
          }
          throw error;
        }
        if (Date.now() >= busyAt) throw because.streamBusy();
        this.conflicts++;
        this.metrics.appendConflicts.inc();
        verified = true;
        // Another process appended first: back off (with jitter so racers spread out) and retry.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
      }
    }
  }

  /**
   * Each command decided on the state the previous ones of the batch left. 'unverified': a command
   * was refused or decided nothing on cached state, which must be checked against the store first.
   */
  private async decideInTurn<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    batch: QueuedCommand<S, C, E>[],
    state: S,
    verified: boolean,
  ): Promise<Outcome<S, E>[] | 'unverified'> {
    const outcomes: Outcome<S, E>[] = [];
    let current = state;
    for (const queued of batch) {
      let events: E[];
      try {
        events = decider.decide(await queued.command(current), current);
      } catch (error) {
        if (!verified) return 'unverified';
        outcomes.push({ error });
        continue;
      }
      if (events.length === 0 && !verified) return 'unverified';
      const after = events.reduce(decider.evolve, current);
      outcomes.push({ before: current, after, events });
      current = after;
    }
    return outcomes;
  }

  /** Answers every command of a batch once its events (all of the batch's) are stored. */
  private settle<S, C, E>(batch: QueuedCommand<S, C, E>[], outcomes: Outcome<S, E>[], position: GlobalPosition | null) {
    batch.forEach((queued, i) => {
      const outcome = outcomes[i];
      if ('error' in outcome) queued.settle({ error: outcome.error });
      else
        queued.settle({ decision: { before: outcome.before, after: outcome.after, events: outcome.events, position } });
    });
  }

  private remember(streamId: string, entry: CachedStream<unknown>): void {
    this.cache.set(streamId, entry);
  }
}
