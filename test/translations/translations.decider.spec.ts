import { deciderSpec, sequentialIds } from '../support/decider-spec';
import {
  evolveStored,
  TranslationCommand,
  translationsDecider,
  TranslationsState,
} from '../../src/translations/domain/translations.decider';
import {
  LegacyJobEventType as L,
  StoredTranslationEvent,
  upcastTranslationEvent,
} from '../../src/translations/domain/legacy-job-events';
import { TranslationEvent, TranslationEventType as T } from '../../src/translations/domain/translation-events';
import { jobsAfter, JobSources } from '../../src/translations/domain/jobs-after';
import { DEFAULT_CONFIG } from '../../src/translations/domain/translation-text';
import { TEXT_KEYS } from '../../src/translations/catalogue/catalogue';

const spec = deciderSpec(translationsDecider);
const ids = sequentialIds('e');
const at = (iso = '2026-03-01T10:00:00.000Z') => ({ shopId: 's1', occurredAt: iso, newId: ids });
/** A command, with the shop's programs and products the jobs of its change read (from the read side). */
type Change = TranslationCommand & Partial<JobSources>;

const replace = (
  config: Partial<typeof DEFAULT_CONFIG>,
  texts: Record<string, Record<string, string>> = {},
  programs: Array<{ id: string; title: string; translateTitle: Record<string, string> }> = [],
): Change => ({
  type: 'ReplaceTranslations',
  meta: at(),
  config: { ...DEFAULT_CONFIG, ...config },
  texts,
  programs,
  products: [],
});

/** A replace that keeps en-GB as the one additional language, with `texts`. */
const replaceEnGb = (texts: Record<string, Record<string, string>> = {}) =>
  replace({ additionalLanguages: ['en-GB'] }, texts);

/** The events of a decision, folded onto the given history (to chain steps). */
function after(history: TranslationEvent[], command: TranslationCommand): TranslationEvent[] {
  const state = history.reduce(translationsDecider.evolve, translationsDecider.initialState());
  return [...history, ...translationsDecider.decide(command, state)];
}
const stateOf = (history: TranslationEvent[]): TranslationsState =>
  history.reduce(translationsDecider.evolve, translationsDecider.initialState());
/** The background jobs `command` queues on `history` (in the outbox: the stream holds only text events). */
function jobsOf(history: TranslationEvent[], command: Change) {
  const before = stateOf(history);
  const events = translationsDecider.decide(command, before);
  const sources = { programs: command.programs ?? [], products: command.products ?? [] };
  return jobsAfter(events, { before, after: events.reduce(translationsDecider.evolve, before) }, sources);
}

