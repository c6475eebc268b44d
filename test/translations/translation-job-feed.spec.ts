import { createTestApp, TestApp } from '../support/test-app';
import { BACKGROUND_JOBS, BackgroundJobs } from '../../src/infrastructure/background-jobs/background-jobs.port';
import { OUTBOX_KINDS, TranslationJobQueue } from '../../src/translations/commands/translation-job-queue';
import { JOB_FEED_CHECKPOINT, TranslationJobFeed } from '../../src/translations/commands/translation-job-feed';
import { TranslationCommands } from '../../src/translations/commands/translation-commands';
import { TRANSLATION_SOURCES } from '../../src/translations/domain/translation-sources.port';
import { AppConfig } from '../../src/config/app-config';

/**
 * Translation jobs are queued from the log, not by the command handler after its append: a process
 * that dies between the append and the queueing loses no job, and a change read twice queues once.
 */
describe('translation jobs queued from the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRANSLATION_WORKER: 'false' }, fresh: true });
  });
  afterAll(() => t.close());

  /** A feed reader as a freshly started process has it: only what is stored. */
  const restartedFeed = () =>
    new TranslationJobFeed(
      t.store.storage.eventStore,
      t.app.get(TranslationJobQueue),
      t.app.get(TRANSLATION_SOURCES),
      t.app.get(AppConfig),
    );

  it('a change appended by a process that died before queueing its jobs has them after the restart, once', async () => {
    const shop = await t.shop();
    const outbox = t.app.get<BackgroundJobs>(BACKGROUND_JOBS);
    const jobs = async () => (await outbox.list(shop.shopId, OUTBOX_KINDS, 50)).map((j) => j.kind).sort();

    // The process dies after the append: its feed reader never reads the change.
    await t.app.get(TranslationJobFeed).stop();
    const stored = await t.store.storage.eventStore.readCheckpoint(JOB_FEED_CHECKPOINT);
    await t.app
      .get(TranslationCommands)
      .run(shop.shopId, (meta) => ({ type: 'AddLanguage', meta, source: 'en', locale: 'sv' }));
    expect(await jobs()).toEqual([]);

    await restartedFeed().catchUp();
    expect(await jobs()).toEqual(['translations.machine-translate', 'translations.storefront-sync']);
    const first = (await outbox.list(shop.shopId, OUTBOX_KINDS, 50)).map((j) => j.id).sort();

    // The change delivered again (a crash before the checkpoint was stored): the same jobs, not new ones.
    await t.store.storage.eventStore.storeCheckpoint(JOB_FEED_CHECKPOINT, stored);
    await restartedFeed().catchUp();
    const again = (await outbox.list(shop.shopId, OUTBOX_KINDS, 50)).map((j) => j.id).sort();
    expect(again).toEqual(first);
  });
});
