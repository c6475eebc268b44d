import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CATALOGUE, catalogueLocales, defaultText } from '../catalogue/catalogue';
import { DEFAULT_CONFIG, enabledLocales, mergedText } from '../domain/translation-text';
import {
  TRANSLATION_JOBS,
  TranslationJobDoc,
  TRANSLATIONS,
  TranslationsDoc,
} from '../projections/translation-read-models';

const RECENT_JOBS = 20;

/** A background job as GET /translations shows it. */
function presentJob(job: TranslationJobDoc) {
  return {
    id: job.id,
    kind: job.kind,
    locales: job.locales,
    status: job.status,
    attempts: job.attempts,
    nextAttemptAt: job.status === 'queued' || job.status === 'retrying' ? job.dueAt : null,
    error: job.lastError,
    applied: job.applied,
    untranslated: job.untranslated,
    queuedAt: job.queuedAt,
    updatedAt: job.updatedAt,
  };
}

/** GET /translations and GET /translations/defaults. */
@Injectable()
export class GetTranslationsQuery {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** System defaults only: the catalogue, every locale, no merchant overrides. */
  defaults(): Record<string, Record<string, string>> {
    return Object.fromEntries(
      catalogueLocales().map((locale) => [locale, { ...defaultText(locale), ...CATALOGUE[locale] }]),
    );
  }

  /**
   * The config, one object per enabled locale with its merged text (defaults + overrides), the
   * FAQs; `meta.jobs` holds the recent background jobs with their state.
   */
  async get(shopId: string): Promise<{ data: Record<string, unknown>; meta: Record<string, unknown> }> {
    const doc = await (await this.readStore.collection<TranslationsDoc>(TRANSLATIONS)).get(shopId);
    const source: Pick<TranslationsDoc, 'config' | 'overrides' | 'faqs'> = doc ?? {
      config: DEFAULT_CONFIG,
      overrides: {},
      faqs: {},
    };
    const { config } = source;
    const data: Record<string, unknown> = {
      primaryLanguage: config.primaryLanguage,
      detectMethod: config.detectMethod,
      additionalLanguages: config.additionalLanguages,
      embedContent: config.embedContent,
    };
    for (const locale of enabledLocales(config)) data[locale] = mergedText(source, locale);
    data.faqs = Object.fromEntries(enabledLocales(config).map((locale) => [locale, source.faqs[locale] ?? []]));
    const jobs = await (
      await this.readStore.collection<TranslationJobDoc>(TRANSLATION_JOBS)
    ).find({ shopId }, { sort: { field: 'queuedAt', direction: 'desc' }, limit: RECENT_JOBS });
    return { data, meta: { jobs: jobs.map(presentJob) } };
  }
}
