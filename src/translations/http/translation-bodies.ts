import { because } from '../../shared/domain/domain-error';
import { isTextKey } from '../catalogue/catalogue';
import { canonicalLocale } from '../domain/locales';
import { MAX_TEXT_LENGTH, textProblem } from '../domain/messages';
import { DETECT_METHODS, DetectMethod, Faq } from '../domain/translation-events';
import { TranslationBody } from '../commands/replace-translations.handler';

/**
 * The translation bodies are keyed by locale codes, so they are checked here rather than by DTO
 * classes: every problem is a 400 naming the field (`fr`, `fr.tier.top`, `de[2].title`), found
 * before anything is stored.
 */
const bad = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LOCALE_HINT = 'must be a known locale code (BCP 47) such as en, fr or pt-BR';

export function locale(value: unknown, field: string): string {
  const canonical = canonicalLocale(value);
  if (!canonical) throw bad(field, LOCALE_HINT);
  return canonical;
}

function locales(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw bad(field, 'must be a list of locale codes');
  return value.map((v, i) => locale(v, `${field}[${i}]`));
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw bad('body', 'must be a JSON object');
  return body;
}

/** Locale-keyed entries of a body, canonical codes, each locale once. */
function localeEntries(body: Record<string, unknown>, skip: Set<string>): Array<[string, string, unknown]> {
  const seen = new Map<string, string>();
  const entries: Array<[string, string, unknown]> = [];
  for (const [key, value] of Object.entries(body)) {
    if (skip.has(key)) continue;
    const canonical = canonicalLocale(key);
    if (!canonical) throw bad(key, `is not a field of this body, and not a locale code: a locale ${LOCALE_HINT}`);
    if (seen.has(canonical)) throw bad(key, `is the same locale as ${seen.get(canonical)}`);
    seen.set(canonical, key);
    entries.push([key, canonical, value]);
  }
  return entries;
}

const CONFIG_FIELDS = ['primaryLanguage', 'detectMethod', 'additionalLanguages', 'embedContent'];
/** Read-only parts of GET /translations sent back unchanged by a GET-then-PUT. */
const IGNORED = ['faqs'];

/** PUT /translations: the whole translation object (spec 2.9 Translation config). */
export function translationBody(raw: unknown): TranslationBody {
  const body = objectBody(raw);
  if (body.primaryLanguage === undefined) throw bad('primaryLanguage', 'is required');
  const primaryLanguage = locale(body.primaryLanguage, 'primaryLanguage');
  if (body.detectMethod !== undefined && !(DETECT_METHODS as readonly unknown[]).includes(body.detectMethod))
    throw bad('detectMethod', `must be one of ${DETECT_METHODS.join(', ')}`);
  const texts: Record<string, Record<string, string>> = {};
  for (const [field, code, value] of localeEntries(body, new Set([...CONFIG_FIELDS, ...IGNORED]))) {
    if (!isObject(value)) throw bad(field, 'must be an object of text keys and their text');
    const localeTexts: Record<string, string> = {};
    for (const [key, text] of Object.entries(value)) {
      if (!isTextKey(key)) continue;
      const textField = `${field}.${key}`;
      if (typeof text !== 'string') throw bad(textField, 'must be a string');
      if (text.length > MAX_TEXT_LENGTH) throw bad(textField, `must be at most ${MAX_TEXT_LENGTH} characters`);
      const problem = textProblem(key, text, code);
      if (problem) throw bad(textField, problem);
      localeTexts[key] = text;
    }
    texts[code] = localeTexts;
  }
  return {
    primaryLanguage,
    detectMethod: body.detectMethod as DetectMethod | undefined,
    additionalLanguages: locales(body.additionalLanguages, 'additionalLanguages'),
    embedContent: locales(body.embedContent, 'embedContent'),
    texts,
  };
}

/** POST /translations/languages. */
export function addLanguageBody(raw: unknown): { source: string; locale: string } {
  const body = objectBody(raw);
  if (body.primaryLanguage === undefined) throw bad('primaryLanguage', 'is required');
  if (body.additionalLanguage === undefined) throw bad('additionalLanguage', 'is required');
  return {
    source: locale(body.primaryLanguage, 'primaryLanguage'),
    locale: locale(body.additionalLanguage, 'additionalLanguage'),
  };
}

export const MAX_FAQS_PER_LOCALE = 100;

/** PUT /translations/faqs: per-locale arrays of `{title, content, orderBy}`. */
export function faqsBody(raw: unknown): Record<string, Faq[]> {
  const body = objectBody(raw);
  const faqs: Record<string, Faq[]> = {};
  for (const [field, code, value] of localeEntries(body, new Set())) {
    if (!Array.isArray(value)) throw bad(field, 'must be a list of FAQ items {title, content, orderBy}');
    if (value.length > MAX_FAQS_PER_LOCALE) throw bad(field, `must have at most ${MAX_FAQS_PER_LOCALE} items`);
    const items = value.map((item, i) => {
      const at = `${field}[${i}]`;
      if (!isObject(item)) throw bad(at, 'must be an object {title, content, orderBy}');
      for (const name of ['title', 'content'] as const) {
        const text = item[name];
        if (text === undefined || text === null) throw bad(`${at}.${name}`, 'is required');
        if (typeof text !== 'string') throw bad(`${at}.${name}`, 'must be a string');
        if (!text.trim()) throw bad(`${at}.${name}`, 'must not be empty');
        if (text.length > MAX_TEXT_LENGTH) throw bad(`${at}.${name}`, `must be at most ${MAX_TEXT_LENGTH} characters`);
      }
      const orderBy = item.orderBy ?? i;
      if (!Number.isInteger(orderBy) || (orderBy as number) < 0 || (orderBy as number) > 1_000_000)
        throw bad(`${at}.orderBy`, 'must be an integer from 0 to 1,000,000');
      return { title: item.title as string, content: item.content as string, orderBy: orderBy as number };
    });
    // Stored in display order: the storefront shows them as they come.
    faqs[code] = items
      .map((faq, i) => ({ faq, i }))
      .sort((a, b) => a.faq.orderBy - b.faq.orderBy || a.i - b.i)
      .map((x) => x.faq);
  }
  return faqs;
}
