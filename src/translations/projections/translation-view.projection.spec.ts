import { TranslationEventType as T, translationsStreamId } from '../domain/translation-events';
import { LegacyJobEventType as L, LegacyJobSucceeded, StoredTranslationEvent } from '../domain/legacy-job-events';
import { TRANSLATION_JOBS, TranslationJobDoc, TRANSLATIONS, TranslationsDoc } from './translation-read-models';
import { TranslationViewProjection } from './translation-view.projection';
import { onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/**
 * The shop's translation config, each event delivered twice (see projectionSpec); a stream of an older
 * log with the job events it once held still loads: the jobs keep their documents, the text its effects.
 */
describe('translation view projection', () => {
  const readStore = projectionStore();
  const at = (minute: number) => `2026-01-01T10:0${minute}:00.000Z`;
  const head = (eventId: string, minute: number) => ({ eventId, occurredAt: at(minute), shopId: 's1' });
  const translationEvents = (...events: StoredTranslationEvent[]) => onStream(translationsStreamId('s1'), events);
  /** Attempt `attempt` of job j1, claimed by `worker` at `minute`, then ending as `outcome` says a minute later. */
  const attempt = (
    attempt: number,
    worker: string,
    minute: number,
    outcome:
      | { type: typeof L.JobFailed; reason: string; retryAt: string | null }
      | { type: typeof L.JobSucceeded; effects: LegacyJobSucceeded['effects']; untranslated: string[] },
  ): StoredTranslationEvent[] => [
    { ...head(`claim-${attempt}`, minute), type: L.JobClaimed, jobId: 'j1', worker, attempt, leaseUntil: at(9) },
    { ...head(`end-${attempt}`, minute + 1), jobId: 'j1', worker, attempt, ...outcome },
  ];

  it('a machine translation queued, failed once, retried and done: the job shows each step, the config its languages', async () => {
    const spec = projectionSpec(new TranslationViewProjection(), readStore());
    await spec.given(
      translationEvents(
        { ...head('e1', 0), type: T.LanguageAdded, locale: 'fr', source: 'en' },
        {
          ...head('e2', 1),
          type: L.JobQueued,
          jobId: 'j1',
          job: { kind: 'machine-translate', source: 'en', target: 'fr', texts: {}, before: {}, titles: {} },
        },
      ),
    );
    await spec.when(
      translationEvents(...attempt(1, 'w1', 2, { type: L.JobFailed, reason: 'timeout', retryAt: at(5) })),
    );
    expect(await spec.then<TranslationJobDoc>(TRANSLATION_JOBS, 'j1')).toMatchObject({
      status: 'retrying',
      attempts: 1,
      dueAt: at(5),
      leaseUntil: null,
      lastError: 'timeout',
    });
    await spec.when(
      translationEvents(
        ...attempt(2, 'w2', 5, {
          type: L.JobSucceeded,
          effects: { texts: { locale: 'fr', set: { 'points.title': 'Points' }, reset: ['points.body'] } },
          untranslated: ['program:p1'],
        }),
      ),
    );
    expect(await spec.all<TranslationJobDoc>(TRANSLATION_JOBS)).toEqual([
      {
        id: 'j1',
        shopId: 's1',
        kind: 'machine-translate',
        locales: ['fr'],
        status: 'done',
        attempts: 2,
        dueAt: null,
        leaseUntil: null,
        worker: 'w2',
        lastError: null,
        untranslated: ['program:p1'],
        applied: 2,
        queuedAt: at(1),
        updatedAt: at(6),
        streamRevision: '5',
      },
    ]);
    // The language is added once however often its event comes; unfinished jobs are not kept there.
    const config = await spec.then<TranslationsDoc>(TRANSLATIONS, 's1');
    expect(config).toMatchObject({
      shopId: 's1',
      config: expect.objectContaining({ additionalLanguages: ['fr'] }),
      updatedAt: at(6),
      streamRevision: '5',
    });
    expect(config).not.toHaveProperty('jobs');
    // The succeeded job's text is applied as it was recorded (upcast to MachineTextApplied).
    expect(config!.overrides.fr).toEqual({ 'points.title': 'Points' });
  });
});
