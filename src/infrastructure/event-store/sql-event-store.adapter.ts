import {
  AppendResult,
  comparePositions,
  EventStore,
  EventRewrite,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOfTypesOptions,
  ReadAllOptions,
  ReadStreamsOptions,
  RecordedEvent,
  TypedFeedPage,
  typedPageOf,
  WrongExpectedRevisionError,
} from './event-store.port';
import { SqlClient, SqlQueryable, UNIQUE_VIOLATION } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { GroupCommit, PendingAppend } from './group-commit';
import { SqlCheckpoints } from './sql-checkpoints';
import { RecentAppends } from './recent-appends';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS es_events (
  position BIGSERIAL PRIMARY KEY,
  transaction_id XID8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id TEXT NOT NULL,
  revision BIGINT NOT NULL,
  event_id UUID NOT NULL,
  type TEXT NOT NULL,
  data JSON NOT NULL,
  metadata JSON NOT NULL DEFAULT '{}'::json,
  recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT es_events_stream_revision UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS es_events_feed ON es_events (transaction_id, position)`;

/**
 * Data and metadata are kept as json (their text, checked on the way in), not jsonb: the store never
 * looks inside them, and jsonb turns every event back into text on every read, which slows replays on
 * both stores. A store made before is converted once, when the service starts (a rewrite of the
 * table, under the schema lock).
 */
async function keepEventsAsJson(tx: SqlQueryable): Promise<void> {
  const [data] = await tx.query<{ type: string }>(
    `SELECT atttypid::regtype::text AS type FROM pg_attribute WHERE attrelid = 'es_events'::regclass AND attname = 'data'`,
  );
  if (data?.type !== 'jsonb') return;
  await tx.query(`ALTER TABLE es_events ALTER COLUMN data TYPE json, ALTER COLUMN metadata TYPE json,
    ALTER COLUMN metadata SET DEFAULT '{}'::json`);
}

interface EventRow {
  event_id: string;
  stream_id: string;
  revision: string;
  tx: string;
  pos: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_ms: number;
}

/** How events are selected and turned into RecordedEvents. */
interface EventColumns {
  select: string;
  toRecorded(row: unknown): RecordedEvent;
}

/**
 * `recorded_at` as epoch milliseconds: a number is read faster than a timestamp's text, and
 * date_part computes it as a double where `extract` computes in numeric, which is slow on PGlite.
 * See epochMillis.
 */
const RECORDED_MS = `date_part('epoch', recorded_at) * 1000`;

const AS_COLUMNS: EventColumns = {
  select: `SELECT event_id::text, stream_id, revision::text, transaction_id::text AS tx,
    position::text AS pos, type, data, metadata, ${RECORDED_MS} AS recorded_ms
    FROM es_events`,
  toRecorded: (row) => {
    const r = row as EventRow;
    const recordedMs = epochMillis(r.recorded_ms);
    return recordedEvent(r.event_id, r.stream_id, r.revision, r.tx, r.pos, r.type, recordedMs, r.metadata, r.data);
  },
};

/** A page of one stream on a server: its id is known, so not read again with every event. */
const STREAM_PAGE_COLUMNS = `SELECT event_id::text, revision::text, transaction_id::text AS tx, position::text AS pos,
    type, data, metadata, ${RECORDED_MS} AS recorded_ms FROM es_events`;

/**
 * PGlite decodes every field of every row in JavaScript, and a json column with its own parser: one
 * text per event, made by the database and read with one JSON.parse, is the cheapest there (cheaper
 * than the columns or a json array). On a server the columns are faster, and are kept. A stream's page leaves out the
 * stream's id (known) and is one text for the whole page (STREAM_PAGE_AS_TEXT).
 */
const EVENT_FIELDS = `'["', event_id, '","', revision, '","', transaction_id, '","', position, '",', to_json(type),
    ',', ${RECORDED_MS}, ',', metadata, ',', data`;
const ONE_TEXT = `concat(${EVENT_FIELDS}, ',', to_json(stream_id), ']')`;
const AS_ONE_TEXT: EventColumns = {
  select: `SELECT ${ONE_TEXT} AS e FROM es_events`,
  toRecorded: (row) => {
    const e = JSON.parse((row as { e: string }).e) as EventArray;
    return fromArray(e, e[8]);
  },
};

/**
 * Revisions $2 (inclusive) to $3 (exclusive) of stream $1, as a range of the (stream_id, revision)
 * index, which the planner walks in order whatever its statistics say.
 */
const STREAM_RANGE = '(stream_id, revision) >= ($1, $2::bigint) AND (stream_id, revision) < ($1, $3::bigint)';

/**
 * Events per text of a PGlite stream page. A text of a whole page (over a megabyte) is decoded into a
 * string of fresh memory, which costs far more than its bytes on a host where the first touch of a
 * memory page is slow; texts of a few tens of kilobytes are decoded in memory already in use.
 */
const EVENTS_PER_TEXT = 40;

/**
 * One page of one stream (revisions $2 to $3, exclusive) as JSON arrays of StreamEventArrays, one
 * row for each EVENTS_PER_TEXT revisions, in order.
 */
const STREAM_PAGE_AS_TEXT = `SELECT '[' || string_agg(concat(${EVENT_FIELDS}, ']'), ',' ORDER BY revision) || ']'
    AS page FROM es_events WHERE ${STREAM_RANGE}
    GROUP BY revision / ${EVENTS_PER_TEXT} ORDER BY revision / ${EVENTS_PER_TEXT}`;

/** An event as EVENT_FIELDS writes it; EventArray adds its stream's id. */
type StreamEventArray = [
  id: string,
  revision: string,
  tx: string,
  pos: string,
  type: string,
  recordedMs: number,
  metadata: Record<string, unknown>,
  data: Record<string, unknown>,
];
type EventArray = [...StreamEventArray, streamId: string];

function fromArray(
  [id, revision, tx, pos, type, recordedMs, metadata, data]: StreamEventArray | EventArray,
  streamId: string,
): RecordedEvent {
  return recordedEvent(id, streamId, revision, tx, pos, type, epochMillis(recordedMs), metadata, data);
}

/**
 * The millisecond `recorded_at` falls in, from date_part's double of epoch milliseconds. The
 * timestamp has whole microseconds and the double carries them to within a quarter of one (until
 * 2106), so half a microsecond more, floored, is the millisecond the exact value truncates to.
 */
const epochMillis = (ms: number): number => Math.floor(ms + 0.0005);

/**
 * Event store on PostgreSQL (server via `pg`, or embedded PGlite: same SQL).
 *
 * Why the global feed is ordered by (transaction_id, position) and cut at the oldest running
 * transaction: sequence numbers are handed out before commit, so a reader ordering by position alone
 * could pass over an event whose transaction commits later and never see it. Every transaction older
 * than `pg_snapshot_xmin` has ended, so the feed below that mark never gains an event in the middle.
 * An append writes revision n+1 only when it sees revision n committed, and a transaction id is
 * assigned at the first write: so a later revision of a stream always has a larger transaction id
 * than an earlier one, and the feed keeps each stream in revision order.
 */
export class SqlEventStore implements EventStore {
  private readonly groupCommit: GroupCommit;
  private readonly events: EventColumns;
  /** PGlite: the last appends, served to feed readers without reading them back (see RecentAppends). */
  private readonly recent: RecentAppends | null;
  /**
   * A server answers from its own process, so the next page is read while this one is used, and a
   * small page keeps few events alive at once: less garbage collection (the young generation's
   * survivors are the pages held). PGlite runs on this thread and pays each statement's overhead
   * again, so smaller pages are slower there and its pages are large.
   */
  readonly streamPageSize: number;

  private constructor(
    private readonly sql: SqlClient,
    private readonly checkpoints: SqlCheckpoints,
  ) {
    // PGlite is one connection; on a server two groups may be written at once.
    this.groupCommit = new GroupCommit((group) => this.writeGroup(group), sql.kind === 'postgres' ? 2 : 1);
    this.events = sql.kind === 'pglite' ? AS_ONE_TEXT : AS_COLUMNS;
    // On a server other connections commit between a statement's read and its write: only one
    // connection can tell that nothing came between.
    this.recent = sql.kind === 'pglite' ? new RecentAppends() : null;
    this.streamPageSize = sql.kind === 'pglite' ? 2500 : 500;
  }

  static async create(sql: SqlClient): Promise<SqlEventStore> {
    await ensureSchema(sql, 'loyalty-event-store-schema', SCHEMA, keepEventsAsJson);
    return new SqlEventStore(sql, await SqlCheckpoints.create(sql, 'es_checkpoints'));
  }

  async appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    if (expected === 'any') return this.appendAny(streamId, events);
    return this.groupCommit.submit({ streamId, events, expected });
  }

  /**
   * Writes a group of appends (at most one per stream) as one statement, so they share one commit.
   * Each append is written only if its expected revision is the stream's last, as seen by the
   * statement (revisions have no gaps, so one index probe for the stream's highest tells, cheaper than
   * two probes for the previous and the next revision); one that is not gets
   * no rows and fails alone. A race with another process's uncommitted append of the same revision
   * surfaces as a unique violation of the whole statement: then each append of the group is written
   * on its own.
   */
  private async writeGroup(group: PendingAppend[]): Promise<Array<AppendResult | Error>> {
    if (group.length === 1) return [await this.appendOne(group[0]).catch((error: Error) => error)];
    // One flat row per event: [stream, the append's first revision, revision, id, type, data, metadata].
    const rows: unknown[] = [];
    for (const a of group) {
      const first = firstRevision(a.expected);
      a.events.forEach((e, i) =>
        rows.push([
          a.streamId,
          first.toString(),
          (first + BigInt(i)).toString(),
          e.id,
          e.type,
          e.data,
          e.metadata ?? {},
        ]),
      );
    }
    let written: Written[];
    try {
      written = await this.insert(
        `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
         SELECT r->>0, (r->>2)::bigint, (r->>3)::uuid, r->>4, r->5, r->6
         FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS input(r, ord)
         WHERE COALESCE((SELECT max(p.revision) FROM es_events p WHERE p.stream_id = r->>0), -1) = (r->>1)::bigint - 1
         ORDER BY input.ord`,
        [JSON.stringify(rows)],
      );
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      return Promise.all(group.map((a) => this.appendOne(a).catch((e: Error) => e)));
    }
    const byStream = new Map<string, Written[]>();
    for (const row of written) byStream.set(row.streamId, [...(byStream.get(row.streamId) ?? []), row]);
    return Promise.all(
      group.map(async (a) => {
        const mine = byStream.get(a.streamId);
        if (mine && mine.length === a.events.length) return toAppendResult(mine);
        return new WrongExpectedRevisionError(a.streamId, a.expected, await this.lastRevision(a.streamId));
      }),
    );
  }

  private async appendOne({ streamId, events, expected }: PendingAppend): Promise<AppendResult> {
    const payload = JSON.stringify(
      events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {} })),
    );
    const first = firstRevision(expected);
    let written: Written[];
    try {
      // One statement, so one round trip. It writes only if the expected revision is the stream's
      // last: the previous revision must exist (checked here) and the next must not (the unique
      // constraint, which also makes a concurrent writer of the same revision wait and then fail).
      written = await this.insert(
        `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
         SELECT $1, $2::bigint + e.ord - 1, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
         FROM jsonb_array_elements($3::text::jsonb) WITH ORDINALITY AS e(value, ord)
         WHERE $2::bigint = 0 OR EXISTS (SELECT 1 FROM es_events WHERE stream_id = $1 AND revision = $2::bigint - 1)
         ORDER BY e.ord`,
        [streamId, first.toString(), payload],
      );
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === UNIQUE_VIOLATION && constraint === 'es_events_stream_revision') {
        throw new WrongExpectedRevisionError(streamId, expected, await this.lastRevision(streamId));
      }
      throw error;
    }
    if (written.length === 0)
      throw new WrongExpectedRevisionError(streamId, expected, await this.lastRevision(streamId));
    return toAppendResult(written);
  }

  /**
   * Runs an INSERT of events and answers what it wrote. On PGlite the statement also answers the
   * events as the feed shows them and the feed's last event before them (read in the same statement,
   * so before the insert), which go to RecentAppends.
   */
  private async insert(insert: string, params: unknown[]): Promise<Written[]> {
    if (!this.recent) {
      const rows = await this.sql.query<InsertedRow>(
        `${insert} RETURNING stream_id, revision::text, transaction_id::text AS tx, position::text`,
        params,
      );
      return rows.map((r) => ({
        streamId: r.stream_id,
        revision: BigInt(r.revision),
        position: { commit: BigInt(r.tx), prepare: BigInt(r.position) },
      }));
    }
    const rows = await this.sql.query<{ e: string; before: [string, string] | null }>(
      `WITH before AS (
         SELECT json_build_array(transaction_id::text, position::text) AS p FROM es_events
         ORDER BY es_events.transaction_id DESC, es_events.position DESC LIMIT 1
       ), written AS (${insert} RETURNING ${ONE_TEXT} AS e)
       SELECT e, (SELECT p FROM before) AS before FROM written`,
      params,
    );
    if (rows.length === 0) return [];
    const events = rows.map(AS_ONE_TEXT.toRecorded).sort((a, b) => comparePositions(a.position, b.position));
    const before = rows[0].before;
    this.recent.record(before ? { commit: BigInt(before[0]), prepare: BigInt(before[1]) } : null, events);
    return events;
  }

  /** Append whatever the stream's revision is (a writer that does not care about concurrency). */
  private async appendAny(streamId: string, events: NewEvent[]): Promise<AppendResult> {
    for (;;) {
      const last = await this.lastRevision(streamId);
      try {
        return await this.appendToStream(streamId, events, last);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  private async lastRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const [row] = await this.sql.query<{ rev: string | null }>(
      'SELECT max(revision)::text AS rev FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    return row.rev === null ? 'no_stream' : BigInt(row.rev);
  }

  async readStream(streamId: string, fromRevision = 0n, maxCount?: number): Promise<RecordedEvent[]> {
    if (maxCount === undefined) {
      const rows = await this.sql.query(
        `${this.events.select} WHERE stream_id = $1 AND revision >= $2::bigint ORDER BY es_events.revision`,
        [streamId, fromRevision.toString()],
      );
      return rows.map(this.events.toRecorded);
    }
    // Revisions have no gaps, so a page is a range of them. With `LIMIT` alone and no statistics
    // for the stream (PGlite never gathers any, a server not yet for a new stream) the planner took
    // every later event by bitmap and sorted them, slower than walking the index on both stores. The
    // range is written as a range of the index's key: with `stream_id = $1 AND revision ...` and
    // statistics, the planner again chose a bitmap and a sort of each page, slower than the walk.
    const count = Math.max(0, Math.floor(maxCount));
    const range = [streamId, fromRevision.toString(), (fromRevision + BigInt(count)).toString()];
    if (this.sql.kind === 'pglite') return this.streamPageAsText(streamId, range);
    const rows = await this.sql.query<EventRow>(
      `${STREAM_PAGE_COLUMNS} WHERE ${STREAM_RANGE} ORDER BY es_events.stream_id, es_events.revision LIMIT ${count}`,
      range,
    );
    return rows.map((r) => {
      const recordedMs = epochMillis(r.recorded_ms);
      return recordedEvent(r.event_id, streamId, r.revision, r.tx, r.pos, r.type, recordedMs, r.metadata, r.data);
    });
  }

  /**
   * PGlite: a page of one stream as a few texts, each parsed with one JSON.parse. PGlite decodes each
   * row of an answer in JavaScript, which for a page of events costs more than parsing them (the
   * stream's id, known, is not repeated in each). Pages only: PGlite's memory, which holds the text, never shrinks.
   */
  private async streamPageAsText(streamId: string, range: string[]): Promise<RecordedEvent[]> {
    const rows = await this.sql.query<{ page: string }>(STREAM_PAGE_AS_TEXT, range);
    const events: RecordedEvent[] = [];
    for (const row of rows) {
      for (const event of JSON.parse(row.page) as StreamEventArray[]) events.push(fromArray(event, streamId));
    }
    return events;
  }

  async readStreams({ prefix, after, limit }: ReadStreamsOptions): Promise<RecordedEvent[]> {
    // A range walk of the (stream_id, revision) index from the cursor, and nothing else in the WHERE:
    // any other predicate (starts_with, LIKE) has no statistics PGlite ever gathers, and the planner
    // then sorts the whole table for every page. A prefix's streams are contiguous in the index
    // order, so the page ends at the first stream outside it.
    const rows = await this.sql.query(
      `${this.events.select} WHERE (stream_id, revision) > ($1, $2::bigint)
       ORDER BY es_events.stream_id, es_events.revision LIMIT $3`,
      [after?.streamId ?? prefix, (after?.revision ?? -1n).toString(), limit],
    );
    const events = rows.map(this.events.toRecorded);
    const outside = events.findIndex((e) => !e.streamId.startsWith(prefix));
    return outside < 0 ? events : events.slice(0, outside);
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const recent = this.recent?.after(after, limit);
    if (recent) return recent;
    const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
    const rows = after
      ? await this.sql.query(
          `${this.events.select} WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint) AND ${visible}
           ORDER BY es_events.transaction_id, es_events.position LIMIT $3`,
          [after.commit.toString(), after.prepare.toString(), limit],
        )
      : await this.sql.query(
          `${this.events.select} WHERE ${visible} ORDER BY es_events.transaction_id, es_events.position LIMIT $1`,
          [limit],
        );
    return rows.map(this.events.toRecorded);
  }

  /**
   * The page is scanned on slim rows (position and type); only the events of the asked types are
   * then read whole, by primary key. A process manager that wants a few types of a busy feed reads
   * a few hundred bytes per event it passes over, and decodes none of them.
   */
  async readAllOfTypes(options: ReadAllOfTypesOptions): Promise<TypedFeedPage> {
    const recent = this.recent?.after(options.after, options.limit);
    if (recent) return typedPageOf({ readAll: async () => recent }, options);
    const { after, limit, types } = options;
    const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
    const from = after ? `(transaction_id, position) > ($2::text::xid8, $3::bigint) AND` : '';
    const rows = await this.sql.query<{ tx: string; pos: string; type: string }>(
      `SELECT transaction_id::text AS tx, position::text AS pos, type FROM es_events WHERE ${from} ${visible}
       ORDER BY transaction_id, position LIMIT $1`,
      after ? [limit, after.commit.toString(), after.prepare.toString()] : [limit],
    );
    const last = rows[rows.length - 1];
    const page = {
      scanned: rows.length,
      scannedUpTo: last ? { commit: BigInt(last.tx), prepare: BigInt(last.pos) } : null,
    };
    const wanted = rows.filter((r) => types.has(r.type)).map((r) => r.pos);
    if (wanted.length === 0) return { ...page, events: [] };
    const whole = await this.sql.query(
      `${this.events.select} WHERE position IN (SELECT jsonb_array_elements_text($1::text::jsonb)::bigint)
       ORDER BY es_events.transaction_id, es_events.position`,
      [JSON.stringify(wanted)],
    );
    return { ...page, events: whole.map(this.events.toRecorded) };
  }

  async rewriteEvents(rewrites: EventRewrite[]): Promise<void> {
    if (rewrites.length === 0) return;
    await this.sql.query(
      `UPDATE es_events SET data = r.value->'data', metadata = r.value->'metadata'
       FROM jsonb_array_elements($1::jsonb) AS r(value) WHERE es_events.event_id = (r.value->>'id')::uuid`,
      [JSON.stringify(rewrites)],
    );
    this.recent?.forget();
  }

  async countEvents(): Promise<number> {
    const [row] = await this.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events');
    return Number(row.n);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const [row] = await this.sql.query<{ tx: string; pos: string }>(
      `SELECT transaction_id::text AS tx, position::text AS pos FROM es_events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY es_events.transaction_id DESC, es_events.position DESC LIMIT 1`,
    );
    return row ? { commit: BigInt(row.tx), prepare: BigInt(row.pos) } : null;
  }

  readCheckpoint(subscription: string): Promise<GlobalPosition | null> {
    return this.checkpoints.read(subscription);
  }

  storeCheckpoint(subscription: string, position: GlobalPosition | null): Promise<void> {
    return this.checkpoints.store(subscription, position);
  }

  storeCheckpoints(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void> {
    return this.checkpoints.storeMany(checkpoints);
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async close(): Promise<void> {
    // The SQL client is shared with the read store; its owner closes it.
  }
}

/** An event an append wrote: its stream, revision and place in the feed. */
interface Written {
  streamId: string;
  revision: bigint;
  position: GlobalPosition;
}

interface InsertedRow {
  stream_id: string;
  revision: string;
  tx: string;
  position: string;
}

function firstRevision(expected: bigint | 'no_stream'): bigint {
  return expected === 'no_stream' ? 0n : expected + 1n;
}

function toAppendResult(written: Written[]): AppendResult {
  const last = written.reduce((a, b) => (comparePositions(a.position, b.position) > 0 ? a : b));
  return { nextExpectedRevision: last.revision, position: last.position };
}

function recordedEvent(
  id: string,
  streamId: string,
  revision: string,
  tx: string,
  pos: string,
  type: string,
  recordedMs: number,
  metadata: Record<string, unknown> | null,
  data: Record<string, unknown>,
): RecordedEvent {
  return {
    id,
    streamId,
    revision: BigInt(revision),
    position: { commit: BigInt(tx), prepare: BigInt(pos) },
    type,
    data,
    metadata: metadata ?? {},
    recordedAt: new Date(recordedMs),
  };
}
