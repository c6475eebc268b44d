import { QueryBus } from '@nestjs/cqrs';
import {
  ReplayCustomerQuery,
  ReplayedEvent,
  ReplayPage,
  ReplayResult,
  ReplaySummary,
} from '../../src/audit/queries/replay-customer.query';
import { EVENT_STORE, EventStore } from '../../src/infrastructure/event-store/event-store.port';
import { createTestApp, TestApp } from '../support/test-app';

const SHOP = '00000000-0000-5000-8000-0000000000aa';
const EVENTS = 6_000;
const START = Date.parse('2026-01-01T00:00:00Z');

/**
 * A stream longer than the pages the replay reads it in (500 or 2,500 events, as the store reads
 * best): the figures after each event, paging forwards and backwards, and as-of cuts, across page
 * boundaries. The events are written straight into the log (an enrolment, then awards of one point a
 * minute apart).
 */
describe('audit replay of a long stream, read a page at a time', () => {
  let t: TestApp;
  /** The replay read to its end: its events, and its summary. */
  const replay = async (page: Partial<ReplayPage>): Promise<ReplaySummary & { items: ReplayedEvent[] }> => {
    const result: ReplayResult = await t.app
      .get(QueryBus)
      .execute(new ReplayCustomerQuery(SHOP, 'long', { limit: 100, asOf: null, ...page }));
    const items: ReplayedEvent[] = [];
    for (let next = await result.events.next(); ; next = await result.events.next()) {
      if (next.done) return { ...next.value, items };
      items.push(...next.value);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.store.storage.sql.query(
      `INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
       SELECT $1, r, gen_random_uuid(),
         CASE WHEN r = 0 THEN 'customer.enrolled.v1' ELSE 'points.awarded.v1' END,
         CASE WHEN r = 0 THEN jsonb_build_object('type', 'customer.enrolled.v1', 'eventId', gen_random_uuid(),
             'occurredAt', '2026-01-01T00:00:00.000Z', 'shopId', $2::text, 'customerId', 'long',
             'platformCustomerId', 9000000, 'email', null, 'firstName', null, 'lastName', null,
             'acceptsMarketing', false, 'platformCreatedAt', null, 'tierId', null, 'tierName', null, 'source', 'test')
         ELSE jsonb_build_object('type', 'points.awarded.v1', 'eventId', gen_random_uuid(),
             'occurredAt', to_char(timestamp '2026-01-01' + r * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'shopId', $2::text, 'customerId', 'long', 'transactionId', gen_random_uuid(), 'platformCustomerId', 9000000,
             'email', null, 'oldPoint', r - 1, 'newPoint', r, 'points', 1, 'source', 'rest_api',
             'event', 'earn_point_rest_api', 'adminNote', null, 'userNote', null, 'reason', null,
             'idempotencyKey', null, 'requestHash', null)
         END, '{}'::jsonb
       FROM generate_series(0, $3::int - 1) AS r ORDER BY r`,
      [`customer-${SHOP}_long`, SHOP, EVENTS],
    );
  });
  afterAll(() => t?.close());

  it('replays every event in one page, each with the balance after it', async () => {
    const all = await replay({ limit: EVENTS, hasCount: true });
    expect(all.items.map((e) => e.revision)).toEqual([...Array(EVENTS).keys()]);
    expect(all.items.map((e) => e.after.balance)).toEqual([...Array(EVENTS).keys()]);
    expect(all.pagination).toEqual({ hasNext: false, hasPre: false, total: EVENTS });
    expect(all.platformCustomerId).toBe(9000000);
  });

  it('pages forwards across a page boundary, and ends with the last event', async () => {
    const across = await replay({ after: 2497, limit: 4 });
    expect(across.items.map((e) => [e.revision, e.after.balance])).toEqual([
      [2498, 2498],
      [2499, 2499],
      [2500, 2500],
      [2501, 2501],
    ]);
    expect(across.pagination).toEqual({ hasNext: true, hasPre: true });
    const exactly = await replay({ limit: 2500 });
    expect(exactly.items).toHaveLength(2500);
    expect(exactly.pagination.hasNext).toBe(true);
    const last = await replay({ after: EVENTS - 2, limit: 10 });
    expect(last.items.map((e) => e.revision)).toEqual([EVENTS - 1]);
    expect(last.pagination.hasNext).toBe(false);
  });

  it('pages backwards from the middle of the second page', async () => {
    const back = await replay({ before: 5001, limit: 3 });
    expect(back.items.map((e) => [e.revision, e.after.balance])).toEqual([
      [4998, 4998],
      [4999, 4999],
      [5000, 5000],
    ]);
  });

  it('pages backwards over more than a page of the stream, and from past the end', async () => {
    const wide = await replay({ before: 5001, limit: 3000 });
    expect(wide.items.map((e) => e.revision)).toEqual([...Array(3000).keys()].map((i) => 2001 + i));
    expect(wide.items[2999].after.balance).toBe(5000);
    expect(wide.pagination).toEqual({ hasNext: true, hasPre: true });
    const pastTheEnd = await replay({ before: EVENTS + 50, limit: 2 });
    expect(pastTheEnd.items.map((e) => e.revision)).toEqual([EVENTS - 2, EVENTS - 1]);
    expect(pastTheEnd.pagination).toEqual({ hasNext: false, hasPre: true });
    const fromTheStart = await replay({ before: 2, limit: 100 });
    expect(fromTheStart.items.map((e) => e.revision)).toEqual([0, 1]);
    expect(fromTheStart.pagination.hasPre).toBe(false);
  });

  it('hands the events on a page of the stream at a time, as the fold reaches them', async () => {
    const result: ReplayResult = await t.app
      .get(QueryBus)
      .execute(new ReplayCustomerQuery(SHOP, 'long', { limit: EVENTS, asOf: null }));
    // The store's page: 500 events on PostgreSQL, 2,500 on PGlite.
    const size = t.app.get<EventStore>(EVENT_STORE).streamPageSize!;
    expect([500, 2500]).toContain(size);
    const first = await result.events.next();
    // The first batch is out before the rest of the stream is folded.
    expect(first.done).toBe(false);
    expect((first.value as ReplayedEvent[]).map((e) => e.revision)).toEqual([...Array(size).keys()]);
    const sizes: number[] = [];
    for await (const batch of result.events) sizes.push(batch.length);
    const rest = EVENTS - size;
    expect(sizes).toEqual(Array.from({ length: Math.ceil(rest / size) }, (_, i) => Math.min(size, rest - i * size)));
  });

  it('is a 404 before anything is handed on, for a customer who does not exist', async () => {
    await expect(
      t.app.get(QueryBus).execute(new ReplayCustomerQuery(SHOP, 'nobody', { limit: 10, asOf: null })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('stops as of an instant inside a later page', async () => {
    const asOf = new Date(START + 4_321 * 60_000);
    const cut = await replay({ limit: EVENTS, asOf, hasCount: true });
    expect(cut.items).toHaveLength(4_322);
    expect(cut.items[4_321].after.balance).toBe(4_321);
    expect(cut.pagination).toEqual({ hasNext: false, hasPre: false, total: 4_322 });
  });
});
