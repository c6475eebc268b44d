import {
  AllStreamRecordedEvent,
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  NotLeaderError,
  Position,
  RecordedEvent as EsdbRecordedEvent,
  START,
  StreamNotFoundError,
  streamNameFilter,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendResult,
  comparePositions,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOfTypesOptions,
  ReadAllOptions,
  ReadStreamsOptions,
  RecordedEvent,
  STREAM_CATEGORIES,
  TypedFeedPage,
  typedPageOf,
  WrongExpectedRevisionError,
} from './event-store.port';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

/** The calls this adapter makes, typed by the client library itself. */
export type EsdbClient = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

export interface SubscriberCheckpoints {
  read(subscription: string): Promise<GlobalPosition | null>;
  store(subscription: string, position: GlobalPosition | null): Promise<void>;
  storeMany(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void>;
}

export interface EsdbEventStoreOptions {
  /** Where subscriber checkpoints are kept (a SQL table beside the webhook outbox). */
  checkpoints: SubscriberCheckpoints;
  /**
   * Prepended to every stream name: several environments on one server (each test file its own).
   * With a namespace the feed is every stream of the namespace; without, the service's categories.
   */
  namespace?: string;
  /**
   * Servers older than 23.10 never say that a catch-up subscription has caught up: after this long
   * without an event, a feed read ends with what it has.
   */
  quietAfterMs?: number;
}

/**
 * Event store on EventStoreDB / KurrentDB through `@eventstore/db-client`.
 *
 * - Streams keep the port's names (`customer-<shop>_<customer>`), so the server's `$ce-customer`
 *   category projection and its UI show them as they are; events are JSON with the stored type names.
 * - Appends pass the expected revision (`NO_STREAM`, a revision, or ANY) to the server;
 *   `WrongExpectedVersionError` becomes the port's `WrongExpectedRevisionError`.
 * - The global feed is `$all` read through a catch-up subscription with a server-side filter on the
 *   service's stream prefixes (this client's `readAll` has no server-side filter), from the
 *   checkpoint, until the page is full or the subscription has caught up. Positions are the
 *   server's `{commit, prepare}` as they are. `$all` is ordered by commit, so no event can appear
 *   before one already read: every event is readable at once.
 * - Connection failures become `StoreUnavailableError` (the API answers 503).
 */
export class EsdbEventStore implements EventStore {
  private readonly namespace: string;
  private readonly prefixes: string[];
  private readonly quietAfterMs: number;
  /** The stream ids of the last readStreams walk, for its next pages. */
  private listing: { prefix: string; ids: string[] } | null = null;

  constructor(
    private readonly client: EsdbClient,
    private readonly options: EsdbEventStoreOptions,
  ) {
    this.namespace = options.namespace ?? '';
    this.prefixes = this.namespace ? [this.namespace] : STREAM_CATEGORIES.map((c) => `${c}-`);
    this.quietAfterMs = options.quietAfterMs ?? 2000;
  }

