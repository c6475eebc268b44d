/**
 * The machine translation port: turns texts of one language into another. Adapters: HTTP (a
 * self-hosted LibreTranslate-compatible server, TRANSLATE_URL) and embedded (the default), which
 * translates nothing and says so. Never a fake translation: an untranslated text is reported, not
 * dressed up.
 */
export const MACHINE_TRANSLATION = Symbol('MACHINE_TRANSLATION');

export interface TranslationRequest {
  texts: string[];
  /** Locale codes (BCP 47) of the shop's languages. */
  source: string;
  target: string;
  /** `html`: markup is kept as is (placeholders travel as `<x id="n"/>` markers). */
  format: 'text' | 'html';
}

/** One answer per text, in order: the translation, or null when the provider gave none for it. */
export type TranslationResult = Array<string | null>;

export interface MachineTranslation {
  /** Shown in job results (`libretranslate`, `none`). */
  readonly provider: string;
  /** Throws when the provider is unreachable or refuses the request: the caller keeps its text as it was. */
  translate(request: TranslationRequest): Promise<TranslationResult>;
}

/** The provider failed as a whole (unreachable, 5xx, refused): nothing of the request is usable. */
export class TranslationProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'TranslationProviderError';
  }
}
