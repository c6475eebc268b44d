import { BoundedCache } from '../../shared/bounded-cache';
import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { RevocationReason, SessionRevocations } from './session-revocations.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS headless_session_revocations (
  shop_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  reason TEXT NOT NULL,
  revoked_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (shop_id, customer_id)
)`;

/**
 * The revocations in the SQL database of the combination (beside the data keys), so every process
 * reads the same rows. A revocation is never lifted, so one seen is remembered in the process; a
 * customer not revoked is looked up on every request (one primary-key read), since another process
 * may revoke them at any moment.
 */
export class SqlSessionRevocations implements SessionRevocations {
  private readonly revoked = new BoundedCache<string, true>({ max: 10_000 });

  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<SqlSessionRevocations> {
    await ensureSchema(sql, 'headless_session_revocations', SCHEMA);
    return new SqlSessionRevocations(sql);
  }

  async revoke(shopId: string, customerId: string, reason: RevocationReason, at: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO headless_session_revocations (shop_id, customer_id, reason, revoked_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (shop_id, customer_id) DO NOTHING`,
      [shopId, customerId, reason, at.toISOString()],
    );
    this.revoked.set(subjectKey(shopId, customerId), true);
  }

  async isRevoked(shopId: string, customerId: string): Promise<boolean> {
    const key = subjectKey(shopId, customerId);
    if (this.revoked.get(key)) return true;
    const rows = await this.sql.query(
      'SELECT 1 FROM headless_session_revocations WHERE shop_id = $1 AND customer_id = $2',
      [shopId, customerId],
    );
    if (rows.length === 0) return false;
    this.revoked.set(key, true);
    return true;
  }
}

const subjectKey = (shopId: string, customerId: string) => `${shopId}\u0000${customerId}`;
