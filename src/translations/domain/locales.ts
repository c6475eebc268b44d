/**
 * Locale codes (BCP 47). The service accepts language, optional script and optional region
 * (`fr`, `fr-CA`, `zh-Hant-TW`, `es-419`): enough for shop text; extensions and private use are refused.
 */
const SHAPE = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The canonical spelling (`pt-br` -> `pt-BR`), or null when the code is malformed or names no known language. */
export function canonicalLocale(code: unknown): string | null {
  if (typeof code !== 'string' || code.length === 0 || code.length > 35) return null;
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(code.replace(/_/g, '-'));
  } catch {
    return null;
  }
  if (!canonical || !SHAPE.test(canonical)) return null;
  const locale = new Intl.Locale(canonical);
  if (!languageNames.of(locale.language)) return null;
  if (locale.region && /^[A-Z]{2}$/.test(locale.region) && !regionNames.of(locale.region)) return null;
  return canonical;
}
