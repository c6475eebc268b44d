import { Pool, PoolConfig } from 'pg';
import { SqlClient, SqlQueryable } from './sql-client';

export class PgSqlClient implements SqlClient {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;

  constructor(connectionString: string, options: Partial<PoolConfig> = {}) {
    this.pool = new Pool({ connectionString, max: 20, ...options });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    const result = await this.pool.query(text, params as unknown[]);
    return result.rows as Row[];
  }

  async exec(text: string): Promise<void> {
    await this.pool.query(text);
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: SqlQueryable = {
        query: async <Row>(text: string, params: unknown[] = []) =>
          (await client.query(text, params as unknown[])).rows as Row[],
      };
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
