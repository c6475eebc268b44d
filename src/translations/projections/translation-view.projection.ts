import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch, StagedCollection } from '../../projections/projection-batch';
import { unappliedEvents } from '../../projections/stream-documents';
import { TranslationEventType as T } from '../domain/translation-events';
import {
  isLegacyJobEvent,
  LegacyJobEvent,
  LegacyJobEventType,
  StoredTranslationEvent,
} from '../domain/legacy-job-events';
import { appliedCount, localesOf } from '../domain/translation-job-specs';
import { evolveStored, translationsDecider } from '../domain/translations.decider';
import { TRANSLATION_JOBS, TranslationJobDoc, TRANSLATIONS, TranslationsDoc } from './translation-read-models';

/**
 * The shop's translation config and text (folded with the decider's own `evolve`, so the read model
 * never disagrees with decisions). The job events of older logs keep their job documents (GET
 * /translations lists them beside the outbox's jobs); new jobs live in the background jobs outbox.
 */
@Injectable()
export class TranslationViewProjection implements Projection {
  readonly name = 'translations_v1';
  readonly collections = [TRANSLATIONS, TRANSLATION_JOBS];

  readonly handles = handlesEventTypes([...Object.values(T), ...Object.values(LegacyJobEventType)]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const shops = batch.collection<TranslationsDoc>(TRANSLATIONS);
    const jobs = batch.collection<TranslationJobDoc>(TRANSLATION_JOBS);
    const unapplied = unappliedEvents<StoredTranslationEvent, TranslationsDoc>(events, shops, (e) => e.shopId);
    for await (const { event: e, doc, revision } of unapplied) {
      const {
        id: _id,
        shopId: _shop,
        streamRevision: _rev,
        updatedAt: _at,
        ...state
      } = doc ?? ({ ...translationsDecider.initialState() } as unknown as TranslationsDoc);
      const next = evolveStored(state, e);
      shops.put({ ...next, id: e.shopId, shopId: e.shopId, streamRevision: revision, updatedAt: e.occurredAt });
      if (isLegacyJobEvent(e)) await this.applyToJob(e, jobs, revision);
    }
  }

  private async applyToJob(
    e: LegacyJobEvent,
    jobs: StagedCollection<TranslationJobDoc>,
    revision: string,
  ): Promise<void> {
    if (e.type === LegacyJobEventType.JobQueued) {
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
    if (
      e.type !== LegacyJobEventType.JobClaimed &&
      e.type !== LegacyJobEventType.JobSucceeded &&
      e.type !== LegacyJobEventType.JobFailed
    )
      return;
    const job = await jobs.get(e.jobId);
    if (!job) return;
    const common = { attempts: e.attempt, worker: e.worker, updatedAt: e.occurredAt, streamRevision: revision };
    if (e.type === LegacyJobEventType.JobClaimed) {
      jobs.put({ ...job, ...common, status: 'running', dueAt: null, leaseUntil: e.leaseUntil });
    } else if (e.type === LegacyJobEventType.JobSucceeded) {
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
