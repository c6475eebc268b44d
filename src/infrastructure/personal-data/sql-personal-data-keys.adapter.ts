import { randomBytes } from 'node:crypto';
import { SqlClient, SqlQueryable } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';
import {
  DataKey,
  DestroyedKey,
  KeySubject,
  PersonalDataKeys,
  RewrapBatch,
  ServiceKeyRotation,
} from './personal-data-keys.port';
import { ServiceKey, ServiceKeyring } from './service-keyring';
import {
  hasKeyIdColumn,
  recordedKeyIds,
  refuseMissingRecordedKeys,
  unlabelledRows,
  unopenedRefusal,
} from './service-key-check';

/**
 * `key_id`: the id of the service key the row's data key is wrapped under (null: stored before key
 * ids were recorded, labelled at the next start). `personal_data_service_keys`: every service key the
 * store was started with as its current key; the latest is the one the store expects.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS personal_data_keys (
  shop_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  wrapped_key TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  destroyed_at TIMESTAMPTZ,
  key_id TEXT,
  PRIMARY KEY (shop_id, customer_id)
);
CREATE TABLE IF NOT EXISTS personal_data_service_keys (
  key_id TEXT PRIMARY KEY,
  became_current_at TIMESTAMPTZ NOT NULL
)`;

/** How a request that met a data key under a service key this process lacks is answered (503). */
const MISSING_KEY =
  "Customers' personal data (a service key is missing from this process: PERSONAL_DATA_KEY / PERSONAL_DATA_KEYS_RETIRED)";

type KeyRow = { shop_id: string; customer_id: string; wrapped_key: string; key_id: string | null };

/**
 * The data keys in the SQL database every storage combination has (beside the outbox and the
 * checkpoints), so MongoDB and EventStoreDB deployments use it too. Each data key is stored wrapped
 * (AES-256-GCM) by a service key, with that key's id; destroying one clears the wrapped key and keeps
 * a tombstone. New data keys are wrapped under the current service key; a row is unwrapped with the
 * key its id names (current or retired).
 */
export class SqlPersonalDataKeys implements PersonalDataKeys, ServiceKeyRotation {
  private problem: string | null = null;

  private constructor(
    private readonly sql: SqlClient,
    private readonly keyring: ServiceKeyring,
  ) {}

  /**
   * Creates or brings up to date the tables, under the schema lock: refuses keys that do not serve
   * the store (again, now that no other process can start at the same moment), labels data keys
   * stored before key ids with the key that opens them, and records the current key.
   */
  static async create(sql: SqlClient, keyring: ServiceKeyring): Promise<SqlPersonalDataKeys> {
    await ensureSchema(sql, 'personal_data_keys', SCHEMA, async (tx) => {
      await refuseMissingRecordedKeys(tx, keyring);
      // Stores made before key ids: the column, then every row labelled by trial.
      await tx.query('ALTER TABLE personal_data_keys ADD COLUMN IF NOT EXISTS key_id TEXT');
      await tx.query('CREATE INDEX IF NOT EXISTS personal_data_keys_key_id ON personal_data_keys (key_id)');
      await labelStoredKeys(tx, keyring);
      await recordCurrentKey(tx, keyring);
    });
    return new SqlPersonalDataKeys(sql, keyring);
  }

  get currentKeyId(): string {
    return this.keyring.current.id;
  }

  get retiredKeyIds(): readonly string[] {
    return this.keyring.retired.map((k) => k.id);
  }

  keyProblem(): string | null {
    return this.problem;
  }

  async keyFor(subject: KeySubject, { create }: { create: boolean }): Promise<DataKey | null> {
    const found = await this.read(subject);
    if (found !== null || !create) return found;
    const { keyId, wrapped } = this.keyring.wrap(randomBytes(32));
    await this.sql.query(
      `INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key, key_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (shop_id, customer_id) DO NOTHING`,
      [subject.shopId, subject.customerId, wrapped, keyId],
    );
    // A concurrent writer may have made it first: theirs is the key.
    return this.read(subject);
  }

  async destroy(subject: KeySubject, at: Date): Promise<boolean> {
    const rows = await this.sql.query<{ shop_id: string }>(
      `INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key, destroyed_at) VALUES ($1, $2, NULL, $3)
       ON CONFLICT (shop_id, customer_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = $3
         WHERE personal_data_keys.destroyed_at IS NULL
       RETURNING shop_id`,
      [subject.shopId, subject.customerId, at.toISOString()],
    );
    return rows.length > 0;
  }

  async destroyShop(shopId: string, at: Date): Promise<KeySubject[]> {
    const rows = await this.sql.query<{ customer_id: string }>(
      `UPDATE personal_data_keys SET wrapped_key = NULL, destroyed_at = $2
       WHERE shop_id = $1 AND destroyed_at IS NULL RETURNING customer_id`,
      [shopId, at.toISOString()],
    );
    return rows.map((r) => ({ shopId, customerId: r.customer_id }));
  }

  async listDestroyed(shopId: string): Promise<DestroyedKey[]> {
    const rows = await this.sql.query<{ customer_id: string; destroyed_at: Date | string }>(
      `SELECT customer_id, destroyed_at FROM personal_data_keys
       WHERE shop_id = $1 AND destroyed_at IS NOT NULL ORDER BY destroyed_at, customer_id`,
      [shopId],
    );
    return rows.map((r) => ({
      shopId,
      customerId: r.customer_id,
      destroyedAt: new Date(r.destroyed_at).toISOString(),
    }));
  }

