import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta } from '../../shared/domain/command-meta';
import { because, DomainError } from '../../shared/domain/domain-error';
import { defaultText, TEXT_KEYS } from '../catalogue/catalogue';
import {
  Faq,
  JobEffects,
  JobSpec,
  MachineText,
  TranslationConfig,
  TranslationEvent,
  TranslationEventType as T,
} from './translation-events';
import {
  DEFAULT_CONFIG,
  enabledLocales,
  keysToTranslate,
  mergedText,
  overridesOf,
  sameRecord,
  ShopTextSource,
} from './translation-text';

export type JobStatus = 'queued' | 'running' | 'retrying';

export interface ActiveJob {
  spec: JobSpec;
  status: JobStatus;
  /** Attempts started so far. */
  attempt: number;
  worker: string | null;
  leaseUntil: string | null;
  /** When a queued or retrying job may start. */
  dueAt: string;
}

export interface TranslationsState extends ShopTextSource {
  /** Program id -> locale -> machine translation of its title. */
  programTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  /** Exclusive product id -> locale -> machine translation of its title. */
  productTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  faqs: Readonly<Record<string, Faq[]>>;
  /** Jobs not finished yet; finished ones live on in the read model only. */
  jobs: Readonly<Record<string, ActiveJob>>;
}

export const MAX_ADDITIONAL_LANGUAGES = 20;

/** A program as a source of titles to translate. */
export interface ProgramTitleSource {
  id: string;
  title: string;
  translateTitle: Record<string, string>;
}

/** What a job's executor found; the decider keeps only what is still valid when it finishes. */
export interface JobOutcome {
  texts?: Record<string, string>;
  titles?: Record<string, string>;
  faqs?: Record<string, Faq[]>;
  productTitles?: Record<string, Record<string, MachineText>>;
  published?: string[];
  unpublished?: string[];
  untranslated: string[];
}

export interface RetryPolicy {
  maxAttempts: number;
  backoffBaseMs: number;
  backoffFactor: number;
}

export type TranslationCommand =
  | {
      type: 'ReplaceTranslations';
      meta: CommandMeta;
      /** The config sent; an omitted field keeps its value. */
      config: Pick<TranslationConfig, 'primaryLanguage'> & Partial<TranslationConfig>;
      /** Locale -> key -> text, as sent (unknown keys already dropped). */
      texts: Record<string, Record<string, string>>;
      programs: ProgramTitleSource[];
      products: Array<{ id: string; title: string }>;
    }
  | { type: 'AddLanguage'; meta: CommandMeta; source: string; locale: string; programs: ProgramTitleSource[] }
  | { type: 'RemoveLanguage'; meta: CommandMeta; locale: string }
  | { type: 'ReplaceFaqs'; meta: CommandMeta; faqs: Record<string, Faq[]> }
  | { type: 'ClaimJob'; meta: CommandMeta; jobId: string; worker: string; leaseMs: number }
  | { type: 'CompleteJob'; meta: CommandMeta; jobId: string; worker: string; attempt: number; outcome: JobOutcome }
  | {
      type: 'FailJob';
      meta: CommandMeta;
      jobId: string;
      worker: string;
      attempt: number;
      reason: string;
      retry: RetryPolicy;
      /** A failure no retry will change (the provider refused the request). */
      final?: boolean;
    };

const initialState = (): TranslationsState => ({
  config: DEFAULT_CONFIG,
  overrides: {},
  programTitles: {},
  productTitles: {},
  faqs: {},
  jobs: {},
});

const base = (meta: CommandMeta) => ({ eventId: meta.newId(), occurredAt: meta.occurredAt, shopId: meta.shopId });

/** Drops everything a locale had (it is no longer enabled). */
function withoutLocales(state: TranslationsState, gone: string[]): TranslationsState {
  if (gone.length === 0) return state;
  const drop = <V>(record: Readonly<Record<string, V>>) =>
    Object.fromEntries(Object.entries(record).filter(([locale]) => !gone.includes(locale)));
  const dropNested = (record: Readonly<Record<string, Readonly<Record<string, MachineText>>>>) =>
    Object.fromEntries(Object.entries(record).map(([id, byLocale]) => [id, drop(byLocale)]));
  return {
    ...state,
    overrides: drop(state.overrides),
    faqs: drop(state.faqs),
    programTitles: dropNested(state.programTitles),
    productTitles: dropNested(state.productTitles),
  };
}

