import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
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

/** Each catalogue locale's text, key by key. */
export type LocaleTexts = Record<string, Record<string, string>>;

export interface TranslationsView {
  data: Record<string, unknown>;
  meta: Record<string, unknown>;
}

/**
 * GET /translations: the config, one object per enabled locale with its merged text (defaults +
 * overrides), the FAQs; `meta.jobs` holds the recent background jobs with their state.
 */
export class GetTranslationsQuery extends Query<TranslationsView> {
  constructor(readonly shopId: string) {
    super();
  }
}

/** GET /translations/defaults: the catalogue, every locale, no merchant overrides. */
export class GetTranslationDefaultsQuery extends Query<LocaleTexts> {}

@QueryHandler(GetTranslationDefaultsQuery)
export class GetTranslationDefaultsHandler implements IQueryHandler<GetTranslationDefaultsQuery, LocaleTexts> {
  async execute(): Promise<LocaleTexts> {
    return Object.fromEntries(
      catalogueLocales().map((locale) => [locale, { ...defaultText(locale), ...CATALOGUE[locale] }]),
    );
  }
}

@QueryHandler(GetTranslationsQuery)
export class GetTranslationsHandler implements IQueryHandler<GetTranslationsQuery, TranslationsView> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId }: GetTranslationsQuery): Promise<TranslationsView> {
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
