import { createTestApp, TestApp, auth } from '../support/test-app';
import { BackgroundJobWorker } from '../../src/infrastructure/background-jobs/background-job-worker';
import { BACKGROUND_JOBS, BackgroundJobs } from '../../src/infrastructure/background-jobs/background-jobs.port';
import { OUTBOX_KINDS } from '../../src/translations/commands/translation-job-queue';
import { TranslationEventType as T } from '../../src/translations/domain/translation-events';
import { translations } from './translation-stubs';

/**
 * Translation jobs are durable: queued while no worker runs, they wait in the outbox; a job whose
 * worker died mid-run (its lease taken, never finished) runs again once its lease runs out, once.
 */
describe('translation jobs survive their worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRANSLATION_WORKER: 'false' }, fresh: true });
  });
  afterAll(() => t.close());

  it('queued with no worker running, leased by a worker that died: run once when the lease runs out', async () => {
    const shop = await t.shop();
    await t
      .http()
      .put('/rest_api/v2/translations')
      .set(auth(shop))
      .send({ primaryLanguage: 'en', en: { 'tier.top': 'Top of the class' } })
      .expect(200);
    await t
      .http()
      .post('/rest_api/v2/translations/languages')
      .set(auth(shop))
      .send({ primaryLanguage: 'en', additionalLanguage: 'sv' })
      .expect(201);
    const queued = (await translations(t, shop)).meta.jobs;
    expect(queued.map((j) => [j.kind, j.status])).toEqual([
      ['machine-translate', 'queued'],
      ['storefront-sync', 'queued'],
    ]);

    // A worker of a process that died: it leased every job for a millisecond and never finished.
    const outbox = t.app.get<BackgroundJobs>(BACKGROUND_JOBS);
    expect(await outbox.claimDue(OUTBOX_KINDS, 'dead-worker', 10, 1, new Date())).toHaveLength(2);
    expect((await translations(t, shop)).meta.jobs.every((j) => j.status === 'running')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));

    const worker = t.app.get(BackgroundJobWorker);
    let ran = 0;
    for (let n = await worker.runDue(); n > 0; n = await worker.runDue()) ran += n;
    expect(ran).toBeGreaterThanOrEqual(2);
    const jobs = (await translations(t, shop)).meta.jobs;
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    expect(jobs.find((j) => j.kind === 'machine-translate')).toMatchObject({ attempts: 2, applied: 1 });
    expect((await translations(t, shop)).data.sv['tier.top']).toBe('Top of the class');

    // Applied once; the stream holds text events only.
    const events = (await t.store.storage.eventStore.readStream(`translations-${shop.shopId}`)).map((e) => e.type);
    expect(events.filter((e) => e === T.MachineTextApplied)).toHaveLength(1);
    expect(events.every((e) => (Object.values(T) as string[]).includes(e))).toBe(true);
    expect(await worker.runDue()).toBe(0);
  });
});