function mergeNested(
  into: Readonly<Record<string, Readonly<Record<string, MachineText>>>>,
  add: Record<string, Record<string, MachineText>> | undefined,
) {
  if (!add) return into;
  const out = { ...into };
  for (const [id, byLocale] of Object.entries(add)) out[id] = { ...out[id], ...byLocale };
  return out;
}

function applyEffects(state: TranslationsState, effects: JobEffects): TranslationsState {
  let overrides = state.overrides;
  if (effects.texts) {
    const { locale, set, reset } = effects.texts;
    const current = { ...overrides[locale] };
    for (const key of reset) delete current[key];
    overrides = { ...overrides, [locale]: { ...current, ...set } };
  }
  return {
    ...state,
    overrides,
    programTitles: mergeNested(state.programTitles, effects.programTitles),
    productTitles: mergeNested(state.productTitles, effects.productTitles),
    faqs: effects.faqs ? { ...state.faqs, ...effects.faqs } : state.faqs,
  };
}

function evolve(state: TranslationsState, event: TranslationEvent): TranslationsState {
  switch (event.type) {
    case T.ConfigSet: {
      const enabled = enabledLocales(event.config);
      const gone = enabledLocales(state.config).filter((l) => !enabled.includes(l));
      return { ...withoutLocales(state, gone), config: event.config };
    }
    case T.TextReplaced: {
      const { [event.locale]: _old, ...others } = state.overrides;
      return {
        ...state,
        overrides: Object.keys(event.overrides).length ? { ...others, [event.locale]: event.overrides } : others,
      };
    }
    case T.LanguageAdded:
      return {
        ...state,
        config: { ...state.config, additionalLanguages: [...state.config.additionalLanguages, event.locale] },
      };
    case T.LanguageRemoved: {
      const cleared = withoutLocales(state, [event.locale]);
      return {
        ...cleared,
        config: {
          ...state.config,
          additionalLanguages: state.config.additionalLanguages.filter((l) => l !== event.locale),
          embedContent: state.config.embedContent.filter((l) => l !== event.locale),
        },
      };
    }
    case T.FaqsReplaced:
      return { ...state, faqs: event.faqs };
    case T.JobQueued:
      return {
        ...state,
        jobs: {
          ...state.jobs,
          [event.jobId]: {
            spec: event.job,
            status: 'queued',
            attempt: 0,
            worker: null,
            leaseUntil: null,
            dueAt: event.occurredAt,
          },
        },
      };
    case T.JobClaimed: {
      const job = state.jobs[event.jobId];
      if (!job) return state;
      return {
        ...state,
        jobs: {
          ...state.jobs,
          [event.jobId]: {
            ...job,
            status: 'running',
            attempt: event.attempt,
            worker: event.worker,
            leaseUntil: event.leaseUntil,
          },
        },
      };
    }
    case T.JobSucceeded: {
      const { [event.jobId]: _done, ...jobs } = state.jobs;
      return { ...applyEffects(state, event.effects), jobs };
    }
    case T.JobFailed: {
      const { [event.jobId]: job, ...jobs } = state.jobs;
      if (!job || event.retryAt === null) return { ...state, jobs };
      return {
        ...state,
        jobs: {
          ...jobs,
          [event.jobId]: { ...job, status: 'retrying', worker: null, leaseUntil: null, dueAt: event.retryAt },
        },
      };
    }
    default:
      return assertNever(event);
  }
}

const sameConfig = (a: TranslationConfig, b: TranslationConfig) =>
  a.primaryLanguage === b.primaryLanguage &&
  a.detectMethod === b.detectMethod &&
  a.additionalLanguages.join() === b.additionalLanguages.join() &&
  a.embedContent.join() === b.embedContent.join();

const bad = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

