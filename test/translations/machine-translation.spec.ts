import { createTestApp, TestApp, auth } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { defaultText, TEXT_KEYS } from '../../src/translations/catalogue/catalogue';
import { ShopText } from '../../src/translations/queries/shop-text';
import { LibreTranslateMachineTranslation } from '../../src/infrastructure/machine-translation/libretranslate.adapter';
import { TranslationProviderError } from '../../src/infrastructure/machine-translation/machine-translation.port';
import { segmentMessage } from '../../src/translations/domain/message-segments';
import { settledJobs, startTranslateStub, translations } from './translation-stubs';

/** Jobs are retried fast here (backoff base 100 ms, 3 attempts): time shortened by configuration. */
const jobEnv = (url: string) => ({
  TRANSLATE_URL: url,
  TRANSLATE_API_KEY: 'lt-key',
  TRANSLATION_JOB_POLL_MS: '50',
  TRANSLATION_JOB_BACKOFF_BASE_MS: '100',
  TRANSLATION_JOB_BACKOFF_FACTOR: '2',
  TRANSLATION_JOB_MAX_ATTEMPTS: '3',
});

describe('LibreTranslate adapter against a stub server', () => {
  it('sends q as batches with source, target, format and api_key; answers in order', async () => {
    const stub = await startTranslateStub({ apiKey: 'k' });
    try {
      const adapter = new LibreTranslateMachineTranslation({
        url: `${stub.url}/`,
        apiKey: 'k',
        timeoutMs: 5000,
        batchSize: 2,
      });
      const texts = ['Hello', 'Earn <x id="0"/> points', 'Bye'];
      expect(await adapter.translate({ texts, source: 'en', target: 'pt-BR', format: 'html' })).toEqual([
        'PT:Hello',
        'PT:Earn <x id="0"/>PT: points',
        'PT:Bye',
      ]);
      expect(stub.calls).toEqual([
        { q: ['Hello', 'Earn <x id="0"/> points'], source: 'en', target: 'pt', format: 'html', api_key: 'k' },
        { q: ['Bye'], source: 'en', target: 'pt', format: 'html', api_key: 'k' },
      ]);
    } finally {
      await stub.close();
    }
  });

  it('a refusal is final, an outage or a failed batch is retryable: never half an answer', async () => {
    const stub = await startTranslateStub({
      respond: (call, n) =>
        call.target === 'xx'
          ? { status: 400, body: { error: 'xx is not supported' } }
          : n === 3
            ? { status: 500, body: {} }
            : null,
    });
    try {
      const adapter = new LibreTranslateMachineTranslation({
        url: stub.url,
        apiKey: null,
        timeoutMs: 5000,
        batchSize: 1,
      });
      const refused = await adapter
        .translate({ texts: ['a'], source: 'en', target: 'xx', format: 'text' })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(TranslationProviderError);
      expect(refused).toMatchObject({ retryable: false, message: 'translator answered 400: xx is not supported' });
      const partial = await adapter
        .translate({ texts: ['a', 'b'], source: 'en', target: 'de', format: 'text' })
        .catch((e) => e);
      expect(partial).toMatchObject({ retryable: true, message: 'translator answered 500: HTTP 500' });
      expect(stub.calls.at(-1)).not.toHaveProperty('api_key');
    } finally {
      await stub.close();
    }
    const down = new LibreTranslateMachineTranslation({ url: stub.url, apiKey: null, timeoutMs: 2000 });
    expect(
      await down.translate({ texts: ['a'], source: 'en', target: 'de', format: 'text' }).catch((e) => e),
    ).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^translator unreachable/),
    });
  });
});

