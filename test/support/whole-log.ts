import { EventStore, RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import { SqlEventStore } from '../../src/infrastructure/event-store/sql-event-store.adapter';
import { Storage } from '../../src/infrastructure/storage';

/**
 * Every event appended so far, in log order, read through `reader` (the storage's own event store
 * unless given, e.g. the app's store that opens personal fields).
 *
 * The SQL feed shows an event only once every transaction that began before it has ended, and
 * PostgreSQL counts transactions across the whole server: while other tests write to their own
 * databases, an event just appended may not show yet. So on SQL stores this waits until nothing in
 * the log is newer than the oldest open transaction (10 s at most) before reading.
 */
export async function wholeLog(
  storage: Pick<Storage, 'eventStore' | 'sql'>,
  reader: EventStore = storage.eventStore,
): Promise<RecordedEvent[]> {
  if (storage.eventStore instanceof SqlEventStore) await untilFeedShowsEverything(storage);
  return reader.readAll({ after: null, limit: 1_000_000 });
}

async function untilFeedShowsEverything(storage: Pick<Storage, 'sql'>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [{ hidden }] = await storage.sql.query<{ hidden: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM es_events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) AS hidden`,
    );
    if (!hidden) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