/** The relations between the config's fields (each field's own shape is checked at the edge). */
function checkConfig(config: TranslationConfig): void {
  const { primaryLanguage, additionalLanguages, embedContent } = config;
  if (additionalLanguages.includes(primaryLanguage))
    throw bad('additionalLanguages', `must not contain the primary language (${primaryLanguage})`);
  if (new Set(additionalLanguages).size !== additionalLanguages.length)
    throw bad('additionalLanguages', 'must name each language once');
  if (additionalLanguages.length > MAX_ADDITIONAL_LANGUAGES)
    throw bad('additionalLanguages', `must have at most ${MAX_ADDITIONAL_LANGUAGES} languages`);
  const enabled = enabledLocales(config);
  const stray = embedContent.find((l) => !enabled.includes(l));
  if (stray) throw bad('embedContent', `names ${stray}, which is not one of the shop's languages`);
  if (new Set(embedContent).size !== embedContent.length) throw bad('embedContent', 'must name each language once');
}

/** A machine translation of `keys` (and missing program titles) from one locale into another; null: nothing to do. */
function translateJob(
  state: TranslationsState,
  source: string,
  target: string,
  keys: string[],
  programs: ProgramTitleSource[],
): JobSpec | null {
  const from = mergedText(state, source);
  const own = state.overrides[target] ?? {};
  const titles: Record<string, string> = {};
  for (const program of programs) {
    const sourceTitle = (program.translateTitle[source] || program.title).trim();
    if (!program.translateTitle[target] && sourceTitle) titles[program.id] = sourceTitle;
  }
  if (keys.length === 0 && Object.keys(titles).length === 0) return null;
  return {
    kind: 'machine-translate',
    source,
    target,
    texts: Object.fromEntries(keys.map((k) => [k, from[k]])),
    before: Object.fromEntries(keys.map((k) => [k, own[k] ?? null])),
    titles,
  };
}

/** Queues jobs, plus one storefront sync unless one is already waiting to start. */
function queue(
  state: TranslationsState,
  meta: CommandMeta,
  specs: Array<JobSpec | null>,
  sync: boolean,
): TranslationEvent[] {
  const events: TranslationEvent[] = specs
    .filter((s): s is JobSpec => s !== null)
    .map((job) => ({ ...base(meta), type: T.JobQueued, jobId: meta.newId(), job }));
  const syncWaiting = Object.values(state.jobs).some(
    (j) => j.spec.kind === 'storefront-sync' && j.status !== 'running',
  );
  if (sync && !syncWaiting)
    events.push({ ...base(meta), type: T.JobQueued, jobId: meta.newId(), job: { kind: 'storefront-sync' } });
  return events;
}

function decideReplace(
  command: Extract<TranslationCommand, { type: 'ReplaceTranslations' }>,
  state: TranslationsState,
): TranslationEvent[] {
  const { meta } = command;
  const given = Object.fromEntries(Object.entries(command.config).filter(([, v]) => v !== undefined));
  const config: TranslationConfig = { ...state.config, ...given };
  checkConfig(config);
  const enabled = enabledLocales(config);
  for (const locale of Object.keys(command.texts)) {
    if (!enabled.includes(locale))
      throw bad(locale, `is not one of the shop's languages (${enabled.join(', ')}); add it first`);
  }
  const configEvents: TranslationEvent[] = sameConfig(config, state.config)
    ? []
    : [{ ...base(meta), type: T.ConfigSet, config }];
  const configured = configEvents.reduce(evolve, state);
  const textEvents: TranslationEvent[] = [];
  for (const locale of enabled) {
    const overrides = overridesOf(locale, command.texts[locale] ?? {});
    if (!sameRecord(overrides, configured.overrides[locale] ?? {}))
      textEvents.push({ ...base(meta), type: T.TextReplaced, locale, overrides });
  }
  const events = [...configEvents, ...textEvents];
  if (events.length === 0) return [];
  const next = textEvents.reduce(evolve, configured);

  const primary = config.primaryLanguage;
  const primaryChanged = primary !== state.config.primaryLanguage;
  const before = mergedText(state, primary);
  const after = mergedText(next, primary);
  const changedInPrimary = TEXT_KEYS.filter((k) => before[k] !== after[k]);
  const specs: Array<JobSpec | null> = config.additionalLanguages.map((target) => {
    if (primaryChanged || !enabledLocales(state.config).includes(target))
      return translateJob(next, primary, target, keysToTranslate(next, primary, target), command.programs);
    // The merchant's own change to the target in this request wins over a translation.
    const targetBefore = mergedText(state, target);
    const targetAfter = mergedText(next, target);
    const keys = changedInPrimary.filter((k) => targetBefore[k] === targetAfter[k]);
    return translateJob(next, primary, target, keys, []);
  });
  const embedBefore = [...state.config.embedContent].sort().join();
  if (config.embedContent.length > 0 && [...config.embedContent].sort().join() !== embedBefore) {
    specs.push({ kind: 'embed-faqs', source: primary, locales: config.embedContent });
    specs.push({
      kind: 'embed-exclusive-products',
      source: primary,
      locales: config.embedContent,
      products: command.products,
    });
  }
  return [...events, ...queue(next, meta, specs, true)];
}

