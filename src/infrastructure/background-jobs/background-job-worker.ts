import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../../config/app-config';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { PolledWorker, PollingLoopOptions } from '../../shared/polling-loop';
import { BackgroundJobHandler, BackgroundJobHandlers } from './background-job-handlers';
import { retryAt } from '../../shared/domain/backoff';
import { BACKGROUND_JOBS, BackgroundJob, BackgroundJobs } from './background-jobs.port';

/**
 * Runs the background jobs of every registered kind: leases due ones (several workers in several
 * processes never run the same attempt), runs each with its kind's handler, and records the result,
 * or the failure with the next attempt's time (backoff), or gives up after the last attempt. A
 * worker that dies mid-job loses its lease; the job is due again when the lease runs out.
 */
@Injectable()
export class BackgroundJobWorker extends PolledWorker {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    private readonly config: AppConfig,
    @Inject(BACKGROUND_JOBS) private readonly jobs: BackgroundJobs,
    private readonly handlers: BackgroundJobHandlers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  protected polling(): PollingLoopOptions {
    return {
      work: () => this.runDue(),
      idlePauseMs: () => this.config.translationJobs.pollMs,
      logger: this.logger,
      what: 'background jobs',
    };
  }

  /** One pass: runs the jobs that are due, one after another; answers how many it ran. */
  async runDue(limit = 10): Promise<number> {
    let ran = 0;
    for (const handler of this.handlers.handlers()) {
      const due = await this.jobs.claimDue(handler.kinds, this.workerId, limit, handler.leaseMs, this.clock.now());
      for (const job of due) await this.runOne(handler, job);
      ran += due.length;
    }
    return ran;
  }

  private async runOne(handler: BackgroundJobHandler, job: BackgroundJob): Promise<void> {
    const held = { id: job.id, worker: this.workerId, attempt: job.attempts };
    let result: unknown;
    try {
      result = await handler.run(job);
    } catch (error) {
      const reason = (error as Error).message ?? String(error);
      this.logger.warn(`${job.kind} job ${job.id} of shop ${job.shopId} failed (attempt ${job.attempts}): ${reason}`);
      const now = this.clock.now();
      const next = retryAt(handler.retry, job.attempts, now, handler.isFinal?.(error) ?? false);
      if (!(await this.jobs.fail(held, reason, next, now))) this.dropped(job);
      return;
    }
    if (!(await this.jobs.complete(held, result, this.clock.now()))) this.dropped(job);
  }

  /** Another worker took the job over meanwhile (this one's lease ran out): not this worker's to record. */
  private dropped(job: BackgroundJob): void {
    this.logger.warn(`${job.kind} job ${job.id}: result dropped, attempt ${job.attempts} is no longer held here`);
  }
}
