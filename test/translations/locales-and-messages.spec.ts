import { canonicalLocale } from '../../src/translations/domain/locales';
import { matchLocale, parseAcceptLanguage, resolveLocale } from '../../src/translations/domain/locale-resolution';
import { textProblem } from '../../src/translations/domain/messages';
import { segmentMessage } from '../../src/translations/domain/message-segments';
import { IntlMessageFormat } from 'intl-messageformat';

describe('locale codes (BCP 47)', () => {
  it.each([
    ['fr', 'fr'],
    ['pt-br', 'pt-BR'],
    ['PT_BR', 'pt-BR'],
    ['zh-hant-tw', 'zh-Hant-TW'],
    ['es-419', 'es-419'],
    ['ja', 'ja'],
  ])('%s is canonically %s', (code, canonical) => expect(canonicalLocale(code)).toBe(canonical));

  it.each(['', 'xx', 'qq-ZZ', 'fr-XX', 'english', 'fr--CA', 'en-US-u-ca-buddhist', 'x-private', 42, null, {}])(
    '%p is refused',
    (code) => expect(canonicalLocale(code)).toBeNull(),
  );
});

describe('locale resolution', () => {
  const enabled = ['en', 'fr', 'de', 'pt-BR'];

  it('orders Accept-Language by quality, then by position', () => {
    expect(parseAcceptLanguage('de;q=0.5, fr-CA, *;q=0.1, en;q=0.9, nope, es;q=0')).toEqual([
      { locale: 'fr-CA', quality: 1 },
      { locale: 'en', quality: 0.9 },
      { locale: 'de', quality: 0.5 },
    ]);
  });

  it('serves a region by its language, and a language by a region of it', () => {
    expect(matchLocale('fr-CA', enabled)).toBe('fr');
    expect(matchLocale('pt', enabled)).toBe('pt-BR');
    expect(matchLocale('pt-PT', enabled)).toBe('pt-BR');
    expect(matchLocale('ja', enabled)).toBeNull();
  });

  it('explicit locale first, then Accept-Language, then the primary language; only enabled ones', () => {
    expect(resolveLocale({ locale: 'de', acceptLanguage: 'fr' }, 'en', enabled)).toBe('de');
    expect(resolveLocale({ locale: 'ja', acceptLanguage: 'fr-CA;q=0.8, ja' }, 'en', enabled)).toBe('fr');
    expect(resolveLocale({ locale: 'not a locale', acceptLanguage: 'it, nl' }, 'de', enabled)).toBe('de');
    expect(resolveLocale({}, 'fr', enabled)).toBe('fr');
    expect(resolveLocale({ locale: ['pt-br', 'de'] }, 'en', enabled)).toBe('pt-BR');
  });
});

describe('text values for a key', () => {
  it('accepts a valid message with the placeholders of English', () => {
    expect(textProblem('tier.progress', 'Encore {points} points pour {nextTierName}')).toBeNull();
    expect(textProblem('tier.progress', 'Presque là !')).toBeNull();
  });

  it('refuses broken ICU, an unknown placeholder, a date that is no longer a date, and a long text', () => {
    expect(textProblem('tier.progress', 'Encore {points points')).toMatch(/not a valid ICU message/);
    expect(textProblem('tier.progress', 'Encore {pointz}')).toMatch(/uses \{pointz\}.*\{points\}, \{nextTierName\}/);
    expect(textProblem('condition.end_date', 'Until {date}')).toMatch(/keep \{date\} as a date/);
    expect(textProblem('tier.top', 'x'.repeat(10_001))).toMatch(/at most 10000/);
  });
});

describe('messages cut for a machine translator', () => {
  const fake = (units: readonly string[]) => units.map((u) => `T(${u})`);

  it('sends words with placeholders as markers and rebuilds the ICU structure', () => {
    const message = 'Earn {points, plural, one {# point} other {# points}} for every {amount} you spend.';
    const segmented = segmentMessage(message);
    expect(segmented.units).toEqual([
      '<x id="0"/> point',
      '<x id="0"/> points',
      'Earn <x id="0"/> for every <x id="1"/> you spend.',
    ]);
    const rebuilt = segmented.rebuild(fake(segmented.units))!;
    expect(rebuilt).toBe(
      'T(Earn {points, plural, one {T(# point)} other {T(# points)}} for every {amount} you spend.)',
    );
    expect(new IntlMessageFormat(rebuilt, 'fr').format({ points: 2, amount: '5 €' })).toBe(
      'T(Earn T(2 points) for every 5 € you spend.)',
    );
  });

  it('keeps dates, selects and apostrophes valid', () => {
    const segmented = segmentMessage("It's {period, select, day {today} other {later}} on {date, date, medium}");
    const rebuilt = segmented.rebuild(segmented.units.map((u) => u.replace('It', "C'est l'{ ")))!;
    expect(new IntlMessageFormat(rebuilt, 'fr').format({ period: 'day', date: new Date('2026-03-01T12:00:00Z') })).toBe(
      "C'est l'{ 's today on 1 mars 2026",
    );
  });

  it('answers null when a translator drops, doubles or invents a marker', () => {
    const segmented = segmentMessage('{friend} joined with your link');
    expect(segmented.rebuild(['a rejoint'])).toBeNull();
    expect(segmented.rebuild(['<x id="0"/> <x id="0"/>'])).toBeNull();
    expect(segmented.rebuild(['<x id="0"/> <x id="1"/>'])).toBeNull();
    expect(segmented.rebuild(['<x id="0"></x> a rejoint'])).toBe('{friend} a rejoint');
  });

  it('sends nothing for a message without words', () => {
    expect(segmentMessage('{points, plural, one {#} other {#}}').units).toEqual([]);
    expect(segmentMessage('{program}').rebuild([])).toBe('{program}');
  });
});
