import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../../config/app-config';
import { TranslationProviderError } from '../../infrastructure/machine-translation/machine-translation.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { DomainError } from '../../shared/domain/domain-error';
import { PolledWorker, PollingLoopOptions } from '../../shared/polling-loop';
import { JobOutcome, TranslationCommand, TranslationsState } from '../domain/translations.decider';
import { TranslationCommands } from './translation-commands';
import { TranslationJobs } from './translation-jobs';

/** A job's command (claim, complete, fail) without what runAsHolder adds: the meta, the job, this worker. */
type HolderCommand<C = TranslationCommand> = C extends { jobId: string; worker: string }
  ? Omit<C, 'meta' | 'jobId' | 'worker'>
  : never;

/** Refusals that mean "someone else has it, or it is not time": not failures. */
const NOT_MINE = new Set(['JOB_TAKEN', 'JOB_NOT_DUE', 'JOB_NOT_FOUND', 'JOB_NOT_OWNED']);

/**
 * Runs the translations' background jobs. A job is claimed by a decision on the shop's
 * translations stream (expected revision), so of several workers in several processes exactly
 * one holds it; its result is applied by another decision that only its holder can make. A
 * failure is recorded with the next attempt's time (backoff), or gives up after the last attempt.
 */
@Injectable()
export class TranslationJobWorker extends PolledWorker {
  readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly logger = new Logger('TranslationJobs');

  constructor(
    private readonly config: AppConfig,
    private readonly commands: TranslationCommands,
    private readonly jobs: TranslationJobs,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  protected polling(): PollingLoopOptions {
    return {
      work: () => this.runDue(),
      idlePauseMs: () => this.config.translationJobs.pollMs,
      logger: this.logger,
      what: 'translation jobs',
    };
  }

  /** One pass: runs the jobs that are due; answers how many it ran. */
  async runDue(limit = 10): Promise<number> {
    const due = await this.jobs.dueAt(this.clock.now().toISOString());
    let ran = 0;
    for (const job of due.slice(0, limit)) if (await this.runOne(job.shopId, job.id)) ran++;
    return ran;
  }

  private async runOne(shopId: string, jobId: string): Promise<boolean> {
    const { leaseMs, maxAttempts, backoffBaseMs, backoffFactor } = this.config.translationJobs;
    const retry = { maxAttempts, backoffBaseMs, backoffFactor };
    let state: TranslationsState;
    try {
      const claimed = await this.runAsHolder(shopId, jobId, { type: 'ClaimJob', leaseMs });
      state = claimed.after;
    } catch (error) {
      if (error instanceof DomainError && NOT_MINE.has(error.code)) return false;
      throw error;
    }
    const { spec, attempt } = state.jobs[jobId];
    let outcome: JobOutcome;
    try {
      outcome = await this.jobs.run(shopId, spec, state);
    } catch (error) {
      const reason = (error as Error).message ?? String(error);
      this.logger.warn(`${spec.kind} job ${jobId} of shop ${shopId} failed (attempt ${attempt}): ${reason}`);
      await this.settle(() =>
        this.runAsHolder(shopId, jobId, {
          type: 'FailJob',
          attempt,
          reason,
          retry,
          final: error instanceof TranslationProviderError && !error.retryable,
        }),
      );
      return true;
    }
    await this.settle(() => this.runAsHolder(shopId, jobId, { type: 'CompleteJob', attempt, outcome }));
    return true;
  }

  /** Decides a command on the job as this worker, which holds it (or, for a claim, means to). */
  private runAsHolder(shopId: string, jobId: string, command: HolderCommand) {
    return this.commands.run(shopId, (meta) => ({ ...command, meta, jobId, worker: this.workerId }));
  }

  /** A lease lost meanwhile (another worker took over) is not an error of this worker. */
  private async settle(record: () => Promise<unknown>): Promise<void> {
    try {
      await record();
    } catch (error) {
      if (!(error instanceof DomainError && NOT_MINE.has(error.code))) throw error;
      this.logger.warn(`job result dropped: ${error.message}`);
    }
  }
}
