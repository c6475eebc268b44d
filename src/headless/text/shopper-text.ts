import { Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * What the headless API needs from the localisation capability: a shop's text in the locale a
 * request asks for. Bound to the translations renderer once it is on main; until then the English
 * catalogue is formatted as is.
 */
export const SHOPPER_TEXT = Symbol('SHOPPER_TEXT');

/** Where a request says which language it wants: `?locale=` and Accept-Language. */
export interface LocaleWish {
  locale?: unknown;
  acceptLanguage?: string | null;
}

export interface ShopperSentences {
  readonly locale: string;
  /** The key's sentence with `values` (dates as Date); `fallback` (else the key) when there is none. */
  t(key: string, values?: Record<string, unknown>, fallback?: string): string;
  /** An amount of money in the shop's currency, written the locale's way. */
  money(amount: number, currency: string): string;
}

export interface ShopperText {
  for(shopId: string | null, wish: LocaleWish): Promise<ShopperSentences>;
}

export function localeWishOf(request: {
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
}): LocaleWish {
  const header = request.headers?.['accept-language'];
  return { locale: request.query?.locale, acceptLanguage: Array.isArray(header) ? header.join(',') : header };
}

/** Interim: the English catalogue of the translations capability, when present in the tree. */
@Injectable()
export class EnglishCatalogueText implements ShopperText {
  private readonly messages: Record<string, string> = loadCatalogue();
  private readonly compiled = new Map<string, IntlMessageFormat | null>();

  for(): Promise<ShopperSentences> {
    return Promise.resolve({
      locale: 'en',
      t: (key, values, fallback) => this.format(key, values) ?? fallback ?? key,
      money: (amount, currency) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount),
    });
  }

  private format(key: string, values?: Record<string, unknown>): string | null {
    const message = this.messages[key];
    if (message === undefined) return null;
    let compiled = this.compiled.get(key);
    if (compiled === undefined) {
      try {
        compiled = new IntlMessageFormat(message, 'en');
      } catch {
        compiled = null;
      }
      this.compiled.set(key, compiled);
    }
    try {
      return compiled ? String(compiled.format(values as Record<string, string>)) : null;
    } catch {
      return null;
    }
  }
}

function loadCatalogue(): Record<string, string> {
  const file = join(__dirname, '..', '..', 'translations', 'catalogue', 'en.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}