describe('translations decider: replace (PUT /translations)', () => {
  const withEnGb = after([], replaceEnGb());

  it('stores the config and queues only a storefront sync when a locale the catalogue speaks (en-GB) starts from it', () => {
    expect(withEnGb.map((e) => e.type)).toEqual([T.ConfigSet]);
    expect(jobsOf([], replaceEnGb())).toEqual([{ kind: 'storefront-sync' }]);
  });

  it('an unchanged replace decides nothing', () => {
    spec.given(withEnGb).when(replaceEnGb()).thenNothing();
  });

  it('keeps only keys that differ from the defaults; unknown keys never reach the events', () => {
    const command = replaceEnGb({ en: { 'tier.top': 'You made it!', 'program.title.sign_up': 'Create an account' } });
    const events = spec.given(withEnGb).when(command).events();
    expect(events[0]).toMatchObject({ type: T.TextReplaced, locale: 'en', overrides: { 'tier.top': 'You made it!' } });
    // The primary text changed: en-GB is machine-translated for that key, from that text.
    expect(jobsOf(withEnGb, command)).toEqual([
      {
        kind: 'machine-translate',
        source: 'en',
        target: 'en-GB',
        texts: { 'tier.top': 'You made it!' },
        before: { 'tier.top': null },
        titles: {},
      },
      { kind: 'storefront-sync' },
    ]);
  });

  it('every change asks for a storefront sync (the outbox keeps one waiting to start: background-jobs contract)', () => {
    const change = replaceEnGb({ en: { 'tier.top': 'Top' } });
    expect(jobsOf(withEnGb, change).map((j) => j.kind)).toEqual(['machine-translate', 'storefront-sync']);
  });

  it("the merchant's own change to the target in the same request is not translated over", () => {
    const command = replaceEnGb({ en: { 'tier.top': 'Top!' }, 'en-GB': { 'tier.top': 'Au sommet !' } });
    expect(jobsOf(withEnGb, command)).toEqual([{ kind: 'storefront-sync' }]);
  });

  it('omitted keys return to their default (replace, never merge)', () => {
    const custom = after(withEnGb, replaceEnGb({ 'en-GB': { 'tier.top': 'Au sommet !' } }));
    expect(stateOf(custom).overrides['en-GB']).toEqual({ 'tier.top': 'Au sommet !' });
    const events = spec.given(custom).when(replaceEnGb()).events();
    expect(events[0]).toMatchObject({ type: T.TextReplaced, locale: 'en-GB', overrides: {} });
    expect(stateOf([...custom, ...events]).overrides['en-GB']).toBeUndefined();
  });

  it('a language added by the replace gets program titles translated; a locale without catalogue gets every key', () => {
    const programs = [{ id: 'p1', title: 'Join us', translateTitle: {} }];
    const command = replace({ additionalLanguages: ['en-GB', 'sv'] }, {}, programs);
    const [sv] = jobsOf(withEnGb, command).filter((j) => j.kind === 'machine-translate');
    expect(sv).toMatchObject({ target: 'sv', titles: { p1: 'Join us' } });
    expect(Object.keys((sv as { texts: object }).texts)).toEqual(TEXT_KEYS);
  });

  it('embedContent changes start the FAQ and exclusive-product jobs', () => {
    const command = replace({ additionalLanguages: ['en-GB'], embedContent: ['en-GB'] });
    expect(jobsOf(withEnGb, command).map((j) => j.kind)).toEqual([
      'embed-faqs',
      'embed-exclusive-products',
      'storefront-sync',
    ]);
  });

  it.each([
    [{ additionalLanguages: ['en'] }, 'additionalLanguages'],
    [{ additionalLanguages: ['en-GB', 'en-GB'] }, 'additionalLanguages'],
    [{ embedContent: ['en-AU'] }, 'embedContent'],
  ])('config %j is refused naming %s', (config, field) => {
    expect(spec.given([]).when(replace(config)).thenThrows('BAD_REQUEST', 400).details).toEqual({ field });
  });

  it('text for a locale that is not enabled is refused naming the locale', () => {
    expect(
      spec
        .given([])
        .when(replace({}, { 'en-AU': { 'tier.top': 'Oben' } }))
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({
      field: 'en-AU',
    });
  });
});

describe('translations decider: languages', () => {
  const add = (locale: string, source = 'en'): Change => ({
    type: 'AddLanguage',
    meta: at(),
    source,
    locale,
    programs: [{ id: 'p1', title: 'Join us', translateTitle: { 'en-AU': 'Join in, mate' } }],
  });

  it('adds a language with a translation job for what the catalogue cannot give', () => {
    const events = spec.given([]).when(add('en-AU')).events();
    expect(events[0]).toMatchObject({ type: T.LanguageAdded, locale: 'en-AU', source: 'en' });
    // The title already has text in that locale: nothing to translate at all.
    expect(jobsOf([], add('en-AU')).map((j) => j.kind)).toEqual(['storefront-sync']);
    expect(jobsOf([], add('en-GB'))[0]).toMatchObject({
      kind: 'machine-translate',
      target: 'en-GB',
      texts: {},
      titles: { p1: 'Join us' },
    });
  });

  it('adding a language twice decides nothing; the source must be enabled; the primary cannot be added', () => {
    const added = after([], add('en-GB'));
    spec.given(added).when(add('en-GB')).thenNothing();
    expect(jobsOf(added, add('en-GB'))).toEqual([]);
    expect(spec.given([]).when(add('en-GB', 'en-AU')).thenThrows('BAD_REQUEST').details).toEqual({
      field: 'primaryLanguage',
    });
    expect(spec.given([]).when(add('en')).thenThrows('BAD_REQUEST').details).toEqual({ field: 'additionalLanguage' });
  });

  it('removing clears the locale; the primary or an unknown language is refused', () => {
    const custom = after(after([], add('en-GB')), replaceEnGb({ 'en-GB': { 'tier.top': 'Top' } }));
    const removed = after(custom, { type: 'RemoveLanguage', meta: at(), locale: 'en-GB' });
    expect(stateOf(removed).config.additionalLanguages).toEqual([]);
    expect(stateOf(removed).overrides['en-GB']).toBeUndefined();
    spec.given([]).when({ type: 'RemoveLanguage', meta: at(), locale: 'en' }).thenThrows('BAD_REQUEST');
    spec.given([]).when({ type: 'RemoveLanguage', meta: at(), locale: 'en-GB' }).thenThrows('NOT_FOUND', 404);
  });
});

/**
 * A job's outcome comes back as a command on the stream; claims, leases and retries are the
 * background jobs outbox's (test/contracts/background-jobs.contract.spec.ts).
 */
describe('translations decider: a job outcome is applied once, as far as it still holds', () => {
  const history = after([], replaceEnGb());
  const command = replaceEnGb({ en: { 'tier.top': 'You made it!' } });
  const queued = after(history, command);
  const job = jobsOf(history, command).find((j) => j.kind === 'machine-translate')!;
  const complete = (texts: Record<string, string>): TranslationCommand => ({
    type: 'ApplyJobResult',
    meta: at(),
    jobId: 'j1',
    spec: job,
    outcome: { texts, untranslated: [] },
  });

  it('completion applies the translation once and queues a sync', () => {
    const done = after(queued, complete({ 'tier.top': 'Bravo !' }));
    expect(done.at(-1)).toMatchObject({ type: T.MachineTextApplied, jobId: 'j1' });
    expect(stateOf(done).overrides['en-GB']).toEqual({ 'tier.top': 'Bravo !' });
    expect(jobsOf(queued, complete({ 'tier.top': 'Bravo !' }))).toEqual([{ kind: 'storefront-sync' }]);
    // The same outcome again (a job run twice after its lease was taken over) changes nothing.
    spec
      .given(done)
      .when(complete({ 'tier.top': 'Bravo !' }))
      .thenNothing();
    expect(jobsOf(done, complete({ 'tier.top': 'Bravo !' }))).toEqual([]);
  });

  it('a source changed or a target edited since queueing is left alone', () => {
    const edited = after(queued, replaceEnGb({ en: { 'tier.top': 'You made it!' }, 'en-GB': { 'tier.top': 'À moi' } }));
    spec
      .given(edited)
      .when(complete({ 'tier.top': 'Bravo !' }))
      .thenNothing();
    expect(stateOf(edited).overrides['en-GB']).toEqual({ 'tier.top': 'À moi' });
  });

  it('a job that never finished changes nothing (failures and retries live in the outbox)', () => {
    expect(stateOf(queued).overrides['en-GB']).toBeUndefined();
  });
});

describe('translations decider: a stream of an older log with job events', () => {
  const head = (eventId: string) => ({ eventId, occurredAt: '2026-01-01T10:00:00.000Z', shopId: 's1' });
  const job = { kind: 'machine-translate' as const, source: 'en', target: 'en-GB', texts: {}, before: {}, titles: {} };
  const legacy: StoredTranslationEvent[] = [
    { ...head('e1'), type: T.LanguageAdded, locale: 'en-GB', source: 'en' },
    { ...head('e2'), type: L.JobQueued, jobId: 'j1', job },
    { ...head('e3'), type: L.JobClaimed, jobId: 'j1', worker: 'w1', attempt: 1, leaseUntil: '2026-01-01T10:10:00Z' },
    { ...head('e4'), type: L.JobFailed, jobId: 'j1', worker: 'w1', attempt: 1, reason: 'down', retryAt: null },
    {
      ...head('e5'),
      type: L.JobSucceeded,
      jobId: 'j1',
      worker: 'w1',
      attempt: 2,
      effects: { texts: { locale: 'en-GB', set: { 'tier.top': 'Top' }, reset: [] }, published: ['x'] },
      untranslated: [],
    },
    { ...head('e6'), type: L.JobSucceeded, jobId: 'j2', worker: 'w1', attempt: 1, effects: {}, untranslated: [] },
  ];
  const text: TranslationEvent[] = [
    { ...head('e1'), type: T.LanguageAdded, locale: 'en-GB', source: 'en' },
    {
      ...head('e5'),
      type: T.MachineTextApplied,
      jobId: 'j1',
      effects: { texts: { locale: 'en-GB', set: { 'tier.top': 'Top' }, reset: [] } },
    },
  ];

  it('loads: the bookkeeping folds to nothing, a succeeded job to the text it applied', () => {
    const folded = legacy.reduce(evolveStored, translationsDecider.initialState());
    expect(folded).toEqual(stateOf(text));
    expect(folded.overrides['en-GB']).toEqual({ 'tier.top': 'Top' });
    expect(legacy.map(upcastTranslationEvent).filter(Boolean)).toEqual(text);
  });
});
