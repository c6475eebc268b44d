import { Inject, Injectable } from '@nestjs/common';
import { IntlMessageFormat } from 'intl-messageformat';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { defaultText, Messages, SOURCE_LOCALE } from '../catalogue/catalogue';
import { LocaleRequest, resolveLocale } from '../domain/locale-resolution';
import { PARSER_OPTIONS } from '../domain/messages';
import { programTitleIn, TitledProgram } from '../domain/program-titles';
import { DEFAULT_CONFIG, enabledLocales, mergedText } from '../domain/translation-text';
import { TRANSLATIONS, TranslationsDoc } from '../projections/translation-read-models';
import { DocumentCache } from '../../projections/document-cache';
import { BoundedCache } from '../../shared/bounded-cache';

/** A shop's text in one locale: what every API family renders shopper-facing sentences with. */
export interface LocalizedText {
  /** The locale served (one of the shop's enabled languages). */
  readonly locale: string;
  readonly primaryLanguage: string;
  /** The shop's enabled languages, primary first. */
  readonly languages: readonly string[];
  /**
   * The key's text (merchant override, else catalogue) rendered with `values` (ICU placeholders;
   * dates as Date). Never throws: a text that cannot render falls back to the catalogue's text of
   * the locale, then English, then the key itself.
   */
  t(key: string, values?: Record<string, unknown>): string;
  /** A program's title in this locale (see `programTitleIn`). */
  programTitle(program: TitledProgram): string;
  /** An amount of money in the shop's currency, as this locale writes it. */
  money(amount: number, currency: string): string;
}

/** Where a request says which language it wants: `?locale=` and Accept-Language. */
export function localeRequestOf(request: {
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
}): LocaleRequest {
  const header = request.headers?.['accept-language'];
  return { locale: request.query?.locale, acceptLanguage: Array.isArray(header) ? header.join(',') : header };
}

/** Compiled messages; `false`: the text does not parse (the cache holds no null). */
const formatters = new BoundedCache<string, IntlMessageFormat | false>({ max: 10_000 });

/** Compiled messages are shared by every shop and request (null: the text does not parse). */
function formatter(message: string, locale: string): IntlMessageFormat | null {
  const id = `${locale}\u0000${message}`;
  let compiled = formatters.get(id);
  if (compiled === undefined) {
    try {
      compiled = new IntlMessageFormat(message, locale, undefined, PARSER_OPTIONS);
    } catch {
      compiled = false;
    }
    formatters.set(id, compiled);
  }
  return compiled || null;
}

function format(message: string | undefined, locale: string, values?: Record<string, unknown>): string | null {
  if (message === undefined) return null;
  try {
    const out = formatter(message, locale)?.format(values as Record<string, string>);
    return typeof out === 'string' ? out : out === undefined ? null : String(out);
  } catch {
    return null;
  }
}

class ShopLocalizedText implements LocalizedText {
  readonly languages: readonly string[];
  readonly primaryLanguage: string;
  private readonly text: Messages;

  constructor(
    private readonly doc: TextDoc,
    readonly locale: string,
  ) {
    this.languages = enabledLocales(doc.config);
    this.primaryLanguage = doc.config.primaryLanguage;
    this.text = mergedText(doc, locale);
  }

  t(key: string, values?: Record<string, unknown>): string {
    return (
      format(this.text[key], this.locale, values) ??
      format(defaultText(this.locale)[key], this.locale, values) ??
      format(defaultText(SOURCE_LOCALE)[key], SOURCE_LOCALE, values) ??
      key
    );
  }

  programTitle(program: TitledProgram): string {
    return programTitleIn(this.doc, program, this.locale);
  }

  /** By currency: building an Intl.NumberFormat costs far more than using one. */
  private readonly moneyFormats = new Map<string, Intl.NumberFormat | null>();

  money(amount: number, currency: string): string {
    let formatter = this.moneyFormats.get(currency);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(this.locale, { style: 'currency', currency });
      } catch {
        formatter = null;
      }
      // A shop has one currency; the bound only stops a caller passing arbitrary codes from growing it.
      if (this.moneyFormats.size < 16) this.moneyFormats.set(currency, formatter);
    }
    return formatter ? formatter.format(amount) : `${amount} ${currency}`;
  }
}

type TextDoc = Omit<TranslationsDoc, 'id' | 'shopId' | 'streamRevision' | 'updatedAt'>;

const EMPTY: TextDoc = { config: DEFAULT_CONFIG, overrides: {}, programTitles: {}, productTitles: {}, faqs: {} };

/**
 * A document's text per locale, built once: merging the overrides into the catalogue is the costly
 * part of a request's rendering. Keyed by the document object, which the cache replaces on change.
 */
const texts = new WeakMap<TextDoc, Map<string, ShopLocalizedText>>();

function localized(doc: TextDoc, locale: string): ShopLocalizedText {
  let byLocale = texts.get(doc);
  if (!byLocale) texts.set(doc, (byLocale = new Map()));
  let text = byLocale.get(locale);
  if (!text) byLocale.set(locale, (text = new ShopLocalizedText(doc, locale)));
  return text;
}

/**
 * The one renderer of shopper-facing text. Per request: one read of the shop's translations
 * document (merchant overrides only, small); compiled messages are cached across shops.
 *
 *   const text = await shopText.for(shopId, localeRequestOf(request));
 *   text.t('tier.progress', { points: 120, nextTierName: 'Gold' });
 */
@Injectable()
export class ShopText {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly documents: DocumentCache,
  ) {}

  /** The shop's text in the locale the request resolves to (explicit, Accept-Language, primary). */
  async for(shopId: string, request: LocaleRequest = {}): Promise<LocalizedText> {
    const doc = await this.document(shopId);
    return localized(doc, resolveLocale(request, doc.config.primaryLanguage, enabledLocales(doc.config)));
  }

  /** One sentence in one line: resolve the locale, render the key. */
  async render(shopId: string, request: LocaleRequest, key: string, values?: Record<string, unknown>): Promise<string> {
    return (await this.for(shopId, request)).t(key, values);
  }

  /** Every enabled locale's text of the shop (for `translateTitle` maps and storefront syncs). */
  async allLocales(shopId: string): Promise<LocalizedText[]> {
    const doc = await this.document(shopId);
    return enabledLocales(doc.config).map((locale) => localized(doc, locale));
  }

  /**
   * `translateTitle` of a program as the v2 API shows it: the merchant's own entries, completed
   * with the title rendered in each enabled language.
   */
  async translateTitles(shopId: string, programs: TitledProgram[]): Promise<Map<string, Record<string, string>>> {
    const locales = await this.allLocales(shopId);
    return new Map(
      programs.map((p) => [
        p.id,
        {
          ...Object.fromEntries(locales.map((text) => [text.locale, text.programTitle(p)])),
          ...Object.fromEntries(Object.entries(p.translateTitle ?? {}).filter(([, title]) => title?.trim())),
        },
      ]),
    );
  }

  /** From the process's DocumentCache: the same object until the shop's text changes. */
  private async document(shopId: string): Promise<TextDoc> {
    return (
      (await this.documents.get(TRANSLATIONS, shopId, async () =>
        (await this.readStore.collection<TranslationsDoc>(TRANSLATIONS)).get(shopId),
      )) ?? EMPTY
    );
  }
}
