/**
 * What takes an erasure off the disk where the service controls the disk (the embedded store): the
 * rows an erasure blanked or deleted stay in the data files as dead row versions, index entries
 * and write-ahead log records until the tables are rewritten and the log has moved past them.
 */
export const ERASURE_COMPACTION = Symbol('ERASURE_COMPACTION');

export interface ErasureCompaction {
  /**
   * An erasure's purges are done. `logEdited`: it wrote fields of the event log as null in place
   * (a store not yet migrated), so the log's table holds the old text too.
   */
  erasureRecorded(options: { logEdited: boolean }): void;
  /** Compacts now what is due (tests, shutdown). */
  compactNow(): Promise<void>;
}

/** PostgreSQL, or a store in memory: the service does not control the files (see Privacy). */
export const NO_ERASURE_COMPACTION: ErasureCompaction = {
  erasureRecorded: () => undefined,
  compactNow: () => Promise.resolve(),
};
