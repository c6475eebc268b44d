import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, SOURCE_LOCALE, TEXT_KEYS } from '../../src/translations/catalogue/catalogue';
import { canonicalLocale } from '../../src/translations/domain/locales';
import { ELEMENT, MessageAst, parseMessage, textProblem } from '../../src/translations/domain/messages';
import { segmentMessage } from '../../src/translations/domain/message-segments';
import { SOCIAL_EVENTS } from '../../src/programs/domain/program-events';

const folder = join(__dirname, '../../src/translations/catalogue');
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));
const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>;
const en = read('en.json') as Record<string, string>;

/** Every plural and select must have `other` (ICU needs it when no other branch matches). */
function missingOther(ast: MessageAst): boolean {
  return ast.some(
    (el) =>
      (el.type === ELEMENT.plural || el.type === ELEMENT.select) &&
      (!('other' in el.options) || Object.values(el.options).some((o) => missingOther(o.value))),
  );
}

describe('the text catalogue', () => {
  it('English has at least 300 keys covering every group a shopper sees', () => {
    expect(TEXT_KEYS.length).toBeGreaterThanOrEqual(300);
    const has = (prefix: string) => TEXT_KEYS.some((k) => k.startsWith(prefix));
    for (const prefix of [
      'program.title.',
      'program.description.',
      'condition.',
      'activity.',
      'tier.',
      'earning_limit.',
      'streak.',
      'milestone.',
      'reward.description.',
      'error.',
      '[[WidgetV2]]',
      '[[Checkout]]',
      '[[POS]]',
    ])
      expect([prefix, has(prefix)]).toEqual([prefix, true]);
    // Every social event a program can be made of (spec 4.2 names 13) has a title in the catalogue.
    expect(SOCIAL_EVENTS).toHaveLength(13);
    for (const event of SOCIAL_EVENTS) expect(TEXT_KEYS).toContain(`program.title.${event}`);
  });

  it('ships at least the 8 locales of the issue', () => {
    expect(Object.keys(CATALOGUE)).toEqual(expect.arrayContaining(['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ja']));
  });

  it('every file in the folder is a locale the service loads', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(Object.keys(CATALOGUE).sort());
    for (const locale of Object.keys(CATALOGUE)) expect(canonicalLocale(locale)).toBe(locale);
  });

  describe.each(files)('%s', (file) => {
    const locale = file.replace(/\.json$/, '');
    const messages = read(file);

    it('has exactly the keys of en.json', () => {
      expect(Object.keys(messages).filter((k) => !(k in en))).toEqual([]);
      expect(TEXT_KEYS.filter((k) => !(k in messages))).toEqual([]);
    });

    it('every message is a string that parses, with no placeholder en lacks, dates kept as dates, plurals with other', () => {
      const problems: string[] = [];
      for (const key of TEXT_KEYS) {
        const text = messages[key];
        if (typeof text !== 'string') {
          problems.push(`${key}: not a string`);
          continue;
        }
        const problem = textProblem(key, text, locale);
        if (problem) problems.push(`${key}: ${problem}`);
        else if (missingOther(parseMessage(text, locale))) problems.push(`${key}: a plural or select without other`);
        else new IntlMessageFormat(text, locale);
      }
      expect(problems).toEqual([]);
    });

    if (locale !== SOURCE_LOCALE) {
      it('is a translation, not an English copy', () => {
        // Texts with words that are identical to English (brand-like labels may be): at most 10 %.
        const worded = TEXT_KEYS.filter((k) => segmentMessage(en[k]).units.length > 0);
        const copies = worded.filter((k) => messages[k] === en[k]);
        expect(copies.length / worded.length).toBeLessThan(0.1);
      });
    }
  });
});
