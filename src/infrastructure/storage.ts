import { mkdirSync } from 'node:fs';
import { AppConfig } from '../config/app-config';
import { EventStore } from './event-store/event-store.port';
import { SqlEventStore } from './event-store/sql-event-store.adapter';
import { SqlCheckpoints } from './event-store/sql-checkpoints';
import { ReadStore } from './read-store/read-store.port';
import { SqlReadStore } from './read-store/sql-read-store.adapter';
import { PgSqlClient } from './sql/pg.client';
import { PgliteSqlClient } from './sql/pglite.client';
import { SqlClient } from './sql/sql-client';
import { Leases, SingleProcessLeases } from './leases/leases.port';
import { PgAdvisoryLeases } from './leases/pg-advisory-leases.adapter';
import { WebhookOutbox } from './webhook-outbox/webhook-outbox.port';
import { SqlWebhookOutbox } from './webhook-outbox/sql-webhook-outbox.adapter';
import { PersonalDataKeys, ServiceKeyRotation } from './personal-data/personal-data-keys.port';
import { SqlPersonalDataKeys } from './personal-data/sql-personal-data-keys.adapter';
import { HashSecretRotation, HashSecrets } from './personal-data/hash-secrets.port';
import { SqlHashSecrets } from './personal-data/sql-hash-secrets.adapter';
import { ServiceKeyring } from './personal-data/service-keyring';
import { refuseUnknownServiceKeys } from './personal-data/service-key-check';
import { SessionRevocations } from './sessions/session-revocations.port';
import { ErasureCompaction, NO_ERASURE_COMPACTION } from './personal-data/erasure-compaction.port';
import { EmbeddedErasureCompaction } from './personal-data/embedded-erasure-compaction';
import { SqlSessionRevocations } from './sessions/sql-session-revocations.adapter';

/** The opened Storage, for the few that need more than one port (readiness, the CLI). */
export const STORAGE = Symbol('STORAGE');

/** A store /ready checks. */
export interface StoreProbe {
  name: string;
  ping(): Promise<void>;
}

export interface Storage {
  /** The log as stored (personal fields sealed); the app reads it through the sealing wrapper (EVENT_STORE). */
  eventStore: EventStore;
  /** Customers' data keys, in the SQL database of the combination; their service keys' rotation. */
  personalDataKeys: PersonalDataKeys & ServiceKeyRotation;
  /** The secrets hashes are keyed with (chat user refs), wrapped like the data keys. */
  hashSecrets: HashSecrets & HashSecretRotation;
  /** Customers whose headless sessions are over (erased, or taken out), in the same SQL database. */
  sessionRevocations: SessionRevocations;
  /** Takes erased data off the embedded store's files; nothing on PostgreSQL or in memory. */
  erasureCompaction: ErasureCompaction;
  readStore: ReadStore;
  webhookOutbox: WebhookOutbox;
  describe: string;
  /** Every store of the combination, each checked by /ready. */
  probes: StoreProbe[];
  /** The SQL database of the combination (webhook outbox, checkpoints). */
  sql: SqlClient;
  /** Work one process at a time: advisory locks on PostgreSQL, the only process on the embedded store. */
  leases: Leases;
  close(): Promise<void>;
}

/**
 * Opens the stores the configuration names (EVENT_STORE, READ_STORE). The only place that knows
 * which adapters exist.
 *
 * The webhook outbox and the subscriber checkpoints need a SQL database in every combination: row
 * locks and leases for the delivery workers, and the projector's deliveries committed with its
 * checkpoint in one transaction. That database is PostgreSQL when DATABASE_URL is set, else the
 * embedded PGlite in DATA_DIR (one process). The SQL event store keeps its checkpoints beside its log;
 * EventStoreDB's are kept in that SQL database (`esdb_checkpoints`), never in the log itself.
 * The EventStoreDB and MongoDB adapters are loaded only when named: their clients are a large part
 * of the time a process takes to load the service.
 */