function decideAddLanguage(
  command: Extract<TranslationCommand, { type: 'AddLanguage' }>,
  state: TranslationsState,
): TranslationEvent[] {
  const { meta, source, locale } = command;
  const enabled = enabledLocales(state.config);
  if (!enabled.includes(source))
    throw bad('primaryLanguage', `must be one of the shop's languages (${enabled.join(', ')})`);
  if (locale === state.config.primaryLanguage) throw bad('additionalLanguage', 'is already the primary language');
  if (state.config.additionalLanguages.includes(locale)) return [];
  if (state.config.additionalLanguages.length >= MAX_ADDITIONAL_LANGUAGES)
    throw bad(
      'additionalLanguage',
      `cannot be added: a shop has at most ${MAX_ADDITIONAL_LANGUAGES} additional languages`,
    );
  const added: TranslationEvent = { ...base(meta), type: T.LanguageAdded, locale, source };
  const next = evolve(state, added);
  const job = translateJob(next, source, locale, keysToTranslate(next, source, locale), command.programs);
  return [added, ...queue(next, meta, [job], true)];
}

function ownJob(state: TranslationsState, jobId: string, worker: string, attempt: number): ActiveJob {
  const job = state.jobs[jobId];
  if (!job || job.status !== 'running' || job.worker !== worker || job.attempt !== attempt)
    throw new DomainError('JOB_NOT_OWNED', `Job ${jobId} is not held by ${worker} (attempt ${attempt})`, 409);
  return job;
}

/** The part of a finished job's outcome that still applies to the current state. */
function effectsOf(state: TranslationsState, spec: JobSpec, outcome: JobOutcome): JobEffects {
  const enabled = enabledLocales(state.config);
  switch (spec.kind) {
    case 'machine-translate': {
      if (!enabled.includes(spec.target)) return {};
      const source = mergedText(state, spec.source);
      const own = state.overrides[spec.target] ?? {};
      const defaults = defaultText(spec.target);
      const set: Record<string, string> = {};
      const reset: string[] = [];
      for (const [key, text] of Object.entries(outcome.texts ?? {})) {
        // Skip what changed since: a newer source text has its own job; the merchant's edit wins.
        if (!(key in spec.texts) || source[key] !== spec.texts[key]) continue;
        if ((own[key] ?? null) !== spec.before[key]) continue;
        if (text === defaults[key]) {
          if (key in own) reset.push(key);
        } else if (own[key] !== text) set[key] = text;
      }
      const programTitles: Record<string, Record<string, MachineText>> = {};
      for (const [id, text] of Object.entries(outcome.titles ?? {})) {
        if (spec.titles[id]) programTitles[id] = { [spec.target]: { source: spec.titles[id], text } };
      }
      return {
        ...(Object.keys(set).length || reset.length ? { texts: { locale: spec.target, set, reset } } : {}),
        ...(Object.keys(programTitles).length ? { programTitles } : {}),
      };
    }
    case 'embed-faqs': {
      const faqs = Object.fromEntries(
        Object.entries(outcome.faqs ?? {}).filter(
          ([locale]) => state.config.embedContent.includes(locale) && !(state.faqs[locale]?.length > 0),
        ),
      );
      return Object.keys(faqs).length ? { faqs } : {};
    }
    case 'embed-exclusive-products': {
      const productTitles: Record<string, Record<string, MachineText>> = {};
      for (const [id, byLocale] of Object.entries(outcome.productTitles ?? {})) {
        const kept = Object.fromEntries(Object.entries(byLocale).filter(([locale]) => enabled.includes(locale)));
        if (Object.keys(kept).length) productTitles[id] = kept;
      }
      return Object.keys(productTitles).length ? { productTitles } : {};
    }
    case 'storefront-sync':
      return { published: outcome.published ?? [], unpublished: outcome.unpublished ?? [] };
    default:
      return assertNever(spec);
  }
}

