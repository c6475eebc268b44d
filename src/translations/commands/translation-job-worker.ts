import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../../config/app-config';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { TranslationProviderError } from '../../infrastructure/machine-translation/machine-translation.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { DomainError } from '../../shared/domain/domain-error';
import { assertNever } from '../../shared/domain/decider';
import { PolledWorker, PollingLoopOptions } from '../../shared/polling-loop';
import { JobSpec } from '../domain/translation-events';
import { JobOutcome, TranslationsState } from '../domain/translations.decider';
import { TRANSLATION_JOBS, TranslationJobDoc } from '../projections/translation-read-models';
import { EmbedContentJob } from './embed-content.job';
import { MachineTranslateJob } from './machine-translate.job';
import { StorefrontSyncJob } from './storefront-sync.job';
import { TranslationCommands } from './translation-commands';

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
    private readonly machineTranslate: MachineTranslateJob,
    private readonly embed: EmbedContentJob,
    private readonly sync: StorefrontSyncJob,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
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
    const now = this.clock.now().toISOString();
    const jobs = await this.readStore.collection<TranslationJobDoc>(TRANSLATION_JOBS);
    const waiting = await jobs.find(
      { status: { $in: ['queued', 'retrying', 'running'] } },
      { sort: { field: 'queuedAt', direction: 'asc' }, limit: 500 },
    );
    const due = waiting.filter((j) => ((j.status === 'running' ? j.leaseUntil : j.dueAt) ?? '') <= now);
    let ran = 0;
    for (const job of due.slice(0, limit)) if (await this.runOne(job.shopId, job.id)) ran++;
    return ran;
  }

  private async runOne(shopId: string, jobId: string): Promise<boolean> {
    const { leaseMs, maxAttempts, backoffBaseMs, backoffFactor } = this.config.translationJobs;
    const retry = { maxAttempts, backoffBaseMs, backoffFactor };
    let state: TranslationsState;
    try {
      const claimed = await this.commands.run(shopId, (meta) => ({
        type: 'ClaimJob',
        meta,
        jobId,
        worker: this.workerId,
        leaseMs,
      }));
      state = claimed.after;
    } catch (error) {
      if (error instanceof DomainError && NOT_MINE.has(error.code)) return false;
      throw error;
    }
    const { spec, attempt } = state.jobs[jobId];
    let outcome: JobOutcome;
    try {
      outcome = await this.execute(shopId, spec, state);
    } catch (error) {
      const reason = (error as Error).message ?? String(error);
      this.logger.warn(`${spec.kind} job ${jobId} of shop ${shopId} failed (attempt ${attempt}): ${reason}`);
      await this.settle(() =>
        this.commands.run(shopId, (meta) => ({
          type: 'FailJob',
          meta,
          jobId,
          worker: this.workerId,
          attempt,
          reason,
          retry,
          final: error instanceof TranslationProviderError && !error.retryable,
        })),
      );
      return true;
    }
    await this.settle(() =>
      this.commands.run(shopId, (meta) => ({
        type: 'CompleteJob',
        meta,
        jobId,
        worker: this.workerId,
        attempt,
        outcome,
      })),
    );
    return true;
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

  private execute(shopId: string, spec: JobSpec, state: TranslationsState): Promise<JobOutcome> {
    switch (spec.kind) {
      case 'machine-translate':
        return this.machineTranslate.run(spec);
      case 'embed-faqs':
        return this.embed.faqs(spec, state);
      case 'embed-exclusive-products':
        return this.embed.products(spec);
      case 'storefront-sync':
        return this.sync.run(shopId, state);
      default:
        return assertNever(spec);
    }
  }
}