export async function openStorage(config: AppConfig): Promise<Storage> {
  const sql = sqlOpeners(config);
  try {
    // A wrong PERSONAL_DATA_KEY is refused before anything is created, migrated or written.
    const keyring = new ServiceKeyring(config.personalDataKey, config.personalDataKeysRetired);
    await refuseUnknownServiceKeys(await sql.combination(), keyring);
    const eventStore = await openLog(config, sql);
    const readStore = await openReadModels(config, sql);
    const probes: StoreProbe[] = [
      { name: 'eventStore', ping: () => eventStore.ping() },
      { name: 'readStore', ping: () => readStore.ping() },
    ];
    const outboxSql = await sql.combination();
    const webhookOutbox = await SqlWebhookOutbox.create(outboxSql);
    const personalDataKeys = await SqlPersonalDataKeys.create(outboxSql, keyring);
    const hashSecrets = await SqlHashSecrets.open(outboxSql, keyring);
    const sessionRevocations = await SqlSessionRevocations.create(outboxSql);
    const erasureCompaction = await openErasureCompaction(config, sql);
    probes.push({ name: 'personalDataKeys', ping: async () => throwIf(personalDataKeys.keyProblem()) });
    const sqlInUse = (kind: string) => config.eventStoreKind === kind || config.readStoreKind === kind;
    if (!sqlInUse(sql.postgres ? 'postgres' : 'pglite')) {
      probes.push({ name: 'outboxStore', ping: async () => void (await outboxSql.query('SELECT 1')) });
    }
    return {
      eventStore,
      personalDataKeys,
      hashSecrets,
      sessionRevocations,
      erasureCompaction,
      readStore,
      webhookOutbox,
      describe: describe(config),
      probes,
      sql: outboxSql,
      // Several processes share a deployment only through PostgreSQL (the embedded store locks its directory).
      leases: sql.postgres ? sql.opened(new PgAdvisoryLeases(config.databaseUrl!)) : new SingleProcessLeases(),
      close: sql.closeAll,
    };
  } catch (error) {
    await sql.closeAll();
    throw error;
  }
}

/** On the embedded store's directory only; stopped (compacting what is due) before the store closes. */
async function openErasureCompaction(config: AppConfig, sql: SqlOpeners): Promise<ErasureCompaction> {
  if (!config.usesEmbeddedStore) return NO_ERASURE_COMPACTION;
  const compaction = new EmbeddedErasureCompaction(await sql.embedded(), config.erasureCompactionSeconds * 1000);
  sql.opened({ close: () => compaction.stop() });
  return compaction;
}

function throwIf(problem: string | null): void {
  if (problem !== null) throw new Error(problem);
}

/** How openStorage reaches its SQL databases, each opened once, and closes what it opened. */
interface SqlOpeners {
  /** Remembers a client, to be closed (the last opened first) by closeAll. */
  opened<T extends { close(): Promise<void> }>(client: T): T;
  closeAll(): Promise<void>;
  /** PostgreSQL's pool settings (`max` of the combination's pool; the read models' own is `readModelsMax`). */
  pool: { idleTimeoutMillis: number; max: number };
  readModelsMax: number;
  postgres: PgSqlClient | null;
  /** The embedded PGlite (DATA_DIR, or memory), opened when first asked for. */
  embedded(): Promise<SqlClient>;
  /** The SQL database of the combination: PostgreSQL when DATABASE_URL is set, else the embedded one. */
  combination(): Promise<SqlClient>;
}

function sqlOpeners(config: AppConfig): SqlOpeners {
  const closers: Array<() => Promise<void>> = [];
  const opened = <T extends { close(): Promise<void> }>(client: T): T => {
    closers.unshift(() => client.close());
    return client;
  };
  let pglite: Promise<SqlClient> | null = null;
  const embedded = () =>
    (pglite ??= (async () => {
      if (config.inMemory) return opened(await PgliteSqlClient.open());
      mkdirSync(config.dataDir, { recursive: true });
      return opened(await PgliteSqlClient.open(config.dataDir));
    })());
  const budget = connectionBudget(config);
  const pool = { idleTimeoutMillis: config.pgPoolIdleMs, max: budget.main };
  const postgres = config.databaseUrl ? opened(new PgSqlClient(config.databaseUrl, pool)) : null;
  return {
    opened,
    closeAll: async () => {
      for (const closeOne of closers) await closeOne().catch(() => undefined);
    },
    pool,
    readModelsMax: budget.readModels,
    postgres,
    embedded,
    combination: async () => postgres ?? (await embedded()),
  };
}

