/** Events of a shop's translations (stream `translations-<shopId>`): text configuration and its background jobs. */
export const TranslationEventType = {
  ConfigSet: 'translations.config-set.v1',
  TextReplaced: 'translations.text-replaced.v1',
  LanguageAdded: 'translations.language-added.v1',
  LanguageRemoved: 'translations.language-removed.v1',
  FaqsReplaced: 'translations.faqs-replaced.v1',
  JobQueued: 'translations.job-queued.v1',
  JobClaimed: 'translations.job-claimed.v1',
  JobSucceeded: 'translations.job-succeeded.v1',
  JobFailed: 'translations.job-failed.v1',
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

/** What a finished job changed (applied by evolve as recorded, so replays never call anyone). */
export interface JobEffects {
  texts?: { locale: string; set: Record<string, string>; reset: string[] };
  programTitles?: Record<string, Record<string, MachineText>>;
  productTitles?: Record<string, Record<string, MachineText>>;
  faqs?: Record<string, Faq[]>;
  /** storefront-sync: metafield keys written and removed. */
  published?: string[];
  unpublished?: string[];
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

export interface JobQueued extends Base {
  type: typeof TranslationEventType.JobQueued;
  jobId: string;
  job: JobSpec;
}

/** One worker holds the job until `leaseUntil`; a worker that died loses it then. */
export interface JobClaimed extends Base {
  type: typeof TranslationEventType.JobClaimed;
  jobId: string;
  worker: string;
  attempt: number;
  leaseUntil: string;
}

export interface JobSucceeded extends Base {
  type: typeof TranslationEventType.JobSucceeded;
  jobId: string;
  worker: string;
  attempt: number;
  effects: JobEffects;
  /** Keys (and `program:<id>`, `faq:<locale>`, `product:<id>`) the translator left untranslated. */
  untranslated: string[];
}

export interface JobFailed extends Base {
  type: typeof TranslationEventType.JobFailed;
  jobId: string;
  worker: string;
  attempt: number;
  reason: string;
  /** When it is tried again; null: given up. */
  retryAt: string | null;
}

export type TranslationEvent =
  | ConfigSet
  | TextReplaced
  | LanguageAdded
  | LanguageRemoved
  | FaqsReplaced
  | JobQueued
  | JobClaimed
  | JobSucceeded
  | JobFailed;

export const translationsStreamId = (shopId: string) => `translations-${shopId}`;
