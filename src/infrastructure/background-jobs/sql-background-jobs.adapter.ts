import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { BackgroundJob, BackgroundJobs, Held, NewBackgroundJob } from './background-jobs.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS background_jobs (
  id TEXT PRIMARY KEY,
  sequence BIGSERIAL UNIQUE,
  kind TEXT NOT NULL,
  shop_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  coalesce_key TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ,
  leased_by TEXT,
  leased_until TIMESTAMPTZ,
  last_error TEXT,
  result TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS background_jobs_due ON background_jobs (kind, sequence) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS background_jobs_shop ON background_jobs (shop_id, kind, sequence)`;

interface JobRow {
  id: string;
  sequence: string;
  kind: string;
  shop_id: string;
  payload: string;
  status: BackgroundJob['status'];
  attempts: number;
  next_attempt_at: Date | null;
  leased_by: string | null;
  leased_until: Date | null;
  last_error: string | null;
  result: string | null;
  created_at: Date;
  updated_at: Date;
}

const columns = (t: string) =>
  `${t}.id, ${t}.sequence::text AS sequence, ${t}.kind, ${t}.shop_id, ${t}.payload, ${t}.status, ${t}.attempts,
  ${t}.next_attempt_at, ${t}.leased_by, ${t}.leased_until, ${t}.last_error, ${t}.result, ${t}.created_at, ${t}.updated_at`;
const COLUMNS = columns('background_jobs');

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toJob(r: JobRow): BackgroundJob {
  return {
    id: r.id,
    sequence: Number(r.sequence),
    kind: r.kind,
    shopId: r.shop_id,
    payload: JSON.parse(r.payload),
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at),
    leasedBy: r.leased_by,
    leasedUntil: iso(r.leased_until),
    lastError: r.last_error,
    result: r.result === null ? null : JSON.parse(r.result),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

const bySequence = (a: BackgroundJob, b: BackgroundJob) => a.sequence - b.sequence;

/** Background jobs on PostgreSQL / PGlite: leases under row locks (`FOR UPDATE SKIP LOCKED`). */
export class SqlBackgroundJobs implements BackgroundJobs {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<SqlBackgroundJobs> {
    await ensureSchema(sql, 'loyalty-background-jobs-schema', SCHEMA);
    return new SqlBackgroundJobs(sql);
  }

  async enqueue(jobs: NewBackgroundJob[]): Promise<number> {
    if (jobs.length === 0) return 0;
    return this.sql.transaction(async (tx) => {
      let written = 0;
      for (const job of jobs) {
        const rows = await tx.query(
          `INSERT INTO background_jobs (id, kind, shop_id, payload, coalesce_key, next_attempt_at, created_at, updated_at)
           SELECT $1, $2, $3, $4, $5::text, $6::timestamptz, $7::timestamptz, $7::timestamptz
           WHERE $5::text IS NULL OR NOT EXISTS (
             SELECT 1 FROM background_jobs w
             WHERE w.status = 'pending' AND w.kind = $2 AND w.shop_id = $3 AND w.coalesce_key = $5::text
               AND (w.leased_until IS NULL OR w.leased_until <= $7::timestamptz))
           ON CONFLICT (id) DO NOTHING
           RETURNING 1`,
          [
            job.id,
            job.kind,
            job.shopId,
            JSON.stringify(job.payload),
            job.coalesceKey ?? null,
            job.dueAt ?? job.createdAt,
            job.createdAt,
          ],
        );
        written += rows.length;
      }
      return written;
    });
  }

  async claimDue(
    kinds: readonly string[],
    worker: string,
    limit: number,
    leaseMs: number,
    now: Date,
  ): Promise<BackgroundJob[]> {
    if (kinds.length === 0) return [];
    const rows = await this.sql.query<JobRow>(
      `WITH due AS (
         SELECT id FROM background_jobs
         WHERE status = 'pending' AND kind IN (SELECT jsonb_array_elements_text($1::text::jsonb))
           AND next_attempt_at <= $3::timestamptz AND (leased_until IS NULL OR leased_until <= $3::timestamptz)
         ORDER BY sequence
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
       UPDATE background_jobs j SET attempts = j.attempts + 1, leased_by = $4,
         leased_until = $3::timestamptz + ($5::int * interval '1 millisecond'), updated_at = $3::timestamptz
       FROM due WHERE j.id = due.id
       RETURNING ${columns('j')}`,
      [JSON.stringify(kinds), limit, now.toISOString(), worker, leaseMs],
    );
    return rows.map(toJob).sort(bySequence);
  }

  async complete({ id, worker, attempt }: Held, result: unknown, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE background_jobs SET status = 'done', result = $4, last_error = NULL, next_attempt_at = NULL,
         leased_until = NULL, updated_at = $5::timestamptz
       WHERE id = $1 AND status = 'pending' AND leased_by = $2 AND attempts = $3 RETURNING 1`,
      [id, worker, attempt, JSON.stringify(result ?? null), now.toISOString()],
    );
    return rows.length > 0;
  }

  async fail({ id, worker, attempt }: Held, error: string, retryAt: string | null, now: Date): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE background_jobs SET status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
         last_error = $4, next_attempt_at = $5::timestamptz, leased_until = NULL, updated_at = $6::timestamptz
       WHERE id = $1 AND status = 'pending' AND leased_by = $2 AND attempts = $3 RETURNING 1`,
      [id, worker, attempt, error.slice(0, 1000), retryAt, now.toISOString()],
    );
    return rows.length > 0;
  }

  async get(id: string): Promise<BackgroundJob | null> {
    const [row] = await this.sql.query<JobRow>(`SELECT ${COLUMNS} FROM background_jobs WHERE id = $1`, [id]);
    return row ? toJob(row) : null;
  }

  async list(shopId: string, kinds: readonly string[], limit: number): Promise<BackgroundJob[]> {
    const rows = await this.sql.query<JobRow>(
      `SELECT ${COLUMNS} FROM background_jobs
       WHERE shop_id = $1 AND kind IN (SELECT jsonb_array_elements_text($2::text::jsonb))
       ORDER BY background_jobs.sequence DESC LIMIT $3`,
      [shopId, JSON.stringify(kinds), limit],
    );
    return rows.map(toJob);
  }
}
