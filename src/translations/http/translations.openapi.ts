import { anyValue, arrayOf, int, mapOf, nullable, object, oneOf, record, str } from '../../shared/http/openapi/schema';

/** The records of the v2 translations endpoints. */

const FAQ = object({ title: str, content: str, orderBy: int });

/** The config, then one object per enabled locale (key: the locale code) holding its merged text. */
export const TRANSLATIONS = record('V2Translations', {
  ...object({
    primaryLanguage: str,
    detectMethod: oneOf('customerIp', 'browserLanguage', 'optionalStorefrontLanguage'),
    additionalLanguages: arrayOf(str),
    embedContent: arrayOf(str),
    faqs: mapOf(arrayOf(FAQ)),
  }),
  description: 'Besides the config fields: each enabled locale code, its text key by key',
  additionalProperties: mapOf(str),
});

/** `meta` of a translations answer: the recent background jobs (machine translation, FAQs, sync). */
export const TRANSLATIONS_META = object({
  jobs: arrayOf(
    object({
      id: str,
      kind: str,
      locales: arrayOf(str),
      status: str,
      attempts: int,
      nextAttemptAt: nullable(str),
      error: nullable(str),
      applied: int,
      untranslated: arrayOf(anyValue),
      queuedAt: str,
      updatedAt: str,
    }),
  ),
});

/** The catalogue: each locale code, its text key by key. */
export const TRANSLATION_DEFAULTS = record('V2TranslationDefaults', mapOf(mapOf(str)));

export const FAQS = object({ faqs: mapOf(arrayOf(FAQ)) });
