import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { DataKey, DestroyedKey, KeySubject, PersonalDataKeys } from './personal-data-keys.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS personal_data_keys (
  shop_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  wrapped_key TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  destroyed_at TIMESTAMPTZ,
  PRIMARY KEY (shop_id, customer_id)
)`;

/**
 * The data keys in the SQL database every storage combination has (beside the outbox and the
 * checkpoints), so MongoDB and EventStoreDB deployments use it too. Each data key is stored wrapped
 * (AES-256-GCM) by the service key; destroying one clears the wrapped key and keeps a tombstone.
 */
export class SqlPersonalDataKeys implements PersonalDataKeys {
  private constructor(
    private readonly sql: SqlClient,
    private readonly serviceKey: Buffer,
  ) {}

  static async create(sql: SqlClient, serviceKey: Buffer): Promise<SqlPersonalDataKeys> {
    if (serviceKey.length !== 32) throw new Error('The personal data service key must be 32 bytes');
    await ensureSchema(sql, 'personal_data_keys', SCHEMA);
    return new SqlPersonalDataKeys(sql, serviceKey);
  }

  async keyFor(subject: KeySubject, { create }: { create: boolean }): Promise<DataKey | null> {
    const found = await this.read(subject);
    if (found !== null || !create) return found;
    await this.sql.query(
      `INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key) VALUES ($1, $2, $3)
       ON CONFLICT (shop_id, customer_id) DO NOTHING`,
      [subject.shopId, subject.customerId, this.wrap(randomBytes(32))],
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

  private async read(subject: KeySubject): Promise<DataKey | null> {
    const [row] = await this.sql.query<{ wrapped_key: string | null; destroyed_at: Date | null }>(
      'SELECT wrapped_key, destroyed_at FROM personal_data_keys WHERE shop_id = $1 AND customer_id = $2',
      [subject.shopId, subject.customerId],
    );
    if (!row) return null;
    if (row.destroyed_at !== null || row.wrapped_key === null) return 'destroyed';
    return this.unwrap(row.wrapped_key);
  }

  /** `iv.tag.ciphertext`, base64 each. */
  private wrap(dataKey: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.serviceKey, iv);
    const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
  }

  private unwrap(wrapped: string): Buffer {
    const [iv, tag, sealed] = wrapped.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', this.serviceKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  }
}