function decide(command: TranslationCommand, state: TranslationsState): TranslationEvent[] {
  const { meta } = command;
  switch (command.type) {
    case 'ReplaceTranslations':
      return decideReplace(command, state);
    case 'AddLanguage':
      return decideAddLanguage(command, state);
    case 'RemoveLanguage': {
      if (command.locale === state.config.primaryLanguage)
        throw bad('locale', 'is the primary language; choose another primary language with PUT /translations first');
      if (!state.config.additionalLanguages.includes(command.locale)) throw because.notFound('Language');
      const removed: TranslationEvent = { ...base(meta), type: T.LanguageRemoved, locale: command.locale };
      return [removed, ...queue(evolve(state, removed), meta, [], true)];
    }
    case 'ReplaceFaqs': {
      const enabled = enabledLocales(state.config);
      for (const locale of Object.keys(command.faqs)) {
        if (!enabled.includes(locale)) throw bad(locale, `is not one of the shop's languages (${enabled.join(', ')})`);
      }
      if (sameRecord(command.faqs, state.faqs)) return [];
      const replaced: TranslationEvent = { ...base(meta), type: T.FaqsReplaced, faqs: command.faqs };
      const next = evolve(state, replaced);
      const embed: JobSpec | null = state.config.embedContent.length
        ? { kind: 'embed-faqs', source: state.config.primaryLanguage, locales: state.config.embedContent }
        : null;
      return [replaced, ...queue(next, meta, [embed], true)];
    }
    case 'ClaimJob': {
      const job = state.jobs[command.jobId];
      if (!job) throw new DomainError('JOB_NOT_FOUND', `Job ${command.jobId} is not waiting to run`, 404);
      const now = meta.occurredAt;
      if (job.status === 'running' && job.leaseUntil! > now)
        throw new DomainError('JOB_TAKEN', `Job ${command.jobId} is running on ${job.worker}`, 409);
      if (job.status !== 'running' && job.dueAt > now)
        throw new DomainError('JOB_NOT_DUE', `Job ${command.jobId} is due at ${job.dueAt}`, 409);
      return [
        {
          ...base(meta),
          type: T.JobClaimed,
          jobId: command.jobId,
          worker: command.worker,
          attempt: job.attempt + 1,
          leaseUntil: new Date(Date.parse(now) + command.leaseMs).toISOString(),
        },
      ];
    }
    case 'CompleteJob': {
      const job = ownJob(state, command.jobId, command.worker, command.attempt);
      const effects = effectsOf(state, job.spec, command.outcome);
      const succeeded: TranslationEvent = {
        ...base(meta),
        type: T.JobSucceeded,
        jobId: command.jobId,
        worker: command.worker,
        attempt: command.attempt,
        effects,
        untranslated: command.outcome.untranslated,
      };
      const changed = Boolean(effects.texts || effects.programTitles || effects.productTitles || effects.faqs);
      return [succeeded, ...queue(evolve(state, succeeded), meta, [], changed)];
    }
    case 'FailJob': {
      ownJob(state, command.jobId, command.worker, command.attempt);
      const { maxAttempts, backoffBaseMs, backoffFactor } = command.retry;
      const retryAt =
        command.final || command.attempt >= maxAttempts
          ? null
          : new Date(
              Date.parse(meta.occurredAt) + backoffBaseMs * backoffFactor ** (command.attempt - 1),
            ).toISOString();
      return [
        {
          ...base(meta),
          type: T.JobFailed,
          jobId: command.jobId,
          worker: command.worker,
          attempt: command.attempt,
          reason: command.reason.slice(0, 1000),
          retryAt,
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const translationsDecider: Decider<TranslationsState, TranslationCommand, TranslationEvent> = {
  initialState,
  evolve,
  decide,
};
