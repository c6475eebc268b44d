import { createHmac, randomBytes } from 'node:crypto';
import { SqlClient, SqlQueryable } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { HASH_SECRET_PURPOSES, HashSecretPurpose, HashSecretRotation, HashSecrets } from './hash-secrets.port';
import { ServiceKeyring, ServiceKeyRefused } from './service-keyring';

/** One secret per purpose, wrapped (AES-256-GCM) by the service key whose id is `key_id`. */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS personal_data_hash_secrets (
  purpose TEXT PRIMARY KEY,
  wrapped_secret TEXT NOT NULL,
  key_id TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

type SecretRow = { purpose: string; wrapped_secret: string; key_id: string };

/**
 * The hash secrets in the SQL database of the combination, beside the data keys. Opened once at
 * start (after the data keys, so the service keys given were checked) and kept in memory: the
 * secrets never change, only the key that wraps them.
 */
export class SqlHashSecrets implements HashSecrets, HashSecretRotation {
  private constructor(
    private readonly sql: SqlClient,
    private readonly keyring: ServiceKeyring,
    private readonly secrets: ReadonlyMap<string, Buffer>,
  ) {}

  /**
   * Makes the missing secrets (under the data keys' schema lock, so concurrent starts agree) and
   * reads them all. A new store gets random secrets. A store that already has data keys may hold
   * hashes made before secrets were stored, keyed with HMAC-SHA256(PERSONAL_DATA_KEY, purpose): its
   * secret is that value, computed once with the current key and stored, so those hashes still match.
   */
  static async open(sql: SqlClient, keyring: ServiceKeyring): Promise<SqlHashSecrets> {
    const secrets = new Map<string, Buffer>();
    await ensureSchema(sql, 'personal_data_keys', SCHEMA, async (tx) => {
      const stored = new Set((await secretRows(tx)).map((r) => r.purpose));
      const missing = HASH_SECRET_PURPOSES.filter((purpose) => !stored.has(purpose));
      const earlierHashes = missing.length > 0 && (await hasDataKeys(tx));
      for (const purpose of missing) {
        const secret = earlierHashes
          ? createHmac('sha256', keyring.current.key).update(purpose).digest()
          : randomBytes(32);
        const { keyId, wrapped } = keyring.wrap(secret);
        await tx.query(
          `INSERT INTO personal_data_hash_secrets (purpose, wrapped_secret, key_id) VALUES ($1, $2, $3)
           ON CONFLICT (purpose) DO NOTHING`,
          [purpose, wrapped, keyId],
        );
      }
      for (const row of await secretRows(tx)) secrets.set(row.purpose, unwrapOrRefuse(keyring, row));
    });
    return new SqlHashSecrets(sql, keyring, secrets);
  }

  secret(purpose: HashSecretPurpose): Buffer {
    const secret = this.secrets.get(purpose);
    if (!secret) throw new Error(`No hash secret for ${purpose}`);
    return secret;
  }

  async rewrap(): Promise<{ rewrapped: number; changed: number; unopened: number }> {
    const outcome = { rewrapped: 0, changed: 0, unopened: 0 };
    for (const row of await secretRows(this.sql)) {
      if (row.key_id === this.keyring.current.id) continue;
      const key = this.keyring.byId(row.key_id);
      if (!key) {
        outcome.unopened++;
        continue;
      }
      const { keyId, wrapped } = this.keyring.wrap(ServiceKeyring.unwrap(key.key, row.wrapped_secret));
      const updated = await this.sql.query(
        `UPDATE personal_data_hash_secrets SET wrapped_secret = $1, key_id = $2
         WHERE purpose = $3 AND wrapped_secret = $4 AND key_id = $5 RETURNING purpose`,
        [wrapped, keyId, row.purpose, row.wrapped_secret, row.key_id],
      );
      outcome[updated.length > 0 ? 'rewrapped' : 'changed']++;
    }
    return outcome;
  }

  async wrappedElsewhere(): Promise<Array<{ keyId: string; count: number }>> {
    const rows = await this.sql.query<{ key_id: string; count: number | string }>(
      `SELECT key_id, count(*) AS count FROM personal_data_hash_secrets
       WHERE key_id <> $1 GROUP BY key_id ORDER BY key_id`,
      [this.keyring.current.id],
    );
    return rows.map((r) => ({ keyId: r.key_id, count: Number(r.count) }));
  }
}

function secretRows(sql: SqlQueryable): Promise<SecretRow[]> {
  return sql.query<SecretRow>(
    'SELECT purpose, wrapped_secret, key_id FROM personal_data_hash_secrets ORDER BY purpose',
  );
}

async function hasDataKeys(tx: SqlQueryable): Promise<boolean> {
  const [row] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM personal_data_keys) AS any');
  return row.any;
}

function unwrapOrRefuse(keyring: ServiceKeyring, row: SecretRow): Buffer {
  const key = keyring.byId(row.key_id);
  try {
    if (key) return ServiceKeyring.unwrap(key.key, row.wrapped_secret);
  } catch {
    // Falls through: the key its id names does not open it.
  }
  throw new ServiceKeyRefused(
    `PERSONAL_DATA_KEY does not serve this store: the hash secret ${row.purpose} is wrapped under the service key ` +
      `with id ${row.key_id}, not given (keys given: ${keyring.describe()}). Give it in PERSONAL_DATA_KEYS_RETIRED ` +
      'until `loyalty keys rewrap` has run.',
  );
}
