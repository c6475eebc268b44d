import { defaultText, hasCatalogueLanguage, Messages, TEXT_KEYS } from '../catalogue/catalogue';
import { TranslationConfig } from './translation-events';

/** What a shop's text is made of: the catalogue's defaults and the merchant's overrides per locale. */
export interface ShopTextSource {
  config: TranslationConfig;
  overrides: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const DEFAULT_CONFIG: TranslationConfig = {
  primaryLanguage: 'en',
  detectMethod: 'browserLanguage',
  additionalLanguages: [],
  embedContent: [],
};

/** The primary language first, then the additional ones. */
export function enabledLocales(config: TranslationConfig): string[] {
  return [config.primaryLanguage, ...config.additionalLanguages];
}

/** A locale's text as shoppers see it: the defaults with the merchant's overrides on top. */
export function mergedText(source: ShopTextSource, locale: string): Messages {
  const overrides = source.overrides[locale];
  return overrides ? { ...defaultText(locale), ...overrides } : defaultText(locale);
}

/** Replace semantics: only the keys that differ from the defaults are kept; unknown keys are dropped. */
export function overridesOf(locale: string, given: Readonly<Record<string, string>>): Record<string, string> {
  const defaults = defaultText(locale);
  const overrides: Record<string, string> = {};
  for (const key of TEXT_KEYS) {
    const text = given[key];
    if (text !== undefined && text !== defaults[key]) overrides[key] = text;
  }
  return overrides;
}

/**
 * The keys a new (or newly sourced) target locale needs from a translator: where the catalogue
 * speaks its language, only what the merchant changed in the source; otherwise everything. A key
 * the target already has its own text for is never overwritten.
 */
export function keysToTranslate(source: ShopTextSource, from: string, target: string): string[] {
  const own = source.overrides[target] ?? {};
  const keys = hasCatalogueLanguage(target) ? Object.keys(source.overrides[from] ?? {}) : TEXT_KEYS;
  return keys.filter((key) => !(key in own));
}

export function sameRecord(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((k) => k in b && JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}