  async rewrapBatch(after: KeySubject | null, limit: number): Promise<RewrapBatch> {
    return this.sql.transaction(async (tx) => {
      const rows = await tx.query<KeyRow>(
        `SELECT shop_id, customer_id, wrapped_key, key_id FROM personal_data_keys
         WHERE wrapped_key IS NOT NULL AND key_id IS DISTINCT FROM $1
           AND ($2::text IS NULL OR (shop_id, customer_id) > ($2::text, $3::text))
         ORDER BY shop_id, customer_id LIMIT ${Math.max(1, Math.floor(limit))}`,
        [this.keyring.current.id, after?.shopId ?? null, after?.customerId ?? null],
      );
      const batch: RewrapBatch = { seen: rows.length, rewrapped: 0, changed: 0, unopened: 0, last: null };
      for (const row of rows) {
        const outcome = await this.rewrapRow(tx, row);
        batch[outcome]++;
      }
      const last = rows[rows.length - 1];
      batch.last = last ? { shopId: last.shop_id, customerId: last.customer_id } : null;
      return batch;
    });
  }

  async wrappedElsewhere(): Promise<Array<{ keyId: string | null; count: number }>> {
    const rows = await this.sql.query<{ key_id: string | null; count: number | string }>(
      `SELECT key_id, count(*) AS count FROM personal_data_keys
       WHERE wrapped_key IS NOT NULL AND key_id IS DISTINCT FROM $1 GROUP BY key_id ORDER BY key_id`,
      [this.keyring.current.id],
    );
    return rows.map((r) => ({ keyId: r.key_id, count: Number(r.count) }));
  }

  /** One row under the current key, compare-and-set on what was read (its key id and wrapped key). */
  private async rewrapRow(tx: SqlQueryable, row: KeyRow): Promise<'rewrapped' | 'changed' | 'unopened'> {
    const dataKey = this.tryUnwrap(row);
    if (!dataKey) return 'unopened';
    const { keyId, wrapped } = this.keyring.wrap(dataKey);
    const updated = await tx.query(
      `UPDATE personal_data_keys SET wrapped_key = $1, key_id = $2
       WHERE shop_id = $3 AND customer_id = $4 AND destroyed_at IS NULL
         AND wrapped_key = $5 AND key_id IS NOT DISTINCT FROM $6
       RETURNING shop_id`,
      [wrapped, keyId, row.shop_id, row.customer_id, row.wrapped_key, row.key_id],
    );
    return updated.length > 0 ? 'rewrapped' : 'changed';
  }

  private async read(subject: KeySubject): Promise<DataKey | null> {
    const [row] = await this.sql.query<KeyRow & { destroyed_at: Date | null }>(
      `SELECT shop_id, customer_id, wrapped_key, key_id, destroyed_at FROM personal_data_keys
       WHERE shop_id = $1 AND customer_id = $2`,
      [subject.shopId, subject.customerId],
    );
    if (!row) return null;
    if (row.destroyed_at !== null || row.wrapped_key === null) return 'destroyed';
    const dataKey = this.tryUnwrap(row);
    // Not a fault of the request: this process lacks a service key (/ready says which). 503, retry later.
    if (!dataKey) throw new StoreUnavailableError(MISSING_KEY, this.problem);
    return dataKey;
  }

  /** The row's data key, or null (the problem kept for /ready) when no key given opens it. */
  private tryUnwrap(row: KeyRow): Buffer | null {
    const key: ServiceKey | null | undefined =
      row.key_id === null ? this.keyring.opener(row.wrapped_key) : this.keyring.byId(row.key_id);
    if (key) {
      try {
        return ServiceKeyring.unwrap(key.key, row.wrapped_key);
      } catch {
        // Falls through: the key its id names does not open it.
      }
    }
    this.problem =
      `a data key is wrapped under the service key with id ${row.key_id ?? '(unrecorded)'}, which ` +
      `PERSONAL_DATA_KEY / PERSONAL_DATA_KEYS_RETIRED do not provide (keys given: ${this.keyring.describe()})`;
    return null;
  }
}

/** Labels every data key stored before key ids with the id of the key that opens it; refuses when one opens with none. */
async function labelStoredKeys(tx: SqlQueryable, keyring: ServiceKeyring): Promise<void> {
  let unopened = 0;
  for await (const rows of unlabelledRows(tx, await hasKeyIdColumn(tx))) {
    for (const row of rows) {
      const opener = keyring.opener(row.wrapped_key);
      if (!opener) unopened++;
      else {
        await tx.query('UPDATE personal_data_keys SET key_id = $1 WHERE shop_id = $2 AND customer_id = $3', [
          opener.id,
          row.shop_id,
          row.customer_id,
        ]);
      }
    }
  }
  if (unopened > 0) throw unopenedRefusal(keyring, unopened);
}

/** The store's current key becomes the one given, when it is not already. */
async function recordCurrentKey(tx: SqlQueryable, keyring: ServiceKeyring): Promise<void> {
  const [latest] = await recordedKeyIds(tx);
  if (latest === keyring.current.id) return;
  await tx.query(
    `INSERT INTO personal_data_service_keys (key_id, became_current_at) VALUES ($1, clock_timestamp())
     ON CONFLICT (key_id) DO UPDATE SET became_current_at = EXCLUDED.became_current_at`,
    [keyring.current.id],
  );
}
