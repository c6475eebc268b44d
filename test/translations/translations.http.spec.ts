import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { TEXT_KEYS, defaultText } from '../../src/translations/catalogue/catalogue';
import {
  METAFIELDS,
  MetafieldDoc,
} from '../../src/infrastructure/commerce-platform/embedded-commerce-platform.adapter';
import { settledJobs, translations } from './translation-stubs';
import { segmentMessage } from '../../src/translations/domain/message-segments';

describe('v2 translations API', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string, as = shop) =>
    t.http()[method](`/rest_api/v2/translations${path}`).set(auth(as));
  const streamLength = async (s = shop) =>
    (await t.store.storage.eventStore.readStream(`translations-${s.shopId}`)).length;
  const metafields = async (s = shop) =>
    (await (await t.store.storage.readStore.collection<MetafieldDoc>(METAFIELDS)).find({ shopId: s.shopId }))
      .map((m) => m.key)
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ env: { TRANSLATION_JOB_POLL_MS: '50' } });
    shop = await t.shop();
    other = await t.shop();
  });
  afterAll(() => t.close());

  it('GET /translations/defaults: the catalogue of every locale, no overrides', async () => {
    const body = (await api('get', '/defaults').expect(200)).body;
    const data = expectSuccess(body);
    expect(Object.keys(data)).toContain('en');
    expect(Object.keys(data.en)).toEqual(TEXT_KEYS);
    expect(TEXT_KEYS.length).toBeGreaterThanOrEqual(300);
    expect(data.en['program.title.sign_up']).toBe('Create an account');
    expect(body.meta).toEqual({ locales: Object.keys(data), keys: TEXT_KEYS.length });
  });

  it('GET /translations of a new shop: English, the catalogue text, no jobs', async () => {
    const body = (await api('get', '').expect(200)).body;
    expect(expectSuccess(body)).toEqual({
      primaryLanguage: 'en',
      detectMethod: 'browserLanguage',
      additionalLanguages: [],
      embedContent: [],
      en: defaultText('en'),
      faqs: { en: [] },
    });
    expect(body.meta).toEqual({ jobs: [] });
  });

  it('PUT replaces: stores overrides, an omitted key returns to its default, unknown keys are ignored', async () => {
    const put = await api('put', '')
      .send({
        primaryLanguage: 'en',
        detectMethod: 'customerIp',
        en: {
          'tier.top': 'You are at the very top!',
          'program.title.sign_up': 'Create an account',
          'no.such.key': 'ignored',
        },
      })
      .expect(200);
    expect(put.body.message).toBe('Translations updated');
    const data = expectSuccess(put.body);
    expect(data).toMatchObject({ primaryLanguage: 'en', detectMethod: 'customerIp' });
    expect(data.en['tier.top']).toBe('You are at the very top!');
    expect(data.en).not.toHaveProperty('no.such.key');
    expect(Object.keys(data.en)).toEqual(TEXT_KEYS);

    const replaced = expectSuccess((await api('put', '').send({ primaryLanguage: 'en', en: {} }).expect(200)).body);
    expect(replaced.en['tier.top']).toBe(defaultText('en')['tier.top']);
    // An omitted config field keeps its value.
    expect(replaced.detectMethod).toBe('customerIp');
  });

  it('an unchanged GET-then-PUT appends nothing and starts nothing', async () => {
    await api('put', '')
      .send({ primaryLanguage: 'en', en: { 'streak.title': 'ignored', 'tier.top': 'Top of the class' } })
      .expect(200);
    await settledJobs(t, shop);
    const before = await translations(t, shop);
    const events = await streamLength();
    const again = await api('put', '').send(before.data).expect(200);
    expect(again.body.message).toBe('No change');
    expect(await streamLength()).toBe(events);
    expect((await translations(t, shop)).meta.jobs).toEqual(before.meta.jobs);
    // A key that does not exist changes nothing either.
    await api('put', '')
      .send({ ...before.data, en: { ...before.data.en, 'made.up': 'x' } })
      .expect(200);
    expect(await streamLength()).toBe(events);
  });

  it('a change publishes the storefront sync (embedded platform records the metafields)', async () => {
    const jobs = await settledJobs(t, shop);
    const sync = jobs.find((j) => j.kind === 'storefront-sync');
    expect(sync).toMatchObject({ status: 'done', attempts: 1, error: null, locales: [] });
    expect(await metafields()).toEqual(['translations_config', 'translations_en']);
    const en = await (
      await t.store.storage.readStore.collection<MetafieldDoc>(METAFIELDS)
    ).get(`${shop.shopId}:loyalty.translations_en`);
    expect(JSON.parse(en!.value)).toMatchObject({ locale: 'en', text: { 'tier.top': 'Top of the class' }, faqs: [] });
  });

  it("another shop never sees a shop's overrides", async () => {
    const theirs = await translations(t, other);
    expect(theirs.data.en['tier.top']).toBe(defaultText('en')['tier.top']);
    expect(theirs.meta.jobs).toEqual([]);
    expect(await metafields(other)).toEqual([]);
    // Nor writes them: the other shop's changes land in its own stream only.
    const mine = await translations(t, shop);
    await api('put', '', other)
      .send({ primaryLanguage: 'en', en: { 'tier.top': 'Theirs' } })
      .expect(200);
    expectError((await api('delete', '/languages/de', other).expect(404)).body, 'NOT_FOUND', 404);
    expect((await translations(t, shop)).data).toEqual(mine.data);
    expect((await translations(t, other)).data.en['tier.top']).toBe('Theirs');
  });

  it('POST /translations/languages: 201 with the full object; the job runs and says what is untranslated', async () => {
    const created = await api('post', '/languages')
      .send({ primaryLanguage: 'en', additionalLanguage: 'sv-se' })
      .expect(201);
    const data = expectSuccess(created.body);
    expect(data.additionalLanguages).toEqual(['sv-SE']);
    expect(Object.keys(data['sv-SE'])).toEqual(TEXT_KEYS);
    expect(created.body.meta.jobs.map((j: any) => j.kind)).toEqual(
      expect.arrayContaining(['machine-translate', 'storefront-sync']),
    );
    const translate = (await settledJobs(t, shop)).find(
      (j) => j.kind === 'machine-translate' && j.locales[0] === 'sv-SE',
    );
    // No translator configured: nothing is dressed up as Swedish; every text with words is listed as
    // untranslated, and the one the merchant changed keeps its (English) source text.
    expect(translate).toMatchObject({ status: 'done', applied: 1, error: null });
    expect(translate.untranslated).toEqual(TEXT_KEYS.filter((k) => segmentMessage(defaultText('en')[k]).units.length));
    expect(translate.untranslated.length).toBeGreaterThan(300);
    expect((await translations(t, shop)).data['sv-SE']['tier.top']).toBe('Top of the class');
    expect(await metafields()).toEqual(['translations_config', 'translations_en', 'translations_sv-SE']);
    // Adding it again changes nothing.
    const events = await streamLength();
    await api('post', '/languages').send({ primaryLanguage: 'en', additionalLanguage: 'sv-SE' }).expect(201);
    expect(await streamLength()).toBe(events);
  });

  it('DELETE /translations/languages/{locale}: clears it and republishes the sync', async () => {
    const removed = await api('delete', '/languages/sv-SE').expect(200);
    const data = expectSuccess(removed.body);
    expect(data.additionalLanguages).toEqual([]);
    expect(data).not.toHaveProperty('sv-SE');
    await settledJobs(t, shop);
    expect(await metafields()).toEqual(['translations_config', 'translations_en']);
    expectError((await api('delete', '/languages/sv-SE').expect(404)).body, 'NOT_FOUND', 404);
    expect(expectError((await api('delete', '/languages/en').expect(400)).body, 'BAD_REQUEST', 400).field).toBe(
      'locale',
    );
    expect(expectError((await api('delete', '/languages/xx-YY').expect(400)).body, 'BAD_REQUEST', 400).field).toBe(
      'locale',
    );
  });

  it('PUT /translations/faqs: per-locale FAQs, shown by GET and embedded for embedContent locales', async () => {
    await api('put', '')
      .send({ primaryLanguage: 'en', additionalLanguages: ['de'], embedContent: ['en'] })
      .expect(200);
    const faqs = {
      en: [
        { title: 'When do points expire?', content: 'Never.', orderBy: 2 },
        { title: 'How do I earn?', content: 'Shop with us.', orderBy: 1 },
      ],
    };
    const put = await api('put', '/faqs').send(faqs).expect(200);
    expect(put.body.message).toBe('FAQs updated');
    expect(expectSuccess(put.body).faqs).toEqual({ en: [faqs.en[1], faqs.en[0]], de: [] });
    await settledJobs(t, shop);
    const en = await (
      await t.store.storage.readStore.collection<MetafieldDoc>(METAFIELDS)
    ).get(`${shop.shopId}:loyalty.translations_en`);
    expect(JSON.parse(en!.value).faqs.map((f: any) => f.title)).toEqual(['How do I earn?', 'When do points expire?']);
    const events = await streamLength();
    expect((await api('put', '/faqs').send(faqs).expect(200)).body.message).toBe('No change');
    expect(await streamLength()).toBe(events);
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    const long = 'x'.repeat(10_001);
    it.each([
      ['a body that is not an object', ['en'], 'body'],
      ['no primaryLanguage', { en: {} }, 'primaryLanguage'],
      ['a malformed primaryLanguage', { primaryLanguage: 'english' }, 'primaryLanguage'],
      ['an unknown primaryLanguage', { primaryLanguage: 'xx' }, 'primaryLanguage'],
      ['detectMethod outside its enum', { primaryLanguage: 'en', detectMethod: 'geoIp' }, 'detectMethod'],
      [
        'an unknown additional language',
        { primaryLanguage: 'en', additionalLanguages: ['fr-XX'] },
        'additionalLanguages[0]',
      ],
      ['additionalLanguages not a list', { primaryLanguage: 'en', additionalLanguages: 'fr' }, 'additionalLanguages'],
      [
        'the primary among the additional',
        { primaryLanguage: 'en', additionalLanguages: ['en'] },
        'additionalLanguages',
      ],
      ['embedContent not enabled', { primaryLanguage: 'en', embedContent: ['ja'] }, 'embedContent'],
      ['a key that is no locale', { primaryLanguage: 'en', klingonese: {} }, 'klingonese'],
      ['a locale that is not enabled', { primaryLanguage: 'en', ja: { 'tier.top': 'トップ' } }, 'ja'],
      ['locale text not an object', { primaryLanguage: 'en', en: 'hello' }, 'en'],
      ['a non-string text', { primaryLanguage: 'en', en: { 'tier.top': 42 } }, 'en.tier.top'],
      ['a text over 10,000 characters', { primaryLanguage: 'en', en: { 'tier.top': long } }, 'en.tier.top'],
      ['a text that is not ICU', { primaryLanguage: 'en', en: { 'tier.progress': '{points' } }, 'en.tier.progress'],
      ['a placeholder English lacks', { primaryLanguage: 'en', en: { 'tier.top': 'Hi {name}' } }, 'en.tier.top'],
      ['the same locale twice', { primaryLanguage: 'en', en: {}, EN: {} }, 'EN'],
    ])('PUT /translations with %s', async (_, body, field) => {
      const events = await streamLength();
      const before = await translations(t, shop);
      const error = expectError((await api('put', '').send(body).expect(400)).body, 'BAD_REQUEST', 400);
      expect(error.field).toBe(field);
      expect(error.message.startsWith(field)).toBe(true);
      expect(await streamLength()).toBe(events);
      expect((await translations(t, shop)).data).toEqual(before.data);
    });

    it.each([
      ['a body that is not an object', ['fr'], 'body'],
      ['no additionalLanguage', { primaryLanguage: 'en' }, 'additionalLanguage'],
      ['no primaryLanguage', { additionalLanguage: 'fr' }, 'primaryLanguage'],
      [
        'a malformed additionalLanguage',
        { primaryLanguage: 'en', additionalLanguage: 'fr_FR_x' },
        'additionalLanguage',
      ],
      ['a source that is not enabled', { primaryLanguage: 'ja', additionalLanguage: 'fr' }, 'primaryLanguage'],
      ['the primary language', { primaryLanguage: 'en', additionalLanguage: 'en' }, 'additionalLanguage'],
    ])('POST /translations/languages with %s', async (_, body, field) => {
      const events = await streamLength();
      const response = await api('post', '/languages').send(body).expect(400);
      expect(expectError(response.body, 'BAD_REQUEST', 400).field).toBe(field);
      expect(await streamLength()).toBe(events);
    });

    it.each([
      ['an item without title', { en: [{ content: 'x' }] }, 'en[0].title'],
      ['an item without content', { en: [{ title: 'Q', content: '' }] }, 'en[0].content'],
      ['a non-string title', { en: [{ title: 1, content: 'x' }] }, 'en[0].title'],
      ['a content over 10,000 characters', { en: [{ title: 'Q', content: long }] }, 'en[0].content'],
      ['a bad orderBy', { en: [{ title: 'Q', content: 'A', orderBy: 1.5 }] }, 'en[0].orderBy'],
      ['a locale without a list', { en: { title: 'Q' } }, 'en'],
      ['an item that is not an object', { en: ['Q?'] }, 'en[0]'],
      ['a locale that is not enabled', { ja: [] }, 'ja'],
      ['a malformed locale', { 'en-': [] }, 'en-'],
      ['a list body', [], 'body'],
    ])('PUT /translations/faqs with %s', async (_, body, field) => {
      const events = await streamLength();
      const error = expectError((await api('put', '/faqs').send(body).expect(400)).body, 'BAD_REQUEST', 400);
      expect(error.field).toBe(field);
      expect(await streamLength()).toBe(events);
    });
  });

  it('401 without keys', async () => {
    expectError((await t.http().get('/rest_api/v2/translations').expect(401)).body, 'UNAUTHORIZED', 401);
    expectError((await t.http().put('/rest_api/v2/translations').send({}).expect(401)).body, 'UNAUTHORIZED', 401);
  });
});