describe('machine translation jobs with a LibreTranslate server', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let stub: Awaited<ReturnType<typeof startTranslateStub>>;
  let mode: 'ok' | 'down' | 'second-batch-fails-once' | 'mangle' = 'ok';
  let failedOnce = false;
  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    t.http()[method](`/rest_api/v2${path}`).set(auth(shop));

  beforeAll(async () => {
    stub = await startTranslateStub({
      apiKey: 'lt-key',
      respond: (call) => {
        if (mode === 'down') return { status: 503, body: { error: 'overloaded' } };
        if (
          mode === 'second-batch-fails-once' &&
          call.format === 'html' &&
          !failedOnce &&
          stub.calls.filter((c) => c.format === 'html').length === 2
        ) {
          failedOnce = true;
          return { status: 500, body: { error: 'worker crashed' } };
        }
        if (mode === 'mangle')
          // Drops the markers of every text that has some: those texts cannot be rebuilt.
          return { status: 200, body: { translatedText: call.q.map((q) => `DE:${q.replace(/<x id="\d+"\/>/g, '')}`) } };
        return null;
      },
    });
    t = await createTestApp({ env: jobEnv(stub.url) });
    shop = await t.shop();
    await api('post', '/programs')
      .send({ type: 'earning', event: 'sign_up', title: 'Join the club', earnPoint: 50 })
      .expect(201);
    await api('put', '/translations')
      .send({ primaryLanguage: 'en', en: { 'tier.top': 'You are a legend!' } })
      .expect(200);
    await settledJobs(t, shop);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('success: a new language is translated whole (catalogue texts, overrides, program titles), ICU intact', async () => {
    mode = 'ok';
    stub.calls.length = 0;
    const created = await api('post', '/translations/languages')
      .send({ primaryLanguage: 'en', additionalLanguage: 'sv' })
      .expect(201);
    expect(created.body.meta.jobs).toContainEqual(
      expect.objectContaining({ kind: 'machine-translate', locales: ['sv'], status: expect.any(String) }),
    );
    const job = (await settledJobs(t, shop)).find((j) => j.kind === 'machine-translate')!;
    expect(job).toMatchObject({ status: 'done', attempts: 1, error: null, untranslated: [] });
    expect(stub.calls.every((c) => c.api_key === 'lt-key' && c.source === 'en' && c.target === 'sv')).toBe(true);
    expect(stub.calls.every((c) => c.q.length <= 50)).toBe(true);

    const sv = (await translations(t, shop)).data.sv;
    expect(sv['tier.top']).toBe('SV:You are a legend!');
    // The stub prefixes each text node: the ICU structure around the translated words is rebuilt.
    expect(sv['tier.progress']).toBe(
      '{points, plural, one {#SV: more point} other {#SV: more points}}SV: to reach {nextTierName}',
    );
    const text = await t.app.get(ShopText).for(shop.shopId, { locale: 'sv' });
    expect(text.t('tier.progress', { points: 3, nextTierName: 'Gold' })).toBe('3SV: more pointsSV: to reach Gold');
    expect(text.t('tier.review_warning', { points: 1, tierName: 'Gold', date: new Date('2026-05-01T12:00:00Z') })).toBe(
      'SV:Earn 1SV: more pointSV: by 1 maj 2026SV: to keep Gold',
    );
    const programs = (await api('get', '/programs/earning').expect(200)).body.data;
    expect(programs[0].translateTitle).toEqual({ en: 'Join the club', sv: 'SV:Join the club' });
    expect(text.programTitle({ ...programs[0], translateTitle: {} })).toBe('SV:Join the club');
    // Every key now has Swedish text of its own (a message without words needs none).
    expect(Object.keys(sv)).toEqual(TEXT_KEYS);
  });

  it('provider down: retried with backoff, then failed with the reason; the locale is left as it was', async () => {
    const before = (await translations(t, shop)).data;
    mode = 'down';
    await api('put', '/translations')
      .send({ ...before, en: { ...before.en, 'tier.top': 'Legendary!' } })
      .expect(200);
    const jobs = await settledJobs(t, shop);
    const failed = jobs.find((j) => j.kind === 'machine-translate' && j.status === 'failed')!;
    expect(failed).toMatchObject({ attempts: 3, error: 'translator answered 503: overloaded', locales: ['sv'] });
    const after = (await translations(t, shop)).data;
    expect(after.sv).toEqual(before.sv);
    expect(after.en['tier.top']).toBe('Legendary!');
  });

  it('partial failure: a failed batch writes nothing; the retry writes everything', async () => {
    mode = 'second-batch-fails-once';
    stub.calls.length = 0;
    await api('post', '/translations/languages').send({ primaryLanguage: 'en', additionalLanguage: 'fi' }).expect(201);
    const job = (await settledJobs(t, shop)).find((j) => j.kind === 'machine-translate' && j.locales[0] === 'fi')!;
    expect(failedOnce).toBe(true);
    expect(job).toMatchObject({ status: 'done', attempts: 2, error: null, untranslated: [] });
    const fi = (await translations(t, shop)).data.fi;
    const untranslated = Object.keys(fi).filter(
      (k) => fi[k] === defaultText('en')[k] && segmentMessage(fi[k]).units.length > 0,
    );
    expect(untranslated).toEqual([]);
  });

  it('texts that come back without their placeholders are reported untranslated, the rest applied', async () => {
    mode = 'mangle';
    await api('post', '/translations/languages').send({ primaryLanguage: 'en', additionalLanguage: 'da' }).expect(201);
    const job = (await settledJobs(t, shop)).find((j) => j.kind === 'machine-translate' && j.locales[0] === 'da')!;
    expect(job.status).toBe('done');
    expect(job.untranslated).toContain('tier.progress');
    expect(job.untranslated).not.toContain('tier.top');
    const da = (await translations(t, shop)).data.da;
    expect(da['tier.top']).toBe('DE:Legendary!');
    // Untranslated, with no Danish catalogue: the source text, still valid.
    expect(da['tier.progress']).toBe(defaultText('en')['tier.progress']);
  });
});
