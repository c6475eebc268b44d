import { randomUUID } from 'node:crypto';
import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { SqlEventStore } from '../../src/infrastructure/event-store/sql-event-store.adapter';
import {
  GlobalPosition,
  NewEvent,
  WrongExpectedRevisionError,
} from '../../src/infrastructure/event-store/event-store.port';

const event = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data: { ...data, at: new Date().toISOString() },
  metadata: { source: 'recent-appends' },
});

/**
 * On PGlite the store serves the feed's readers its own recent appends without reading them back
 * (RecentAppends). What they get must be what the store holds: compared with a second store on the
 * same database, which has appended nothing and so reads everything from the tables.
 */
describe('PGlite: the feed after this store’s appends', () => {
  let sql: PgliteSqlClient;
  let writer: SqlEventStore;
  let reader: SqlEventStore;

  beforeEach(async () => {
    sql = await PgliteSqlClient.open();
    writer = await SqlEventStore.create(sql);
    reader = await SqlEventStore.create(sql);
  });
  afterEach(() => sql.close());

  const feed = async (store: SqlEventStore, after: GlobalPosition | null, limit = 1000) =>
    store.readAll({ after, limit });

  it('is event for event what the store holds: ids, streams, revisions, positions, data, metadata, times', async () => {
    const a = `customer-${randomUUID()}`;
    const b = `customer-${randomUUID()}`;
    // Appends issued together go in one group commit; the others one by one.
    await Promise.all([
      writer.appendToStream(a, [event('a1', { n: 1 }), event('a2', { n: 2, nested: { list: [1, 'x'] } })], 'no_stream'),
      writer.appendToStream(b, [event('b1', { note: null })], 'no_stream'),
    ]);
    await writer.appendToStream(a, [event('a3', { unicode: 'ä€😀' })], 1n);
    const served = await feed(writer, null);
    const stored = await feed(reader, null);
    expect(served.map((e) => e.type)).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(served).toEqual(stored);
    // Pages and positions inside the run answer the same as the tables.
    expect(await feed(writer, served[1].position, 2)).toEqual(await feed(reader, served[1].position, 2));
  });

  it('skips nothing written some other way between two appends', async () => {
    const stream = `customer-${randomUUID()}`;
    await writer.appendToStream(stream, [event('first')], 'no_stream');
    await sql.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data) VALUES ('other', 0, $1, 'direct', '{}')`,
      [randomUUID()],
    );
    await writer.appendToStream(stream, [event('second')], 0n);
    expect((await feed(writer, null)).map((e) => e.type)).toEqual(['first', 'direct', 'second']);
    const [first] = await feed(writer, null, 1);
    expect((await feed(writer, first.position)).map((e) => e.type)).toEqual(['direct', 'second']);
    // Past the last append the tables are read: an event written after it is found.
    const last = (await feed(writer, null)).pop()!;
    await sql.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data) VALUES ('other', 1, $1, 'later', '{}')`,
      [randomUUID()],
    );
    expect((await feed(writer, last.position)).map((e) => e.type)).toEqual(['later']);
  });

  it('a refused append adds nothing to what readers get', async () => {
    const stream = `customer-${randomUUID()}`;
    await writer.appendToStream(stream, [event('one')], 'no_stream');
    await expect(writer.appendToStream(stream, [event('stale')], 'no_stream')).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    // A group in which one append is refused and the other written.
    const other = `customer-${randomUUID()}`;
    const outcomes = await Promise.allSettled([
      writer.appendToStream(stream, [event('stale again')], 5n),
      writer.appendToStream(other, [event('two')], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    const served = await feed(writer, null);
    expect(served.map((e) => e.type)).toEqual(['one', 'two']);
    expect(served).toEqual(await feed(reader, null));
  });
});
