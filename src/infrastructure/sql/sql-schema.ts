import { SqlClient, SqlQueryable } from './sql-client';

/**
 * Creates tables once per database. Several processes may start at the same time, so the DDL runs
 * under a transaction-scoped advisory lock; so does `migrate`, which brings an older schema up to
 * date when the DDL alone cannot.
 */
export async function ensureSchema(
  sql: SqlClient,
  lockName: string,
  ddl: string,
  migrate?: (tx: SqlQueryable) => Promise<void>,
): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockName]);
    for (const statement of ddl
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      await tx.query(statement);
    }
    await migrate?.(tx);
  });
}
