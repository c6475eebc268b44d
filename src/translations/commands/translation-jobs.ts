import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { assertNever } from '../../shared/domain/decider';
import { JobSpec } from '../domain/translation-events';
import { JobOutcome, TranslationsState } from '../domain/translations.decider';
import { TRANSLATION_JOBS, TranslationJobDoc } from '../projections/translation-read-models';
import { EmbedContentJob } from './embed-content.job';
import { MachineTranslateJob } from './machine-translate.job';
import { StorefrontSyncJob } from './storefront-sync.job';

/**
 * The translation jobs: which are due, and the work of each kind. Claiming one and recording its
 * outcome is TranslationJobWorker's.
 */
@Injectable()
export class TranslationJobs {
  constructor(
    private readonly machineTranslate: MachineTranslateJob,
    private readonly embed: EmbedContentJob,
    private readonly sync: StorefrontSyncJob,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** The jobs due at `now`, oldest first: queued or retrying ones whose time has come, running ones whose lease ran out. */
  async dueAt(now: string): Promise<TranslationJobDoc[]> {
    const jobs = await this.readStore.collection<TranslationJobDoc>(TRANSLATION_JOBS);
    const waiting = await jobs.find(
      { status: { $in: ['queued', 'retrying', 'running'] } },
      { sort: { field: 'queuedAt', direction: 'asc' }, limit: 500 },
    );
    return waiting.filter((j) => ((j.status === 'running' ? j.leaseUntil : j.dueAt) ?? '') <= now);
  }

  run(shopId: string, spec: JobSpec, state: TranslationsState): Promise<JobOutcome> {
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
