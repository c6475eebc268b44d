import { Logger } from '@nestjs/common';
import { ErasureCompaction } from './erasure-compaction.port';
import { SqlClient } from '../sql/sql-client';

/** The event log's table: append-only, the largest; rewritten only when an erasure edited it. */
const EVENT_LOG_TABLE = 'es_events';

/**
 * The embedded store (PGlite in DATA_DIR) takes an erasure off its files within the window after it:
 * 1. `VACUUM FULL` of every table of the service (the log's own only when the erasure edited it in
 *    place): each is written anew without its dead row versions, indexes rebuilt, the old files
 *    truncated at once. A plain VACUUM would leave the old bytes in the freed space.
 * 2. `CHECKPOINT`, `pg_switch_wal()`, `CHECKPOINT`: the log's current segment, which holds the
 *    erased rows as written and as full-page images, falls behind the checkpoint and is removed
 *    (the store runs with `wal_recycle=off`: a recycled segment is only renamed, its bytes kept).
 * Several erasures in one window share one compaction; one recorded while it runs gets another.
 * Tables are locked while rewritten (reads wait): erasures are rare.
 */
export class EmbeddedErasureCompaction implements ErasureCompaction {
  private readonly logger = new Logger('ErasureCompaction');
  private timer: NodeJS.Timeout | null = null;
  private logEdited = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: SqlClient,
    private readonly windowMs: number,
  ) {}

  erasureRecorded({ logEdited }: { logEdited: boolean }): void {
    this.logEdited ||= logEdited;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.compactNow().catch((error: Error) => this.logger.error(`compaction failed: ${error.message}`));
    }, this.windowMs);
    // A shutdown before the window ends compacts at once instead (see stop).
    this.timer.unref();
  }

  compactNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const logEdited = this.logEdited;
    this.logEdited = false;
    this.running = this.running.then(() => this.compact(logEdited));
    return this.running;
  }

  /** Compacts what an erasure left due, then stops. */
  async stop(): Promise<void> {
    if (this.timer) await this.compactNow().catch(() => undefined);
    await this.running.catch(() => undefined);
  }

  private async compact(logEdited: boolean): Promise<void> {
    const started = Date.now();
    const tables = await this.sql.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    for (const { tablename } of tables) {
      if (tablename === EVENT_LOG_TABLE && !logEdited) continue;
      await this.sql.exec(`VACUUM FULL "${tablename}"`);
    }
    await this.sql.exec('CHECKPOINT');
    await this.sql.query('SELECT pg_switch_wal()');
    await this.sql.exec('CHECKPOINT');
    this.logger.log(`erased data compacted off the disk: ${tables.length} tables in ${Date.now() - started} ms`);
  }
}
