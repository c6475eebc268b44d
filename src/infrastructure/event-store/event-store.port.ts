/**
 * The event store port. Shaped after EventStoreDB so its adapter fits: streams are named
 * `<category>-<id>`, revisions count from 0 per stream, the global feed ("$all") is ordered by a
 * `{commit, prepare}` position, and subscribers keep their own checkpoints.
 */
import type { GlobalPosition, RecordedEvent } from '../../shared/domain/recorded-event';

export const EVENT_STORE = Symbol('EVENT_STORE');

/**
 * The categories of every stream the service writes (`<category>-<id>`). EventStoreDB reads the
 * global feed with a server-side filter on these prefixes, and refuses to append to any other
 * stream, so a new category must be added here (a test checks the streams the service writes).
 */
export const STREAM_CATEGORIES = [
  'customer',
  'tiers',
  'shop',
  'webhooks',
  'programs',
  'redemption-quota',
  'social-handle',
  'referral-claim',
  'referral-invites',
  'privacy',
  'translations',
] as const;

// The recorded event's shape is the domain's too (audit and history fold it): it lives in shared/domain.
export type { GlobalPosition, RecordedEvent } from '../../shared/domain/recorded-event';
export { positionToString } from '../../shared/domain/recorded-event';

export interface NewEvent {
  /** Event id; a repeat append of the same id is how retries are recognised. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

export interface EventRewrite {
  id: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** `'no_stream'`: the stream must not exist; a bigint: its last revision must be this one. */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last event written. */
  nextExpectedRevision: bigint;
  /** Global position of the last event written. */
  position: GlobalPosition;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Null reads from the start. */
  after: GlobalPosition | null;
  limit: number;
}

/** `readAllOfTypes`: the next `limit` events of the feed are scanned; those of `types` are answered. */
export interface ReadAllOfTypesOptions extends ReadAllOptions {
  types: ReadonlySet<string>;
}

/** A scanned page of the feed: its events of the asked types, how many it scanned and the last one's position. */
export interface TypedFeedPage {
  events: RecordedEvent[];
  scanned: number;
  /** Where the next page starts (null: nothing scanned). */
  scannedUpTo: GlobalPosition | null;
}

/** A place in the stream-by-stream order of `readStreams`: after this stream's revision. */
export interface StreamCursor {
  streamId: string;
  revision: bigint;
}

export interface ReadStreamsOptions {
  /** Streams whose id starts with this (`customer-`, `customer-<shopId>_`). */
  prefix: string;
  /** Exclusive; null starts with the first stream. */
  after: StreamCursor | null;
  limit: number;
}

export interface EventStore {
  appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order, from `fromRevision` (inclusive), at most `maxCount` of them. */
  readStream(streamId: string, fromRevision?: bigint, maxCount?: number): Promise<RecordedEvent[]>;
  /**
   * Events per page for a long read of one stream that uses a page while it reads the next (an
   * audit replay folds one while the next is read): the store's best size. Absent: 2,500.
   */
  readonly streamPageSize?: number;
  /**
   * Every stream of a category, one stream after the other (streams in id order, each in revision
   * order), a page at a time; an empty page is the end. A page may hold fewer than `limit` events. Audit verification folds one stream at a time this way, so its memory
   * does not grow with the log. (EventStoreDB: one scan of `$all` filtered on the prefix lists the
   * streams, each then read with readStream.)
   */
  readStreams(options: ReadStreamsOptions): Promise<RecordedEvent[]>;
  /** The global feed in order. Only events that can no longer be preceded by another are returned. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * As readAll, for a reader that wants a few types among many (a process manager): the page is
   * scanned in the store, and only the asked types are decoded and answered.
   */
  readAllOfTypes(options: ReadAllOfTypesOptions): Promise<TypedFeedPage>;
  /** Position of the last event readable through readAll, or null when the store is empty. */
  headPosition(): Promise<GlobalPosition | null>;
  /** How many events the log holds, where that is cheap to know (progress of `loyalty migrate events`). */
  countEvents?(): Promise<number>;
  /**
   * Replaces stored events' data and metadata, by event id. Only the privacy migration and erasure use
   * it, to seal the personal fields of events written before sealing existed; nothing else edits the
   * log. Absent where the log cannot be edited (EventStoreDB).
   */
  rewriteEvents?(rewrites: EventRewrite[]): Promise<void>;
  /** Subscriber checkpoints (one per subscription name). */
  readCheckpoint(subscription: string): Promise<GlobalPosition | null>;
  storeCheckpoint(subscription: string, position: GlobalPosition | null): Promise<void>;
  /** Several checkpoints at once, in one write where the store can (the projections store theirs every second). */
  storeCheckpoints(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void>;
  /** Cheap reachability probe for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** readAllOfTypes on top of readAll, for stores that cannot filter before decoding (EventStoreDB). */
export async function typedPageOf(
  store: Pick<EventStore, 'readAll'>,
  options: ReadAllOfTypesOptions,
): Promise<TypedFeedPage> {
  const page = await store.readAll(options);
  return {
    events: page.filter((e) => options.types.has(e.type)),
    scanned: page.length,
    scannedUpTo: page.length > 0 ? page[page.length - 1].position : null,
  };
}
