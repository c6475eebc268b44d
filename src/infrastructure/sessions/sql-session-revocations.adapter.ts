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
 * reads the same rows. A revocation is never lifted, so one seen is remembered in the process. On
 * PostgreSQL a customer not revoked is looked up on every request (one primary-key read), since
 * another process may revoke them at any moment; the embedded store has one process, this one, so
 * its answers are all remembered (a lookup there runs on the thread that serves requests).
 */
export class SqlSessionRevocations implements SessionRevocations {
  private readonly known = new BoundedCache<string, boolean>({ max: 50_000 });
  /** Whether "not revoked" may be remembered: no other process writes here. */
  private readonly onlyWriter: boolean;

  private constructor(private readonly sql: SqlClient) {
    this.onlyWriter = sql.kind === 'pglite';
  }

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
    this.known.set(subjectKey(shopId, customerId), true);
  }

  async isRevoked(shopId: string, customerId: string): Promise<boolean> {
    const key = subjectKey(shopId, customerId);
    const known = this.known.get(key);
    if (known === true || (known === false && this.onlyWriter)) return known;
    const rows = await this.sql.query(
      'SELECT 1 FROM headless_session_revocations WHERE shop_id = $1 AND customer_id = $2',
      [shopId, customerId],
    );
    const revoked = rows.length > 0;
    // A revocation stored while this read was under way is not overwritten by its older answer.
    if (revoked || (this.onlyWriter && this.known.get(key) !== true)) this.known.set(key, revoked);
    return revoked;
  }
}

const subjectKey = (shopId: string, customerId: string) => `${shopId}\u0000${customerId}`;
