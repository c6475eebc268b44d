import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { StoredTranslationEvent, upcastTranslationEvent } from './legacy-job-events';
import {
  Faq,
  JobSpec,
  MachineText,
  MachineTextEffects,
  TranslationConfig,
  TranslationEvent,
  TranslationEventType as T,
} from './translation-events';
import { effectsOf, JobOutcome } from './translation-job-specs';
import { DEFAULT_CONFIG, enabledLocales, overridesOf, sameRecord, ShopTextSource } from './translation-text';

export type { JobOutcome, ProgramTitleSource } from './translation-job-specs';

/** A shop's text: the merchant's config and overrides, and the machine text its background jobs applied. */
export interface TranslationsState extends ShopTextSource {
  /** Program id -> locale -> machine translation of its title. */
  programTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  /** Exclusive product id -> locale -> machine translation of its title. */
  productTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  faqs: Readonly<Record<string, Faq[]>>;
}

export const MAX_ADDITIONAL_LANGUAGES = 20;

export type TranslationCommand =
  | {
      type: 'ReplaceTranslations';
      meta: CommandMeta;
      /** The config sent; an omitted field keeps its value. */
      config: Pick<TranslationConfig, 'primaryLanguage'> & Partial<TranslationConfig>;
      /** Locale -> key -> text, as sent (unknown keys already dropped). */
      texts: Record<string, Record<string, string>>;
    }
  | { type: 'AddLanguage'; meta: CommandMeta; source: string; locale: string }
  | { type: 'RemoveLanguage'; meta: CommandMeta; locale: string }
  | { type: 'ReplaceFaqs'; meta: CommandMeta; faqs: Record<string, Faq[]> }
  | {
      type: 'ApplyJobResult';
      meta: CommandMeta;
      /** The background job that found it, and what it was asked. */
      jobId: string;
      spec: JobSpec;
      outcome: JobOutcome;
    };

const initialState = (): TranslationsState => ({
  config: DEFAULT_CONFIG,
  overrides: {},
  programTitles: {},
  productTitles: {},
  faqs: {},
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

function applyEffects(state: TranslationsState, effects: MachineTextEffects): TranslationsState {
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

function removeLanguage(state: TranslationsState, locale: string): TranslationsState {
  const cleared = withoutLocales(state, [locale]);
  return {
    ...cleared,
    config: {
      ...state.config,
      additionalLanguages: state.config.additionalLanguages.filter((l) => l !== locale),
      embedContent: state.config.embedContent.filter((l) => l !== locale),
    },
  };
}

function evolveText(state: TranslationsState, event: TranslationEvent): TranslationsState {
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
    case T.LanguageRemoved:
      return removeLanguage(state, event.locale);
    case T.FaqsReplaced:
      return { ...state, faqs: event.faqs };
    case T.MachineTextApplied:
      return applyEffects(state, event.effects);
    default:
      return assertNever(event);
  }
}

/** Folds an event as stored: the job events of older logs are upcast first (see legacy-job-events.ts). */
function evolve(state: TranslationsState, stored: StoredTranslationEvent): TranslationsState {
  const event = upcastTranslationEvent(stored);
  return event ? evolveText(state, event) : state;
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
  return [...configEvents, ...textEvents];
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
  return [{ ...base(meta), type: T.LanguageAdded, locale, source }];
}

function decideRemoveLanguage(
  { meta, locale }: Extract<TranslationCommand, { type: 'RemoveLanguage' }>,
  state: TranslationsState,
): TranslationEvent[] {
  if (locale === state.config.primaryLanguage)
    throw bad('locale', 'is the primary language; choose another primary language with PUT /translations first');
  if (!state.config.additionalLanguages.includes(locale)) throw because.notFound('Language');
  return [{ ...base(meta), type: T.LanguageRemoved, locale }];
}

function decideFaqs(
  { meta, faqs }: Extract<TranslationCommand, { type: 'ReplaceFaqs' }>,
  state: TranslationsState,
): TranslationEvent[] {
  const enabled = enabledLocales(state.config);
  for (const locale of Object.keys(faqs)) {
    if (!enabled.includes(locale)) throw bad(locale, `is not one of the shop's languages (${enabled.join(', ')})`);
  }
  if (sameRecord(faqs, state.faqs)) return [];
  return [{ ...base(meta), type: T.FaqsReplaced, faqs }];
}

/** A background job's outcome: what of it still applies is recorded; nothing when nothing does. */
function decideJobResult(
  { meta, jobId, spec, outcome }: Extract<TranslationCommand, { type: 'ApplyJobResult' }>,
  state: TranslationsState,
): TranslationEvent[] {
  const effects = effectsOf(state, spec, outcome);
  if (Object.keys(effects).length === 0) return [];
  return [{ ...base(meta), type: T.MachineTextApplied, jobId, effects }];
}

/**
 * The merchant's changes to the shop's text, and the machine text of its background jobs. Which
 * jobs a decision starts is `translation-job-specs.ts`'s (the jobs live in the background jobs outbox).
 */
function decide(command: TranslationCommand, state: TranslationsState): TranslationEvent[] {
  switch (command.type) {
    case 'ReplaceTranslations':
      return decideReplace(command, state);
    case 'AddLanguage':
      return decideAddLanguage(command, state);
    case 'RemoveLanguage':
      return decideRemoveLanguage(command, state);
    case 'ReplaceFaqs':
      return decideFaqs(command, state);
    case 'ApplyJobResult':
      return decideJobResult(command, state);
    default:
      return assertNever(command);
  }
}

/** Folds an event as the stream stores it, legacy job events included (the projection's evolve). */
export const evolveStored = evolve;

/** Its evolve also takes the legacy job events older streams hold. */
export const translationsDecider: Decider<TranslationsState, TranslationCommand, TranslationEvent> = {
  initialState,
  evolve,
  decide,
};
