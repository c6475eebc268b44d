import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJobWorker } from '../../infrastructure/background-jobs/background-job-worker';
import { BACKGROUND_JOBS, BackgroundJobs } from '../../infrastructure/background-jobs/background-jobs.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { JobKind, JobSpec } from '../domain/translation-events';
import { TranslationCommands } from './translation-commands';

/** The background job kinds of translations, as the outbox names them. */
export const TRANSLATION_JOB_KINDS: readonly JobKind[] = [
  'machine-translate',
  'embed-faqs',
  'embed-exclusive-products',
  'storefront-sync',
];
const PREFIX = 'translations.';
export const outboxKind = (kind: JobKind) => `${PREFIX}${kind}`;
export const OUTBOX_KINDS = TRANSLATION_JOB_KINDS.map(outboxKind);
export const jobKindOf = (outbox: string) => outbox.slice(PREFIX.length) as JobKind;

/**
 * Queues translation jobs in the background jobs outbox, then nudges this process's worker so it
 * looks at once instead of at its next poll. A storefront sync waiting to start stands for a new one.
 */
@Injectable()
export class TranslationJobQueue {
  constructor(
    @Inject(BACKGROUND_JOBS) private readonly jobs: BackgroundJobs,
    private readonly worker: BackgroundJobWorker,
    private readonly commands: TranslationCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async enqueue(shopId: string, specs: JobSpec[]): Promise<void> {
    if (specs.length === 0) return;
    const createdAt = this.clock.now().toISOString();
    const written = await this.jobs.enqueue(
      specs.map((spec) => ({
        id: this.commands.newId(),
        kind: outboxKind(spec.kind),
        shopId,
        payload: spec,
        createdAt,
        ...(spec.kind === 'storefront-sync' ? { coalesceKey: 'storefront' } : {}),
      })),
    );
    if (written > 0) this.worker.nudge();
  }
}
