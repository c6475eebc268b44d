/**
 * Events of a shop's translations (stream `translations-<shopId>`): its text and configuration only.
 * The background jobs that translate and publish it are in the background jobs outbox; the job
 * events older logs hold are read by `legacy-job-events.ts`.
 */
export const TranslationEventType = {
  ConfigSet: 'translations.config-set.v1',
  TextReplaced: 'translations.text-replaced.v1',
  LanguageAdded: 'translations.language-added.v1',
  LanguageRemoved: 'translations.language-removed.v1',
  FaqsReplaced: 'translations.faqs-replaced.v1',
  MachineTextApplied: 'translations.machine-text-applied.v1',
} as const;

export const DETECT_METHODS = ['customerIp', 'browserLanguage', 'optionalStorefrontLanguage'] as const;
export type DetectMethod = (typeof DETECT_METHODS)[number];

export interface TranslationConfig {
  primaryLanguage: string;
  /** How the storefront picks the shopper's language (published to it; the server resolves explicitly). */
  detectMethod: DetectMethod;
  additionalLanguages: string[];
  /** Locales whose FAQs and exclusive products are embedded in the storefront. */
  embedContent: string[];
}

export interface Faq {
  title: string;
  content: string;
  orderBy: number;
}

/** A machine translation of a merchant's text, valid while that text is still `source`. */
export interface MachineText {
  source: string;
  text: string;
}

export type JobSpec =
  | {
      kind: 'machine-translate';
      source: string;
      target: string;
      /** Catalogue key -> the source locale's text to translate. */
      texts: Record<string, string>;
      /** Catalogue key -> the target's own text when queued (null: none); a key changed since is left alone. */
      before: Record<string, string | null>;
      /** Program id -> its title in the source locale. */
      titles: Record<string, string>;
    }
  | { kind: 'embed-faqs'; source: string; locales: string[] }
  | {
      kind: 'embed-exclusive-products';
      source: string;
      locales: string[];
      products: Array<{ id: string; title: string }>;
    }
  | { kind: 'storefront-sync' };

export type JobKind = JobSpec['kind'];

/** What a finished job changed in the text (applied by evolve as recorded, so replays never call anyone). */
export interface MachineTextEffects {
  texts?: { locale: string; set: Record<string, string>; reset: string[] };
  programTitles?: Record<string, Record<string, MachineText>>;
  productTitles?: Record<string, Record<string, MachineText>>;
  faqs?: Record<string, Faq[]>;
}

interface Base {
  eventId: string;
  occurredAt: string;
  shopId: string;
}

export interface ConfigSet extends Base {
  type: typeof TranslationEventType.ConfigSet;
  config: TranslationConfig;
}

/** The merchant's text of one locale, replaced whole: only keys that differ from the defaults. */
export interface TextReplaced extends Base {
  type: typeof TranslationEventType.TextReplaced;
  locale: string;
  overrides: Record<string, string>;
}

export interface LanguageAdded extends Base {
  type: typeof TranslationEventType.LanguageAdded;
  locale: string;
  source: string;
}

/** The locale's text, titles and FAQs are cleared with it. */
export interface LanguageRemoved extends Base {
  type: typeof TranslationEventType.LanguageRemoved;
  locale: string;
}

export interface FaqsReplaced extends Base {
  type: typeof TranslationEventType.FaqsReplaced;
  faqs: Record<string, Faq[]>;
}

/**
 * A background job's machine text (translations, embedded FAQs, product titles), as far as it still
 * held when the job finished: a source changed since or the merchant's own edit is left alone.
 */
export interface MachineTextApplied extends Base {
  type: typeof TranslationEventType.MachineTextApplied;
  /** The background job it came from. */
  jobId: string;
  effects: MachineTextEffects;
}

export type TranslationEvent =
  ConfigSet | TextReplaced | LanguageAdded | LanguageRemoved | FaqsReplaced | MachineTextApplied;

export const translationsStreamId = (shopId: string) => `translations-${shopId}`;
