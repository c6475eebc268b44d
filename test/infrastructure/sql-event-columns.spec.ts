import { randomUUID } from 'node:crypto';
import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { PgSqlClient } from '../../src/infrastructure/sql/pg.client';
import { SqlClient } from '../../src/infrastructure/sql/sql-client';
import { SqlEventStore } from '../../src/infrastructure/event-store/sql-event-store.adapter';
import { createTestDatabase, storeKinds } from '../support/stores';
import { wholeLog } from '../support/whole-log';

/** The table as stores made before events were kept as json created it. */
const JSONB_TABLE = `CREATE TABLE es_events (
  position BIGSERIAL PRIMARY KEY,
  transaction_id XID8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id TEXT NOT NULL,
  revision BIGINT NOT NULL,
  event_id UUID NOT NULL,
  type TEXT NOT NULL,
  data JSONB NOT NULL,
  metadata JSONB NOT NULL DEFAULT '{}'::jsonb,
  recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT es_events_stream_revision UNIQUE (stream_id, revision)
)`;

const columnType = async (sql: SqlClient, column: string) =>
  (
    await sql.query<{ type: string }>(
      `SELECT atttypid::regtype::text AS type FROM pg_attribute WHERE attrelid = 'es_events'::regclass AND attname = $1`,
      [column],
    )
  )[0].type;

describe.each(storeKinds())('SQL event store: how events are kept and read (%s)', (kind) => {
  let sql: SqlClient;
  let drop: () => Promise<void> = async () => undefined;

  beforeEach(async () => {
    if (kind === 'pglite') sql = await PgliteSqlClient.open();
    else {
      const database = await createTestDatabase(process.env.DATABASE_URL!);
      sql = new PgSqlClient(database.url);
      drop = database.drop;
    }
  });
  afterEach(async () => {
    await sql.close();
    await drop();
  });

  it('converts a store whose events were kept as jsonb, keeping every event as it was', async () => {
    await sql.exec(JSONB_TABLE);
    const stream = `customer-${randomUUID()}`;
    const data = { type: 'a', n: 1, nested: { list: [1, 'x', null] }, text: 'ä€😀 "quoted"' };
    await sql.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
       VALUES ($1, 0, $2, 'a', $3::text::jsonb, $4::text::jsonb), ($1, 1, $5, 'b', '{"type":"b"}', DEFAULT)`,
      [stream, randomUUID(), JSON.stringify(data), JSON.stringify({ personal: 'v1.x' }), randomUUID()],
    );

    const store = await SqlEventStore.create(sql);
    expect(await columnType(sql, 'data')).toBe('json');
    expect(await columnType(sql, 'metadata')).toBe('json');
    await store.appendToStream(stream, [{ id: randomUUID(), type: 'c', data: { type: 'c', m: 2 } }], 1n);

    const read = await store.readStream(stream);
    expect(read.map((e) => [e.revision, e.type, e.data, e.metadata])).toEqual([
      [0n, 'a', data, { personal: 'v1.x' }],
      [1n, 'b', { type: 'b' }, {}],
      [2n, 'c', { type: 'c', m: 2 }, {}],
    ]);
    // A second start finds nothing to convert.
    await SqlEventStore.create(sql);
    expect(await columnType(sql, 'data')).toBe('json');
  });

  it('reads recordedAt as the millisecond the store recorded the event in, on every read path', async () => {
    const store = await SqlEventStore.create(sql);
    const stream = `customer-${randomUUID()}`;
    const recorded = [
      ['2026-03-01 12:00:00.999999+00', '2026-03-01T12:00:00.999Z'],
      ['2026-03-01 12:00:01+00', '2026-03-01T12:00:01.000Z'],
      ['2026-03-01 12:00:01.000999+00', '2026-03-01T12:00:01.000Z'],
      ['2026-03-01 12:00:01.001+00', '2026-03-01T12:00:01.001Z'],
      ['2099-12-31 23:59:59.999+00', '2099-12-31T23:59:59.999Z'],
      ['1999-12-31 23:59:59.000001+00', '1999-12-31T23:59:59.000Z'],
    ];
    const events = recorded.map((_, i) => ({ id: randomUUID(), type: `t${i}`, data: { type: `t${i}` } }));
    await store.appendToStream(stream, events, 'no_stream');
    for (const [i, [at]] of recorded.entries())
      await sql.query('UPDATE es_events SET recorded_at = $1::timestamptz WHERE event_id = $2', [at, events[i].id]);

    const expected = recorded.map(([, shown]) => shown);
    const fresh = await SqlEventStore.create(sql);
    expect((await fresh.readStream(stream)).map((e) => e.recordedAt.toISOString())).toEqual(expected);
    expect((await fresh.readStream(stream, 0n, 100)).map((e) => e.recordedAt.toISOString())).toEqual(expected);
    const feed = (await wholeLog({ eventStore: fresh, sql })).filter((e) => e.streamId === stream);
    expect(feed.map((e) => e.recordedAt.toISOString())).toEqual(expected);
  });
});
