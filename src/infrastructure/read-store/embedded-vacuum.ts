import { Logger } from '@nestjs/common';
import { SqlClient } from '../sql/sql-client';

/** Documents written to a table since its last VACUUM before it gets another. */
const WRITES_BEFORE_VACUUM = 1000;
const EVERY_MS = 10_000;

/**
 * PGlite runs no autovacuum (one process, no background workers). Every rewrite of a document (a
 * customer's, on every balance change) leaves the old row version behind, and until a VACUUM records
 * the freed space nothing reuses it: under award load the customers' table grows with every award,
 * without bound, while little of it is live. The read store's tables whose documents were written
 * are vacuumed here instead, one statement per table, at most every 10 s, which keeps the table's
 * size bounded for a few milliseconds a VACUUM. VACUUM only (no ANALYZE): the plans the read store
 * was tuned with stay.
 */
export class EmbeddedVacuum {
  private readonly logger = new Logger('EmbeddedVacuum');
  private readonly written = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly everyMs = EVERY_MS,
    private readonly threshold = WRITES_BEFORE_VACUUM,
  ) {}

  /** `count` documents of `table` were written (put or deleted). */
  noteWrites(table: string, count: number): void {
    this.written.set(table, (this.written.get(table) ?? 0) + count);
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.vacuumDue().catch((error: Error) => this.logger.warn(`VACUUM failed: ${error.message}`));
    }, this.everyMs);
    // Maintenance never keeps the process alive.
    this.timer.unref();
  }

  /** Vacuums each table written `threshold` times or more since its last vacuum; answers which. */
  vacuumDue(): Promise<string[]> {
    this.running ??= this.vacuumTables().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer once a vacuum under way has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async vacuumTables(): Promise<string[]> {
    const due = [...this.written].filter(([, writes]) => writes >= this.threshold).map(([table]) => table);
    for (const table of due) {
      this.written.set(table, 0);
      await this.sql.exec(`VACUUM ${table}`);
    }
    return due;
  }
}
