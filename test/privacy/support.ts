import { SqlClient } from '../../src/infrastructure/sql/sql-client';

/**
 * Every table of the SQL database, each row as text (`SELECT t::text`): where `needle` appears.
 * The event log, read models, outbox, jobs, keys and checkpoints included.
 */
export async function tablesHolding(sql: SqlClient, needle: string): Promise<string[]> {
  const tables = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const holding: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "${table_name}" t WHERE position(lower($1) in lower(t::text)) > 0`,
      [needle],
    );
    if (Number(row.n) > 0) holding.push(table_name);
  }
  return holding;
}
