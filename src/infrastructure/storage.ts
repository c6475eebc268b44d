import { mkdirSync } from 'node:fs';
import { AppConfig } from '../config/app-config';
import { EventStore } from './event-store/event-store.port';
import { SqlEventStore } from './event-store/sql-event-store.adapter';
import { ReadStore } from './read-store/read-store.port';
import { SqlReadStore } from './read-store/sql-read-store.adapter';
import { PgSqlClient } from './sql/pg.client';
import { PgliteSqlClient } from './sql/pglite.client';
import { SqlClient } from './sql/sql-client';
import { WebhookOutbox } from '../webhooks/delivery/webhook-outbox.port';
import { SqlWebhookOutbox } from '../webhooks/delivery/sql-webhook-outbox.adapter';

export interface Storage {
  eventStore: EventStore;
  readStore: ReadStore;
  webhookOutbox: WebhookOutbox;
  close(): Promise<void>;
}

/** Opens the stores the configuration names. The only place that knows which adapters exist. */
export async function openStorage(config: AppConfig): Promise<Storage> {
  let sql: SqlClient;
  if (config.databaseUrl) {
    sql = new PgSqlClient(config.databaseUrl);
    // Read models are rebuilt from the log, so their writes need not wait for the WAL flush
    // (asynchronous commit). The log's appends stay synchronous: points are money. A checkpoint
    // is only ever durable after the read-model writes before it, because WAL is flushed in order.
    const readSql = new PgSqlClient(config.databaseUrl, { options: '-c synchronous_commit=off' });
    const eventStore = await SqlEventStore.create(sql);
    const readStore = new SqlReadStore(readSql);
    const webhookOutbox = await SqlWebhookOutbox.create(sql);
    return {
      eventStore,
      readStore,
      webhookOutbox,
      close: async () => void (await Promise.all([sql.close(), readSql.close()])),
    };
  } else if (config.inMemory) {
    sql = await PgliteSqlClient.open();
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    sql = await PgliteSqlClient.open(config.dataDir);
  }
  const eventStore = await SqlEventStore.create(sql);
  const readStore = new SqlReadStore(sql);
  const webhookOutbox = await SqlWebhookOutbox.create(sql);
  return { eventStore, readStore, webhookOutbox, close: () => sql.close() };
}
