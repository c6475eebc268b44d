import { deciderSpec, sequentialIds } from '../support/decider-spec';
import {
  TranslationCommand,
  translationsDecider,
  TranslationsState,
} from '../../src/translations/domain/translations.decider';
import { TranslationEvent, TranslationEventType as T } from '../../src/translations/domain/translation-events';
import { DEFAULT_CONFIG } from '../../src/translations/domain/translation-text';
import { TEXT_KEYS } from '../../src/translations/catalogue/catalogue';

const spec = deciderSpec(translationsDecider);
const ids = sequentialIds('e');
const at = (iso = '2026-03-01T10:00:00.000Z') => ({ shopId: 's1', occurredAt: iso, newId: ids });
const retry = { maxAttempts: 3, backoffBaseMs: 1000, backoffFactor: 4 };

const replace = (
  config: Partial<typeof DEFAULT_CONFIG>,
  texts: Record<string, Record<string, string>> = {},
  programs: Array<{ id: string; title: string; translateTitle: Record<string, string> }> = [],
): TranslationCommand => ({
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
const jobsOf = (events: TranslationEvent[]) =>
  events.flatMap((e) => (e.type === T.JobQueued ? [{ jobId: e.jobId, ...e.job }] : []));

describe('translations decider: replace (PUT /translations)', () => {
  const withEnGb = after([], replaceEnGb());

  it('stores the config and queues only a storefront sync when a locale the catalogue speaks (en-GB) starts from it', () => {
    expect(withEnGb.map((e) => e.type)).toEqual([T.ConfigSet, T.JobQueued]);
    expect(jobsOf(withEnGb)).toEqual([{ jobId: expect.any(String), kind: 'storefront-sync' }]);
  });

  it('an unchanged replace decides nothing', () => {
    spec.given(withEnGb).when(replaceEnGb()).thenNothing();
  });

  it('keeps only keys that differ from the defaults; unknown keys never reach the events', () => {
    const events = spec
      .given(withEnGb)
      .when(replaceEnGb({ en: { 'tier.top': 'You made it!', 'program.title.sign_up': 'Create an account' } }))
      .events();
    expect(events[0]).toMatchObject({ type: T.TextReplaced, locale: 'en', overrides: { 'tier.top': 'You made it!' } });
    // The primary text changed: en-GB is machine-translated for that key, from that text.
    expect(jobsOf(events)).toEqual([
      {
        jobId: expect.any(String),
        kind: 'machine-translate',
        source: 'en',
        target: 'en-GB',
        texts: { 'tier.top': 'You made it!' },
        before: { 'tier.top': null },
        titles: {},
      },
    ]);
  });

  it('a storefront sync waiting to start is not queued twice; a running one does not count', () => {
    const change = replaceEnGb({ en: { 'tier.top': 'Top' } });
    // withEnGb's sync has not started: it will publish this change too.
    expect(jobsOf(spec.given(withEnGb).when(change).events()).map((j) => j.kind)).toEqual(['machine-translate']);
    const sync = jobsOf(withEnGb)[0].jobId;
    const running = after(withEnGb, { type: 'ClaimJob', meta: at(), jobId: sync, worker: 'w1', leaseMs: 1000 });
    expect(jobsOf(spec.given(running).when(change).events()).map((j) => j.kind)).toEqual([
      'machine-translate',
      'storefront-sync',
    ]);
  });

  it("the merchant's own change to the target in the same request is not translated over", () => {
    const events = spec
      .given(withEnGb)
      .when(replaceEnGb({ en: { 'tier.top': 'Top!' }, 'en-GB': { 'tier.top': 'Au sommet !' } }))
      .events();
    expect(jobsOf(events)).toEqual([]);
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
    const events = spec
      .given(withEnGb)
      .when(replace({ additionalLanguages: ['en-GB', 'sv'] }, {}, programs))
      .events();
    const [sv] = jobsOf(events).filter((j) => j.kind === 'machine-translate');
    expect(sv).toMatchObject({ target: 'sv', titles: { p1: 'Join us' } });
    expect(Object.keys((sv as { texts: object }).texts)).toEqual(TEXT_KEYS);
  });

  it('embedContent changes start the FAQ and exclusive-product jobs', () => {
    const events = spec
      .given(withEnGb)
      .when(replace({ additionalLanguages: ['en-GB'], embedContent: ['en-GB'] }))
      .events();
    expect(jobsOf(events).map((j) => j.kind)).toEqual(['embed-faqs', 'embed-exclusive-products']);
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
  const add = (locale: string, source = 'en'): TranslationCommand => ({
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
    expect(jobsOf(events).map((j) => j.kind)).toEqual(['storefront-sync']);
    expect(jobsOf(spec.given([]).when(add('en-GB')).events())[0]).toMatchObject({
      kind: 'machine-translate',
      target: 'en-GB',
      texts: {},
      titles: { p1: 'Join us' },
    });
  });

  it('adding a language twice decides nothing; the source must be enabled; the primary cannot be added', () => {
    const added = after([], add('en-GB'));
    spec.given(added).when(add('en-GB')).thenNothing();
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

describe('translations decider: jobs run once', () => {
  const queued = after(after([], replaceEnGb()), replaceEnGb({ en: { 'tier.top': 'You made it!' } }));
  const job = jobsOf(queued).find((j) => j.kind === 'machine-translate')!;
  const claim = (worker: string, iso?: string): TranslationCommand => ({
    type: 'ClaimJob',
    meta: at(iso),
    jobId: job.jobId,
    worker,
    leaseMs: 60_000,
  });
  const complete = (worker: string, attempt: number, texts: Record<string, string>): TranslationCommand => ({
    type: 'CompleteJob',
    meta: at(),
    jobId: job.jobId,
    worker,
    attempt,
    outcome: { texts, untranslated: [] },
  });

  it('one worker claims; another is refused until the lease ends', () => {
    const claimed = after(queued, claim('w1'));
    expect(claimed.at(-1)).toMatchObject({ type: T.JobClaimed, worker: 'w1', attempt: 1 });
    spec.given(claimed).when(claim('w2', '2026-03-01T10:00:30.000Z')).thenThrows('JOB_TAKEN', 409);
    const stolen = after(claimed, claim('w2', '2026-03-01T10:01:00.001Z'));
    expect(stolen.at(-1)).toMatchObject({ worker: 'w2', attempt: 2 });
    // The first worker's late answer is refused: its result is never applied next to the second's.
    spec
      .given(stolen)
      .when(complete('w1', 1, { 'tier.top': 'Bravo !' }))
      .thenThrows('JOB_NOT_OWNED', 409);
  });

  it('completion applies the translation once and queues a sync', () => {
    const claimed = after(queued, claim('w1'));
    const done = after(claimed, complete('w1', 1, { 'tier.top': 'Bravo !' }));
    expect(stateOf(done).overrides['en-GB']).toEqual({ 'tier.top': 'Bravo !' });
    expect(stateOf(done).jobs[job.jobId]).toBeUndefined();
    spec
      .given(done)
      .when(complete('w1', 1, { 'tier.top': 'Bravo !' }))
      .thenThrows('JOB_NOT_OWNED');
  });

  it('a source changed or a target edited since queueing is left alone', () => {
    const claimed = after(queued, claim('w1'));
    const edited = after(
      claimed,
      replaceEnGb({ en: { 'tier.top': 'You made it!' }, 'en-GB': { 'tier.top': 'À moi' } }),
    );
    const done = after(edited, complete('w1', 1, { 'tier.top': 'Bravo !' }));
    expect(stateOf(done).overrides['en-GB']).toEqual({ 'tier.top': 'À moi' });
    expect(done.at(-1)).toMatchObject({ type: T.JobSucceeded, effects: {} });
  });

  it('failures are retried with backoff, then given up with the reason', () => {
    let history = after(queued, claim('w1'));
    const fail = (attempt: number): TranslationCommand => ({
      type: 'FailJob',
      meta: at(),
      jobId: job.jobId,
      worker: 'w1',
      attempt,
      reason: 'provider down',
      retry,
    });
    history = after(history, fail(1));
    expect(history.at(-1)).toMatchObject({ type: T.JobFailed, retryAt: '2026-03-01T10:00:01.000Z' });
    spec.given(history).when(claim('w1')).thenThrows('JOB_NOT_DUE');
    history = after(history, claim('w1', '2026-03-01T10:00:01.000Z'));
    history = after(history, { ...fail(2), meta: at('2026-03-01T10:00:01.000Z') });
    expect(history.at(-1)).toMatchObject({ retryAt: '2026-03-01T10:00:05.000Z' });
    history = after(history, claim('w1', '2026-03-01T10:00:05.000Z'));
    history = after(history, fail(3));
    expect(history.at(-1)).toMatchObject({ type: T.JobFailed, attempt: 3, reason: 'provider down', retryAt: null });
    expect(stateOf(history).jobs[job.jobId]).toBeUndefined();
    expect(stateOf(history).overrides['en-GB']).toBeUndefined();
  });
});
