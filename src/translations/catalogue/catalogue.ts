import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import ja from './ja.json';
import nl from './nl.json';
import ptBR from './pt-BR.json';
import { BoundedCache } from '../../shared/bounded-cache';

/**
 * The text catalogue shipped with the service: one flat JSON file per locale, key -> ICU
 * MessageFormat message. `en` is the source: it defines the keys, and a test proves every other
 * locale has exactly these keys, no placeholder English lacks, and parses.
 */
export type Messages = Readonly<Record<string, string>>;

export const SOURCE_LOCALE = 'en';

/** The language subtag of a locale code: `fr-CA` -> `fr`. */
export function languageOf(locale: string): string {
  return locale.split('-')[0].toLowerCase();
}

export const CATALOGUE: Readonly<Record<string, Messages>> = { en, fr, de, es, it, nl, 'pt-BR': ptBR, ja };

export const TEXT_KEYS: readonly string[] = Object.keys(en);
const KEYS = new Set(TEXT_KEYS);

export function isTextKey(key: string): boolean {
  return KEYS.has(key);
}

export function catalogueLocales(): string[] {
  return Object.keys(CATALOGUE);
}

/**
 * The catalogue locale a locale starts from: itself, else its language (`fr-CA` -> `fr`), else
 * another locale of its language (`pt-PT` -> `pt-BR`), else English.
 */
export function catalogueLocaleFor(locale: string): string {
  if (CATALOGUE[locale]) return locale;
  const language = languageOf(locale);
  if (CATALOGUE[language]) return language;
  return catalogueLocales().find((l) => languageOf(l) === language) ?? SOURCE_LOCALE;
}

/** Whether the catalogue has text in the locale's own language (else it starts from English). */
export function hasCatalogueLanguage(locale: string): boolean {
  return languageOf(catalogueLocaleFor(locale)) === languageOf(locale);
}

const defaults = new BoundedCache<string, Messages>({ max: 1_000 });

/** The system default text of a locale, every key present (a key a locale lacks reads as English). */
export function defaultText(locale: string): Messages {
  const from = catalogueLocaleFor(locale);
  let text = defaults.get(from);
  if (!text) {
    text = Object.freeze({ ...en, ...CATALOGUE[from] });
    defaults.set(from, text);
  }
  return text;
}
