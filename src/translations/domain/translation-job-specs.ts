import { assertNever } from '../../shared/domain/decider';
import { defaultText, TEXT_KEYS } from '../catalogue/catalogue';
import { Faq, JobSpec, MachineText, MachineTextEffects } from './translation-events';
import { enabledLocales, keysToTranslate, mergedText, ShopTextSource } from './translation-text';

/** The text state a job reads and writes (the decider's state). */
export interface JobTextState extends ShopTextSource {
  programTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  productTitles: Readonly<Record<string, Readonly<Record<string, MachineText>>>>;
  faqs: Readonly<Record<string, Faq[]>>;
}

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

const SYNC: JobSpec = { kind: 'storefront-sync' };

/** A machine translation of `keys` (and missing program titles) from one locale into another; null: nothing to do. */
export function translateJob(
  state: JobTextState,
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

const present = (specs: Array<JobSpec | null>): JobSpec[] => specs.filter((s): s is JobSpec => s !== null);

/**
 * The jobs a replace of the config and text starts (`before` and `after` the decision): machine
 * translations of what changed in the primary language, the embed jobs when embedContent changed,
 * and a storefront sync.
 */
export function jobsAfterReplace(
  before: JobTextState,
  after: JobTextState,
  programs: ProgramTitleSource[],
  products: Array<{ id: string; title: string }>,
): JobSpec[] {
  const { config } = after;
  const primary = config.primaryLanguage;
  const primaryChanged = primary !== before.config.primaryLanguage;
  const was = mergedText(before, primary);
  const is = mergedText(after, primary);
  const changedInPrimary = TEXT_KEYS.filter((k) => was[k] !== is[k]);
  const specs = config.additionalLanguages.map((target) => {
    if (primaryChanged || !enabledLocales(before.config).includes(target))
      return translateJob(after, primary, target, keysToTranslate(after, primary, target), programs);
    // The merchant's own change to the target in this request wins over a translation.
    const targetBefore = mergedText(before, target);
    const targetAfter = mergedText(after, target);
    const keys = changedInPrimary.filter((k) => targetBefore[k] === targetAfter[k]);
    return translateJob(after, primary, target, keys, []);
  });
  const embedBefore = [...before.config.embedContent].sort().join();
  if (config.embedContent.length > 0 && [...config.embedContent].sort().join() !== embedBefore) {
    specs.push({ kind: 'embed-faqs', source: primary, locales: config.embedContent });
    specs.push({ kind: 'embed-exclusive-products', source: primary, locales: config.embedContent, products });
  }
  return [...present(specs), SYNC];
}

/** A language added from `source`: its machine translation (what the catalogue cannot give) and a sync. */
export function jobsAfterAddLanguage(
  after: JobTextState,
  source: string,
  locale: string,
  programs: ProgramTitleSource[],
): JobSpec[] {
  return [...present([translateJob(after, source, locale, keysToTranslate(after, source, locale), programs)]), SYNC];
}

/** FAQs replaced: embedded again in the embedContent locales, then a sync. */
export function jobsAfterFaqs(before: JobTextState): JobSpec[] {
  const { embedContent, primaryLanguage } = before.config;
  return embedContent.length ? [{ kind: 'embed-faqs', source: primaryLanguage, locales: embedContent }, SYNC] : [SYNC];
}

/** After a language removal or a job's applied text: the storefront publishes the text again. */
export const jobsAfterChange = (): JobSpec[] => [SYNC];

function translationEffects(
  state: JobTextState,
  spec: Extract<JobSpec, { kind: 'machine-translate' }>,
  outcome: JobOutcome,
): MachineTextEffects {
  if (!enabledLocales(state.config).includes(spec.target)) return {};
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

/** The part of a finished job's outcome that still applies to the current state. */
export function effectsOf(state: JobTextState, spec: JobSpec, outcome: JobOutcome): MachineTextEffects {
  switch (spec.kind) {
    case 'machine-translate':
      return translationEffects(state, spec, outcome);
    case 'embed-faqs': {
      const faqs = Object.fromEntries(
        Object.entries(outcome.faqs ?? {}).filter(
          ([locale]) => state.config.embedContent.includes(locale) && !(state.faqs[locale]?.length > 0),
        ),
      );
      return Object.keys(faqs).length ? { faqs } : {};
    }
    case 'embed-exclusive-products': {
      const enabled = enabledLocales(state.config);
      const productTitles: Record<string, Record<string, MachineText>> = {};
      for (const [id, byLocale] of Object.entries(outcome.productTitles ?? {})) {
        const kept = Object.fromEntries(Object.entries(byLocale).filter(([locale]) => enabled.includes(locale)));
        if (Object.keys(kept).length) productTitles[id] = kept;
      }
      return Object.keys(productTitles).length ? { productTitles } : {};
    }
    case 'storefront-sync':
      return {};
    default:
      return assertNever(spec);
  }
}

/** How many texts a job's effects changed (GET /translations shows it as `applied`). */
export const appliedCount = (effects: MachineTextEffects & { published?: string[] }): number =>
  (effects.texts ? Object.keys(effects.texts.set).length + effects.texts.reset.length : 0) +
  Object.keys(effects.programTitles ?? {}).length +
  Object.keys(effects.productTitles ?? {}).length +
  Object.values(effects.faqs ?? {}).reduce((n, faqs) => n + faqs.length, 0) +
  (effects.published?.length ?? 0);

/** The locales a job writes (the target, or the embedContent locales). */
export const localesOf = (job: JobSpec): string[] =>
  job.kind === 'machine-translate' ? [job.target] : job.kind === 'storefront-sync' ? [] : job.locales;
