export const BACKGROUND_JOBS = Symbol('BACKGROUND_JOBS');

/**
 * pending: waiting to start, running (leased) or waiting for its retry; done; failed (given up).
 * A leased job whose worker died is due again when its lease runs out.
 */
export type BackgroundJobStatus = 'pending' | 'done' | 'failed';

export interface NewBackgroundJob {
  /** Writing the same id twice is harmless (the second is ignored). */
  id: string;
  /** The kind of work (`translations.machine-translate`): which handler runs it. */
  kind: string;
  shopId: string;
  /** What the handler needs, as JSON. */
  payload: unknown;
  createdAt: string;
  /** When it is first due (createdAt when absent). */
  dueAt?: string;
  /**
   * A job of the same kind, shop and key that has not started yet stands for this one: it is not
   * written (a storefront sync waiting to start will publish this change too). A running one does
   * not count.
   */
  coalesceKey?: string;
}

export interface BackgroundJob<P = unknown> {
  id: string;
  sequence: number;
  kind: string;
  shopId: string;
  payload: P;
  status: BackgroundJobStatus;
  /** Attempts started (a claim starts one). */
  attempts: number;
  /** pending: when it is due (again). */
  nextAttemptAt: string | null;
  leasedBy: string | null;
  /** While in the future, the job is running on `leasedBy`. */
  leasedUntil: string | null;
  lastError: string | null;
  /** What the handler answered when it finished. */
  result: unknown;
  createdAt: string;
  updatedAt: string;
}

/**
 * The durable outbox of background work (every kind but webhook deliveries, which keep their own
 * table for their per-customer order and per-webhook outage policy; see docs/architecture.md). Jobs are leased
 * under row locks, so of several workers in several processes exactly one runs an attempt; a lease
 * that runs out (the worker died) makes the job due again. Finishing is accepted only from the
 * attempt's holder.
 */
export interface BackgroundJobs {
  /** Writes new jobs (ids already present and coalesced ones are skipped); answers how many were written. */
  enqueue(jobs: NewBackgroundJob[]): Promise<number>;
  /** Leases up to `limit` due jobs of these kinds to `worker`, oldest first, each as a new attempt. */
  claimDue(
    kinds: readonly string[],
    worker: string,
    limit: number,
    leaseMs: number,
    now: Date,
  ): Promise<BackgroundJob[]>;
  /** The attempt succeeded (false: the worker no longer holds it; nothing changed). */
  complete(job: Held, result: unknown, now: Date): Promise<boolean>;
  /** The attempt failed: due again at `retryAt`, or failed for good when it is null. */
  fail(job: Held, error: string, retryAt: string | null, now: Date): Promise<boolean>;
  get(id: string): Promise<BackgroundJob | null>;
  /** A shop's jobs of these kinds, newest first. */
  list(shopId: string, kinds: readonly string[], limit: number): Promise<BackgroundJob[]>;
}

/** The attempt a worker holds. */
export interface Held {
  id: string;
  worker: string;
  attempt: number;
}
