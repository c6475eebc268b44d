import { SqlQueryable } from '../sql/sql-client';
import { ServiceKeyring, ServiceKeyRefused } from './service-keyring';

/** Rows read at a time where data keys stored before key ids existed are tried (and labelled). */
export const UNLABELLED_BATCH = 1000;

const WHAT_TO_DO =
  'Start with the right PERSONAL_DATA_KEY; while rotating, give the previous key in PERSONAL_DATA_KEYS_RETIRED ' +
  '(see "Rotating the service key" in docs/privacy.md). Nothing was read or written.';

/**
 * Refuses service keys that do not serve the store, before anything else is read or written (no
 * table is created, nothing is migrated): read-only, and a fresh store accepts any key. The store's
 * current key (the last one it was started with) must be given, as PERSONAL_DATA_KEY or retired;
 * so must every earlier key some data key is still wrapped under; and data keys stored before key ids
 * were recorded must each open with one of the keys given.
 */
export async function refuseUnknownServiceKeys(sql: SqlQueryable, keyring: ServiceKeyring): Promise<void> {
  const [tables] = await sql.query<{ keys: string | null; registry: string | null }>(
    `SELECT to_regclass('personal_data_keys')::text AS keys, to_regclass('personal_data_service_keys')::text AS registry`,
  );
  if (!tables.keys) return;
  if (tables.registry) await refuseMissingRecordedKeys(sql, keyring);
  const labelled = await hasKeyIdColumn(sql);
  let unopened = 0;
  for await (const rows of unlabelledRows(sql, labelled)) {
    unopened += rows.filter((row) => keyring.opener(row.wrapped_key) === null).length;
  }
  if (unopened > 0) throw unopenedRefusal(keyring, unopened);
}

/** The store's recorded key ids, the current (latest) first. */
export async function recordedKeyIds(sql: SqlQueryable): Promise<string[]> {
  const rows = await sql.query<{ key_id: string }>(
    'SELECT key_id FROM personal_data_service_keys ORDER BY became_current_at DESC, key_id',
  );
  return rows.map((r) => r.key_id);
}

/** The store's current key, and every other recorded key a data key is still wrapped under, must be given. */
export async function refuseMissingRecordedKeys(sql: SqlQueryable, keyring: ServiceKeyring): Promise<void> {
  const [current, ...earlier] = await recordedKeyIds(sql);
  if (current !== undefined && !keyring.byId(current)) {
    throw new ServiceKeyRefused(
      `PERSONAL_DATA_KEY does not serve this store: the store expects the key whose id is ${current} ` +
        `(its current key); the keys given have ids ${keyring.describe()}. ${WHAT_TO_DO}`,
    );
  }
  const missing: string[] = [];
  for (const id of earlier) {
    if (!keyring.byId(id) && (await stillWraps(sql, id))) missing.push(id);
  }
  if (missing.length > 0) {
    throw new ServiceKeyRefused(
      `PERSONAL_DATA_KEY does not serve this store: data keys (or hash secrets) are still wrapped under the key(s) with id ` +
        `${missing.join(', ')}, not given (keys given: ${keyring.describe()}). Give them in ` +
        `PERSONAL_DATA_KEYS_RETIRED until \`loyalty keys rewrap\` has run. ${WHAT_TO_DO}`,
    );
  }
}

/** Whether a data key or a hash secret is still wrapped under the key with this id. */
async function stillWraps(sql: SqlQueryable, id: string): Promise<boolean> {
  const [dataKey] = await sql.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM personal_data_keys WHERE key_id = $1 AND wrapped_key IS NOT NULL) AS used',
    [id],
  );
  if (dataKey.used) return true;
  const [table] = await sql.query<{ secrets: string | null }>(
    `SELECT to_regclass('personal_data_hash_secrets')::text AS secrets`,
  );
  if (!table.secrets) return false;
  const [secret] = await sql.query<{ used: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM personal_data_hash_secrets WHERE key_id = $1) AS used',
    [id],
  );
  return secret.used;
}

export function unopenedRefusal(keyring: ServiceKeyring, unopened: number): ServiceKeyRefused {
  return new ServiceKeyRefused(
    `PERSONAL_DATA_KEY does not serve this store: ${unopened} data key(s), stored before key ids were recorded, ` +
      `open with none of the keys given (${keyring.describe()}). ${WHAT_TO_DO}`,
  );
}

export async function hasKeyIdColumn(sql: SqlQueryable): Promise<boolean> {
  const rows = await sql.query(
    `SELECT 1 FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'personal_data_keys' AND column_name = 'key_id'`,
  );
  return rows.length > 0;
}

export interface UnlabelledRow {
  shop_id: string;
  customer_id: string;
  wrapped_key: string;
}

/** Live data keys without a key id (stored before key ids were recorded), a batch at a time in key order. */
export async function* unlabelledRows(sql: SqlQueryable, labelled: boolean): AsyncGenerator<UnlabelledRow[]> {
  let after: UnlabelledRow | null = null;
  for (;;) {
    const rows: UnlabelledRow[] = await sql.query<UnlabelledRow>(
      `SELECT shop_id, customer_id, wrapped_key FROM personal_data_keys
       WHERE wrapped_key IS NOT NULL ${labelled ? 'AND key_id IS NULL' : ''}
         AND ($1::text IS NULL OR (shop_id, customer_id) > ($1::text, $2::text))
       ORDER BY shop_id, customer_id LIMIT ${UNLABELLED_BATCH}`,
      [after?.shop_id ?? null, after?.customer_id ?? null],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < UNLABELLED_BATCH) return;
    after = rows[rows.length - 1];
  }
}
