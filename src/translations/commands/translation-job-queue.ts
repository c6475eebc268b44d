import { Inject, Injectable } from '@nestjs/common';
import { BackgroundJobWorker } from '../../infrastructure/background-jobs/background-job-worker';
import { BACKGROUND_JOBS, BackgroundJobs } from '../../infrastructure/background-jobs/background-jobs.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { deterministicUuid } from '../../shared/domain/ids';
import { JobKind, JobSpec } from '../domain/translation-events';

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
 * A job's id, from the change that started it (its last event) and what it does (a change starts
 * at most one job of a kind per target): a change read again from the log queues no second job.
 */
export const translationJobId = (changeEventId: string, spec: JobSpec): string =>
  deterministicUuid('translation-job', changeEventId, spec.kind, spec.kind === 'machine-translate' ? spec.target : '');

/**
 * Queues translation jobs in the background jobs outbox, then nudges this process's worker so it
 * looks at once instead of at its next poll. A storefront sync waiting to start stands for a new one.
 */
@Injectable()
export class TranslationJobQueue {
  constructor(
    @Inject(BACKGROUND_JOBS) private readonly jobs: BackgroundJobs,
    private readonly worker: BackgroundJobWorker,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The jobs the change ending with event `changeEventId` starts (ids already queued are skipped). */
  async enqueue(shopId: string, specs: JobSpec[], changeEventId: string): Promise<void> {
    if (specs.length === 0) return;
    const createdAt = this.clock.now().toISOString();
    const written = await this.jobs.enqueue(
      specs.map((spec) => ({
        id: translationJobId(changeEventId, spec),
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
