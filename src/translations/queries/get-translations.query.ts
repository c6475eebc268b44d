import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  BACKGROUND_JOBS,
  BackgroundJob,
  BackgroundJobs,
} from '../../infrastructure/background-jobs/background-jobs.port';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { jobKindOf, OUTBOX_KINDS } from '../commands/translation-job-queue';
import { TranslationJobResult } from '../commands/translation-jobs';
import { JobSpec } from '../domain/translation-events';
import { localesOf } from '../domain/translation-job-specs';
import { CATALOGUE, catalogueLocales, defaultText } from '../catalogue/catalogue';
import { DEFAULT_CONFIG, enabledLocales, mergedText } from '../domain/translation-text';
import {
  TRANSLATION_JOBS,
  TranslationJobDoc,
  TRANSLATIONS,
  TranslationsDoc,
} from '../projections/translation-read-models';

const RECENT_JOBS = 20;

type PresentedJob = ReturnType<typeof presentLegacyJob>;

/** A job of the background jobs outbox as GET /translations shows it. */
function presentJob(job: BackgroundJob): PresentedJob {
  const result = job.result as TranslationJobResult | null;
  const status =
    job.status !== 'pending' ? job.status : job.leasedUntil ? 'running' : job.attempts > 0 ? 'retrying' : 'queued';
  return {
    id: job.id,
    kind: jobKindOf(job.kind),
    locales: localesOf(job.payload as JobSpec),
    status,
    attempts: job.attempts,
    nextAttemptAt: status === 'queued' || status === 'retrying' ? job.nextAttemptAt : null,
    error: job.lastError,
    applied: result?.applied ?? 0,
    untranslated: result?.untranslated ?? [],
    queuedAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** A job recorded by an older log's job events. */
function presentLegacyJob(job: TranslationJobDoc) {
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
 * overrides), the FAQs; `meta.jobs` holds the recent background jobs with their state (the outbox's,
 * and those an older log recorded as job events).
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
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BACKGROUND_JOBS) private readonly jobs: BackgroundJobs,
  ) {}

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
    return { data, meta: { jobs: await this.recentJobs(shopId) } };
  }

  private async recentJobs(shopId: string): Promise<PresentedJob[]> {
    const [jobs, legacy] = await Promise.all([
      this.jobs.list(shopId, OUTBOX_KINDS, RECENT_JOBS),
      (await this.readStore.collection<TranslationJobDoc>(TRANSLATION_JOBS)).find(
        { shopId },
        { sort: { field: 'queuedAt', direction: 'desc' }, limit: RECENT_JOBS },
      ),
    ]);
    // Outbox jobs are newer than any an older log recorded.
    return [...jobs.map(presentJob), ...legacy.map(presentLegacyJob)].slice(0, RECENT_JOBS);
  }
}
