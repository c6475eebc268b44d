import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch, StagedCollection } from '../../projections/projection-batch';
import { unappliedEvents } from '../../event-sourcing/stream-documents';
import { JobEffects, JobSpec, TranslationEvent, TranslationEventType as T } from '../domain/translation-events';
import { translationsDecider } from '../domain/translations.decider';
import { TRANSLATION_JOBS, TranslationJobDoc, TRANSLATIONS, TranslationsDoc } from './translation-read-models';

const localesOf = (job: JobSpec): string[] =>
  job.kind === 'machine-translate' ? [job.target] : job.kind === 'storefront-sync' ? [] : job.locales;

const appliedCount = (effects: JobEffects): number =>
  (effects.texts ? Object.keys(effects.texts.set).length + effects.texts.reset.length : 0) +
  Object.keys(effects.programTitles ?? {}).length +
  Object.keys(effects.productTitles ?? {}).length +
  Object.values(effects.faqs ?? {}).reduce((n, faqs) => n + faqs.length, 0) +
  (effects.published?.length ?? 0);

/**
 * The shop's translation config and text (folded with the decider's own `evolve`, so the read model
 * never disagrees with decisions), and one document per background job.
 */
@Injectable()
export class TranslationViewProjection implements Projection {
  readonly name = 'translations_v1';
  readonly collections = [TRANSLATIONS, TRANSLATION_JOBS];

  readonly handles = handlesEventTypes(Object.values(T));

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const shops = batch.collection<TranslationsDoc>(TRANSLATIONS);
    const jobs = batch.collection<TranslationJobDoc>(TRANSLATION_JOBS);
    const unapplied = unappliedEvents<TranslationEvent, TranslationsDoc>(events, shops, (e) => e.shopId);
    for await (const { event: e, doc, revision } of unapplied) {
      const {
        id: _id,
        shopId: _shop,
        streamRevision: _rev,
        updatedAt: _at,
        ...state
      } = doc ?? ({ ...translationsDecider.initialState() } as unknown as TranslationsDoc);
      const { jobs: _jobs, ...next } = translationsDecider.evolve({ ...state, jobs: {} }, e);
      shops.put({ ...next, id: e.shopId, shopId: e.shopId, streamRevision: revision, updatedAt: e.occurredAt });
      await this.applyToJob(e, jobs, revision);
    }
  }

  private async applyToJob(
    e: TranslationEvent,
    jobs: StagedCollection<TranslationJobDoc>,
    revision: string,
  ): Promise<void> {
    if (e.type === T.JobQueued) {
      jobs.put({
        id: e.jobId,
        shopId: e.shopId,
        kind: e.job.kind,
        locales: localesOf(e.job),
        status: 'queued',
        attempts: 0,
        dueAt: e.occurredAt,
        leaseUntil: null,
        worker: null,
        lastError: null,
        untranslated: [],
        applied: 0,
        queuedAt: e.occurredAt,
        updatedAt: e.occurredAt,
        streamRevision: revision,
      });
      return;
    }
    if (e.type !== T.JobClaimed && e.type !== T.JobSucceeded && e.type !== T.JobFailed) return;
    const job = await jobs.get(e.jobId);
    if (!job) return;
    const common = { attempts: e.attempt, worker: e.worker, updatedAt: e.occurredAt, streamRevision: revision };
    if (e.type === T.JobClaimed) {
      jobs.put({ ...job, ...common, status: 'running', dueAt: null, leaseUntil: e.leaseUntil });
    } else if (e.type === T.JobSucceeded) {
      jobs.put({
        ...job,
        ...common,
        status: 'done',
        dueAt: null,
        leaseUntil: null,
        lastError: null,
        untranslated: e.untranslated,
        applied: appliedCount(e.effects),
      });
    } else {
      jobs.put({
        ...job,
        ...common,
        status: e.retryAt ? 'retrying' : 'failed',
        dueAt: e.retryAt,
        leaseUntil: null,
        lastError: e.reason,
      });
    }
  }
}
