import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import {
  BackgroundJobHandler,
  BackgroundJobHandlers,
} from '../../infrastructure/background-jobs/background-job-handlers';
import { BackgroundJob } from '../../infrastructure/background-jobs/background-jobs.port';
import { RetryPolicy } from '../../shared/domain/backoff';
import { TranslationProviderError } from '../../infrastructure/machine-translation/machine-translation.port';
import { assertNever } from '../../shared/domain/decider';
import { JobSpec, TranslationEventType as T } from '../domain/translation-events';
import { appliedCount } from '../domain/translation-job-specs';
import { JobOutcome, TranslationsState } from '../domain/translations.decider';
import { EmbedContentJob } from './embed-content.job';
import { MachineTranslateJob } from './machine-translate.job';
import { StorefrontSyncJob } from './storefront-sync.job';
import { TranslationCommands } from './translation-commands';
import { OUTBOX_KINDS } from './translation-job-queue';
import { TranslationChanges } from './translation-changes';

/** What a finished translation job stored with it (GET /translations shows it). */
export interface TranslationJobResult {
  /** How many texts it changed, or the metafields it wrote. */
  applied: number;
  untranslated: string[];
  published?: string[];
  unpublished?: string[];
}

/**
 * The translations' background jobs (one handler of the background jobs outbox): runs a job's work
 * on the shop's current text, then records what of its outcome still applies on the shop's stream
 * (a later change of the source or the merchant's own edit wins); text that changed is published
 * by a storefront sync (queued from the log, see TranslationJobFeed). Running a job twice (a lease taken over) applies nothing the second time.
 */
@Injectable()
export class TranslationJobs implements BackgroundJobHandler {
  readonly kinds = OUTBOX_KINDS;

  constructor(
    private readonly config: AppConfig,
    private readonly commands: TranslationCommands,
    private readonly changes: TranslationChanges,
    private readonly machineTranslate: MachineTranslateJob,
    private readonly embed: EmbedContentJob,
    private readonly sync: StorefrontSyncJob,
    handlers: BackgroundJobHandlers,
  ) {
    handlers.register(this);
  }

  get leaseMs(): number {
    return this.config.translationJobs.leaseMs;
  }

  get retry(): RetryPolicy {
    const { maxAttempts, backoffBaseMs, backoffFactor } = this.config.translationJobs;
    return { maxAttempts, backoffBaseMs, backoffFactor };
  }

  isFinal(error: unknown): boolean {
    return error instanceof TranslationProviderError && !error.retryable;
  }

  async run(job: BackgroundJob): Promise<TranslationJobResult> {
    const { shopId } = job;
    const spec = job.payload as JobSpec;
    const outcome = await this.work(shopId, spec, await this.commands.state(shopId));
    if (spec.kind === 'storefront-sync') {
      const { published = [], unpublished = [] } = outcome;
      return { applied: published.length, untranslated: [], published, unpublished };
    }
    // Applied text is published again: the storefront sync is queued from the log, as for every change.
    const decision = await this.changes.run(shopId, (meta) => ({
      type: 'ApplyJobResult',
      meta,
      jobId: job.id,
      spec,
      outcome,
    }));
    let applied = 0;
    for (const e of decision.events) if (e.type === T.MachineTextApplied) applied += appliedCount(e.effects);
    return { applied, untranslated: outcome.untranslated };
  }

  private work(shopId: string, spec: JobSpec, state: TranslationsState): Promise<JobOutcome> {
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