  static connect(url: string, options: EsdbEventStoreOptions): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(url), options);
  }

  async appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    this.assertCategory(streamId);
    const name = this.namespace + streamId;
    try {
      const result = await this.client.appendToStream(
        name,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {} })),
        { expectedRevision: expected === 'no_stream' ? NO_STREAM : expected === 'any' ? ANY : expected },
      );
      // The port wants the position the last event has in $all (writers wait for projections to
      // pass it). The answer's position is the write's, which need not be that event's: read it back.
      const position = (await this.positionOf(name, result.nextExpectedRevision)) ?? result.position;
      if (!position) throw new Error(`EventStoreDB gave no position for ${streamId} (server older than 22.6?)`);
      return { nextExpectedRevision: result.nextExpectedRevision, position: toPosition(position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : BigInt(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      // Cut during an append (or its read-back), the events may be stored: the outcome is unknown.
      throw unavailable(error, true);
    }
  }

  async readStream(streamId: string, fromRevision = 0n, maxCount?: number): Promise<RecordedEvent[]> {
    if (maxCount !== undefined && maxCount <= 0) return [];
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.namespace + streamId, {
        fromRevision,
        direction: FORWARDS,
        ...(maxCount !== undefined ? { maxCount } : {}),
      })) {
        if (resolved.event) out.push(this.toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw unavailable(error);
    }
    return out;
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    await this.scanAll(after, this.prefixes, (event) => {
      if (!this.isServiceEvent(event)) return true;
      // Subscriptions start after the given position; a repeat of it is dropped all the same.
      if (after && comparePositions(event.position, after) <= 0) return true;
      events.push(this.toRecorded(event));
      return events.length < limit;
    });
    return events;
  }

  /** Filtered here, after decoding: the server's type filter would not tell how far the page scanned. */
  readAllOfTypes(options: ReadAllOfTypesOptions): Promise<TypedFeedPage> {
    return typedPageOf(this, options);
  }

  /**
   * Streams of a prefix one after the other, in id order. The stream ids come from one scan of
   * `$all` filtered on the prefix by the server (the `$streams` system projection would be shorter
   * to read but lags behind appends), are sorted and kept for the pages that follow; each stream is
   * then read with readStream. A walk sees the streams that existed when it started.
   */
  async readStreams({ prefix, after, limit }: ReadStreamsOptions): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    if (!after || this.listing?.prefix !== prefix) this.listing = { prefix, ids: await this.streamIds(prefix) };
    const ids = this.listing.ids;
    const out: RecordedEvent[] = [];
    let i = after ? ids.findIndex((id) => id >= after.streamId) : 0;
    for (; i >= 0 && i < ids.length && out.length < limit; i++) {
      const from = after && ids[i] === after.streamId ? after.revision + 1n : 0n;
      out.push(...(await this.readStream(ids[i], from, limit - out.length)));
    }
    return out;
  }

  private async streamIds(prefix: string): Promise<string[]> {
    const ids = new Set<string>();
    await this.scanAll(null, [this.namespace + prefix], (event) => {
      if (!event.type.startsWith('$')) ids.add(event.streamId.slice(this.namespace.length));
      return true;
    });
    // Like SQL's stream_id order (byte order; ids are ASCII).
    return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * Reads `$all` after `after` through a catch-up subscription filtered on `prefixes` (server side),
   * handing each event to `visit` until it answers false or the subscription has caught up.
   */
  private scanAll(
    after: GlobalPosition | null,
    prefixes: string[],
    visit: (event: AllStreamRecordedEvent) => boolean,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      let finished = false;
      let quiet: NodeJS.Timeout | undefined;
      const subscription = this.client.subscribeToAll({
        fromPosition: after ?? START,
        filter: streamNameFilter({ prefixes }),
      });
      const finish = (error?: unknown) => {
        if (finished) return;
        finished = true;
        clearTimeout(quiet);
        subscription.removeAllListeners('data');
        void subscription.unsubscribe().catch(() => undefined);
        if (error) reject(unavailable(error));
        else resolve();
      };
      const waitQuietly = () => {
        clearTimeout(quiet);
        quiet = setTimeout(() => finish(), this.quietAfterMs);
      };
      subscription.on('data', (resolved) => {
        waitQuietly();
        if (finished || !resolved.event) return;
        if (!visit(resolved.event)) finish();
      });
      // Events parsed before the caught-up message may still sit in the stream's buffer.
      const drained = () => (subscription.readableLength > 0 ? setImmediate(drained) : finish());
      subscription.on('caughtUp', () => setImmediate(drained));
      subscription.on('error', (error) => finish(error));
      subscription.on('end', () => finish());
      waitQuietly();
    });
  }

  async headPosition(): Promise<GlobalPosition | null> {
    let newest: Position | null = null;
    try {
      // The newest service event is normally among the last few of $all (system events are rare).
      for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1000 })) {
        const event = resolved.event;
        if (!event) continue;
        newest ??= event.position;
        if (this.isServiceEvent(event)) return toPosition(event.position);
      }
    } catch (error) {
      throw unavailable(error);
    }
    // None among them: the newest event at all is as good a start for reading what comes next.
    return newest ? toPosition(newest) : null;
  }

  readCheckpoint(subscription: string): Promise<GlobalPosition | null> {
    return this.options.checkpoints.read(subscription);
  }

  storeCheckpoint(subscription: string, position: GlobalPosition | null): Promise<void> {
    return this.options.checkpoints.store(subscription, position);
  }

  storeCheckpoints(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void> {
    return this.options.checkpoints.storeMany(checkpoints);
  }

  async ping(): Promise<void> {
    try {
      for await (const resolved of this.client.readAll({
        fromPosition: END,
        direction: BACKWARDS,
        maxCount: 1,
        deadline: 3000,
      })) {
        void resolved;
      }
    } catch (error) {
      throw unavailable(error);
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async positionOf(streamName: string, revision: bigint): Promise<Position | undefined> {
    for await (const resolved of this.client.readStream(streamName, {
      fromRevision: revision,
      direction: FORWARDS,
      maxCount: 1,
    })) {
      if (resolved.event?.position) return resolved.event.position;
    }
    return undefined;
  }

  /** A stream the feed's filter would not see must not be written: its events would be lost to projections. */
  private assertCategory(streamId: string): void {
    if (this.namespace || STREAM_CATEGORIES.some((c) => streamId.startsWith(`${c}-`))) return;
    throw new Error(
      `Stream ${streamId} is outside the categories the global feed reads (${STREAM_CATEGORIES.join(', ')}): ` +
        'add its category to STREAM_CATEGORIES',
    );
  }

  private isServiceEvent(event: EsdbRecordedEvent): event is EsdbRecordedEvent & { position: Position } {
    return !!event.position && !event.type.startsWith('$') && this.prefixes.some((p) => event.streamId.startsWith(p));
  }

  private toRecorded(event: EsdbRecordedEvent): RecordedEvent {
    const data = event.isJson ? event.data : JSON.parse(Buffer.from(event.data as Uint8Array).toString('utf8'));
    const metadata = event.metadata;
    return {
      id: event.id,
      streamId: event.streamId.slice(this.namespace.length),
      revision: event.revision,
      // Stream reads carry positions from server 22.6 on.
      position: event.position ? toPosition(event.position) : { commit: -1n, prepare: -1n },
      type: event.type,
      data: data as Record<string, unknown>,
      metadata:
        metadata && typeof metadata === 'object' && !(metadata instanceof Uint8Array) && !Array.isArray(metadata)
          ? (metadata as Record<string, unknown>)
          : {},
      recordedAt: event.created,
    };
  }
}

function toPosition(position: Position): GlobalPosition {
  return { commit: position.commit, prepare: position.prepare };
}

/** gRPC status codes of a call that never reached a working server (the client passes some through raw). */
const GRPC_DEADLINE_EXCEEDED = 4;
const GRPC_UNAVAILABLE = 14;

/** Errors that mean "the server cannot be reached now": 503 and retry, never 500. */
function unavailable(error: unknown, outcomeUnknown = false): unknown {
  const grpcCode = (error as { code?: unknown; details?: unknown })?.code;
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    error instanceof CancelledError ||
    // Appends that cannot connect fail with the raw gRPC error (seen with @eventstore/db-client 6.2).
    (error instanceof Error &&
      'details' in error &&
      (grpcCode === GRPC_UNAVAILABLE || grpcCode === GRPC_DEADLINE_EXCEEDED))
  ) {
    return new StoreUnavailableError('EventStoreDB', error, outcomeUnknown);
  }
  return error;
}