async function openLog(config: AppConfig, sql: SqlOpeners): Promise<EventStore> {
  if (config.eventStoreKind === 'eventstoredb')
    return sql.opened(await connectEventStoreDb(config, await sql.combination()));
  return SqlEventStore.create(config.eventStoreKind === 'postgres' ? sql.postgres! : await sql.embedded());
}

async function openReadModels(config: AppConfig, sql: SqlOpeners): Promise<ReadStore> {
  if (config.readStoreKind === 'mongodb') {
    const { MongoReadStore } = await import('./read-store/mongo-read-store.adapter');
    return sql.opened(await MongoReadStore.connect(config.mongoUrl!, logIdentity(config)));
  }
  if (config.readStoreKind === 'postgres') {
    // Read models are rebuilt from the log, so their writes need not wait for the WAL flush
    // (asynchronous commit). The log's appends stay synchronous: points are money. A checkpoint
    // is only ever durable after the read-model writes before it, because WAL is flushed in order.
    const options = { ...sql.pool, max: sql.readModelsMax, options: '-c synchronous_commit=off' };
    return new SqlReadStore(sql.opened(new PgSqlClient(config.databaseUrl!, options)));
  }
  // Opened after the client it uses, so closed before it (its maintenance stops first).
  return sql.opened(new SqlReadStore(await sql.embedded()));
}

/**
 * How one process shares PG_POOL_MAX connections to PostgreSQL: one for the leases (a session of its
 * own: advisory locks live as long as it), the rest for the pool of the log, outbox and checkpoints
 * (`main`) and, when the read models are on PostgreSQL too, their own pool (`readModels`). No code
 * holds a connection of one pool while it waits for another of the same pool, so a pool of one
 * connection is slow but cannot deadlock.
 */
export function connectionBudget(config: AppConfig): { leases: number; main: number; readModels: number } {
  const pools = config.readStoreKind === 'postgres' ? 2 : 1;
  const shared = Math.max(pools, config.pgPoolMax - 1);
  const readModels = pools === 2 ? Math.floor(shared / 2) : 0;
  return { leases: 1, main: shared - readModels, readModels };
}

/**
 * Only an event store, of the configuration's EVENT_STORE kind (`loyalty migrate events` opens its
 * target this way). EventStoreDB keeps its checkpoints in `sql`, the SQL database of the combination.
 */
export async function openEventStore(
  config: AppConfig,
  sql: SqlClient,
): Promise<{ eventStore: EventStore; close(): Promise<void> }> {
  if (config.eventStoreKind === 'eventstoredb') {
    const eventStore = await connectEventStoreDb(config, sql);
    return { eventStore, close: () => eventStore.close() };
  }
  const own =
    config.eventStoreKind === 'postgres'
      ? new PgSqlClient(config.databaseUrl!, { max: connectionBudget(config).main })
      : await PgliteSqlClient.open((mkdirSync(config.dataDir, { recursive: true }), config.dataDir));
  try {
    return { eventStore: await SqlEventStore.create(own), close: () => own.close() };
  } catch (error) {
    await own.close();
    throw error;
  }
}

/** EventStoreDB, its subscribers' checkpoints kept in `sql` (never in the log itself). */
async function connectEventStoreDb(config: AppConfig, sql: SqlClient) {
  const checkpoints = await SqlCheckpoints.create(sql, 'esdb_checkpoints');
  const { EsdbEventStore } = await import('./event-store/esdb-event-store.adapter');
  return EsdbEventStore.connect(config.esdbUrl!, { checkpoints, namespace: config.esdbStreamNamespace });
}

function describe(config: AppConfig): string {
  const where = (kind: string) =>
    kind === 'pglite' ? (config.inMemory ? 'pglite (memory)' : `pglite (${config.dataDir})`) : kind;
  const outbox = where(config.databaseUrl ? 'postgres' : 'pglite');
  return `events: ${where(config.eventStoreKind)}, read models: ${where(config.readStoreKind)}, webhook outbox: ${outbox}`;
}

/** Which log the read models are built from (positions of different logs are not comparable). */
function logIdentity(config: AppConfig): string {
  const server = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  };
  switch (config.eventStoreKind) {
    case 'eventstoredb':
      return `eventstoredb:${server(config.esdbUrl!)}/${config.esdbStreamNamespace}`;
    case 'postgres':
      return `postgres:${server(config.databaseUrl!)}`;
    default:
      return `pglite:${config.inMemory ? 'memory' : config.dataDir}`;
  }
}
