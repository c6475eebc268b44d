import { languageOf } from '../catalogue/catalogue';
import { canonicalLocale } from './locales';

/** One entry of an Accept-Language header. */
export interface LanguageRange {
  locale: string;
  quality: number;
}

/**
 * Accept-Language (RFC 9110): comma-separated ranges with optional `;q=` weights, best first;
 * `*`, malformed ranges and q=0 are dropped; equal weights keep the header's order.
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: Array<LanguageRange & { index: number }> = [];
  header
    .slice(0, 1000)
    .split(',')
    .forEach((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const locale = canonicalLocale(tag.trim());
      if (!locale) return;
      let quality = 1;
      for (const param of params) {
        const [name, value] = param.trim().split('=');
        if (name?.trim().toLowerCase() === 'q') quality = Number(value);
      }
      if (!(quality > 0 && quality <= 1)) return;
      ranges.push({ locale, quality, index });
    });
  return ranges
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ locale, quality }) => ({ locale, quality }));
}

/**
 * The enabled locale that serves a wanted one: the same code, else the same language (`fr-CA` is
 * served by `fr`, `fr` by `fr-CA`); null when the shop has no text in that language.
 */
export function matchLocale(wanted: string, enabled: readonly string[]): string | null {
  const exact = enabled.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const language = languageOf(wanted);
  return enabled.find((l) => l.toLowerCase() === language) ?? enabled.find((l) => languageOf(l) === language) ?? null;
}

export interface LocaleRequest {
  /** The `locale` query parameter, when the client names one. */
  locale?: unknown;
  /** The Accept-Language header. */
  acceptLanguage?: string | null;
}

/**
 * The locale a shopper's text is rendered in: the explicit `locale` parameter, else the best
 * Accept-Language range, else the shop's primary language. Only the shop's enabled languages
 * (primary + additional) are ever served; a wish the shop cannot serve falls through to the next.
 */
export function resolveLocale(request: LocaleRequest, primaryLanguage: string, enabled: readonly string[]): string {
  const explicit = Array.isArray(request.locale) ? request.locale[0] : request.locale;
  const wanted = canonicalLocale(explicit);
  if (wanted) {
    const served = matchLocale(wanted, enabled);
    if (served) return served;
  }
  for (const range of parseAcceptLanguage(request.acceptLanguage)) {
    const served = matchLocale(range.locale, enabled);
    if (served) return served;
  }
  return primaryLanguage;
}
