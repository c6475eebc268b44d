import { GlobalPosition } from './event-store.port';
import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';

/** Subscriber checkpoints in a SQL table (the SQL event store's own, or EventStoreDB's beside it). */
export class SqlCheckpoints {
  private constructor(
    private readonly sql: SqlClient,
    private readonly table: string,
  ) {}

  static async create(sql: SqlClient, table: 'es_checkpoints' | 'esdb_checkpoints'): Promise<SqlCheckpoints> {
    await ensureSchema(
      sql,
      `loyalty-${table}`,
      `CREATE TABLE IF NOT EXISTS ${table} (
        subscription TEXT PRIMARY KEY,
        commit_position TEXT,
        prepare_position TEXT,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`,
    );
    return new SqlCheckpoints(sql, table);
  }

  async read(subscription: string): Promise<GlobalPosition | null> {
    const [row] = await this.sql.query<{ commit_position: string | null; prepare_position: string | null }>(
      `SELECT commit_position, prepare_position FROM ${this.table} WHERE subscription = $1`,
      [subscription],
    );
    if (!row || row.commit_position === null || row.prepare_position === null) return null;
    return { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
  }

  store(subscription: string, position: GlobalPosition | null): Promise<void> {
    return this.storeMany(new Map([[subscription, position]]));
  }

  /**
   * One statement, one commit, for all of them (the projection runner stores about twenty every
   * second; one upsert each was twenty transactions, each holding the feed back while open). Rows are
   * written in name order, so two processes storing the same names cannot deadlock.
   */
  async storeMany(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void> {
    if (checkpoints.size === 0) return;
    const rows = [...checkpoints]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, position]) => [name, position?.commit.toString() ?? null, position?.prepare.toString() ?? null]);
    await this.sql.query(
      `INSERT INTO ${this.table} (subscription, commit_position, prepare_position, updated_at)
       SELECT c->>0, c->>1, c->>2, now() FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS t(c, n)
       ORDER BY n
       ON CONFLICT (subscription) DO UPDATE SET commit_position = EXCLUDED.commit_position,
         prepare_position = EXCLUDED.prepare_position, updated_at = now()`,
      [JSON.stringify(rows)],
    );
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }
}
