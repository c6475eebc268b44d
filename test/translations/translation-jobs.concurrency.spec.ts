import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { createTestApp, TestApp, auth } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { TranslationEventType as T } from '../../src/translations/domain/translation-events';
import { settledJobs, startTranslateStub } from './translation-stubs';
import { defaultText, TEXT_KEYS } from '../../src/translations/catalogue/catalogue';
import { segmentMessage } from '../../src/translations/domain/message-segments';
import { BACKGROUND_JOBS, BackgroundJobs } from '../../src/infrastructure/background-jobs/background-jobs.port';

/**
 * Background jobs run once however many service processes poll for them. On PostgreSQL two
 * service instances (own pools, own caches, own workers) race for every job; the claim is a lease
 * taken under a row lock in the background jobs outbox, so one worker wins.
 */
describe(`translation jobs with two workers (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let apps: INestApplication[];
  let stub: Awaited<ReturnType<typeof startTranslateStub>>;
  const targets = ['sv', 'fi', 'da', 'nb', 'is', 'et', 'lv', 'lt'];
  // No catalogue in these languages: every English text with words goes to the translator.
  const unitsOfCatalogue = TEXT_KEYS.reduce((n, k) => n + segmentMessage(defaultText('en')[k]).units.length, 0);

  beforeAll(async () => {
    // A slow translator keeps each job running while the other worker polls.
    stub = await startTranslateStub({ delayMs: 30 });
    t = await createTestApp({ env: { TRANSLATE_URL: stub.url, TRANSLATION_JOB_POLL_MS: '10' } });
    apps = defaultStoreKind() === 'postgres' ? [t.app, await t.secondInstance()] : [t.app];
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('every job is claimed once, run once, applied once', async () => {
    const shops: ProvisionedShop[] = [];
    for (const _ of targets) shops.push(await t.shop());
    await Promise.all(
      shops.map((shop, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post('/rest_api/v2/translations/languages')
          .set(auth(shop))
          .send({ primaryLanguage: 'en', additionalLanguage: targets[i] })
          .expect(201),
      ),
    );
    for (const [i, shop] of shops.entries()) {
      const jobs = await settledJobs(t, shop, 150_000);
      // One translation; one or two syncs (a sync still waiting to start covers the translation too).
      expect(jobs.filter((j) => j.kind === 'machine-translate')).toHaveLength(1);
      expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      // Each job was claimed once (one attempt) and finished once, by one worker, in the outbox.
      const outbox = apps[0].get<BackgroundJobs>(BACKGROUND_JOBS);
      const stored = await Promise.all(jobs.map((j) => outbox.get(j.id)));
      expect(stored.every((j) => j?.status === 'done' && j.attempts === 1 && j.leasedBy !== null)).toBe(true);
      // The stream holds text only: the language, and the translation applied once.
      const events = (await t.store.storage.eventStore.readStream(`translations-${shop.shopId}`)).map((e) => e.type);
      expect(events).toEqual([T.LanguageAdded, T.MachineTextApplied]);
      // The translator got this language's texts exactly once: one job's units, no second run.
      const sent = stub.calls.filter((c) => c.target === targets[i]).flatMap((c) => c.q);
      expect(sent).toHaveLength(unitsOfCatalogue);
    }
  }, 300_000); // 8 jobs of ~400 texts each, on a machine shared by many test processes
});
