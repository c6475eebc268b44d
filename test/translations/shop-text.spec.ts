import { createTestApp, TestApp, auth } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { localeRequestOf, ShopText } from '../../src/translations/queries/shop-text';
import { CATALOGUE } from '../../src/translations/catalogue/catalogue';

/** The renderer every API family uses: locale resolution, merged text, program titles. */
describe('ShopText renderer', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let text: ShopText;
  const api = (method: 'get' | 'post' | 'put', path: string) => t.http()[method](`/rest_api/v2${path}`).set(auth(shop));

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    text = t.app.get(ShopText);
    await api('put', '/translations')
      .send({
        primaryLanguage: 'en',
        additionalLanguages: ['fr', 'ja'],
        en: { 'tier.top': 'Legend status!' },
        fr: {
          'tier.progress': 'Encore {points, plural, one {# point} other {# points}} et vous voilà {nextTierName} !',
        },
      })
      .expect(200);
  });
  afterAll(() => t.close());

  it.each([
    [{ locale: 'ja', acceptLanguage: 'fr' }, 'ja'],
    [{ locale: 'fr-CA' }, 'fr'],
    [{ acceptLanguage: 'de-DE, fr-CA;q=0.8, en;q=0.5' }, 'fr'],
    [{ acceptLanguage: 'ja;q=0.4, fr;q=0.9' }, 'fr'],
    [{ locale: 'de', acceptLanguage: 'es, it' }, 'en'],
    [{}, 'en'],
  ])('resolves %j to %s (only enabled languages)', async (request, locale) => {
    expect((await text.for(shop.shopId, request)).locale).toBe(locale);
  });

  it('reads ?locale= and Accept-Language from a request', () => {
    expect(localeRequestOf({ query: { locale: 'fr' }, headers: { 'accept-language': 'ja' } })).toEqual({
      locale: 'fr',
      acceptLanguage: 'ja',
    });
  });

  it("renders the shop's merged text: overrides, else the catalogue of the locale", async () => {
    const fr = await text.for(shop.shopId, { locale: 'fr' });
    expect(fr.t('tier.progress', { points: 2, nextTierName: 'Or' })).toBe('Encore 2 points et vous voilà Or !');
    expect(fr.t('tier.top')).toBe(CATALOGUE.fr['tier.top']);
    // Dates are formatted in the locale (ICU `{date, date, medium}`).
    expect(fr.t('condition.end_date', { date: new Date('2026-12-24T12:00:00Z') })).toContain('24 déc. 2026');
    const en = await text.for(shop.shopId);
    expect(en.t('tier.top')).toBe('Legend status!');
    expect(en.t('tier.progress', { points: 1, nextTierName: 'Gold' })).toBe('1 more point to reach Gold');
    expect(
      await text.render(shop.shopId, { acceptLanguage: 'ja' }, 'tier.progress', {
        points: 5,
        nextTierName: 'ゴールド',
      }),
    ).toBe('ゴールドまであと5ポイント');
    expect(en.money(12.5, 'EUR')).toBe('€12.50');
    expect(fr.money(12.5, 'EUR')).toBe('12,50\u00a0€');
  });

  it('never throws: missing values fall back, an unknown key renders as itself', async () => {
    const fr = await text.for(shop.shopId, { locale: 'fr' });
    expect(fr.t('no.such.key')).toBe('no.such.key');
    expect(fr.t('tier.progress')).toBe('tier.progress');
  });

  it('program titles: merchant translation, the catalogue for a default title, else the title as written', async () => {
    const [fr, ja] = [await text.for(shop.shopId, { locale: 'fr' }), await text.for(shop.shopId, { locale: 'ja' })];
    const signUp = { id: 'p1', event: 'sign_up', title: 'Create an account', translateTitle: {} };
    expect(fr.programTitle(signUp)).toBe('Créer un compte');
    expect(ja.programTitle(signUp)).toBe(CATALOGUE.ja['program.title.sign_up']);
    expect(fr.programTitle({ ...signUp, translateTitle: { fr: 'Rejoignez-nous' } })).toBe('Rejoignez-nous');
    expect(fr.programTitle({ ...signUp, title: 'Join the club' })).toBe('Join the club');
  });

  it('v2 programs carry translateTitle for every enabled language', async () => {
    const created = await api('post', '/programs')
      .send({
        type: 'earning',
        event: 'sign_up',
        title: 'Create an account',
        earnPoint: 10,
        translateTitle: { ja: '会員登録' },
      })
      .expect(201);
    expect(created.body.data.translateTitle).toEqual({
      en: 'Create an account',
      fr: 'Créer un compte',
      ja: '会員登録',
    });
    await t.enrol(shop, 4242);
    const v1 = await t
      .http()
      .get('/rest_api/v1/earning-programs-by-customer?shopifyCustomerId=4242')
      .set(auth(shop))
      .set('Accept-Language', 'fr-FR,fr;q=0.9')
      .expect(200);
    expect(v1.body.data[0].translateTitle).toBe('Créer un compte');
  });
});
