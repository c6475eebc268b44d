import { assertNever } from '../../shared/domain/decider';
import { JobSpec, TranslationEvent, TranslationEventType as T } from './translation-events';
import {
  jobsAfterAddLanguage,
  jobsAfterChange,
  jobsAfterFaqs,
  jobsAfterReplace,
  JobTextState,
  ProgramTitleSource,
} from './translation-job-specs';

/** What the jobs of a change read beside the text: the shop's programs and exclusive products. */
export interface JobSources {
  programs: ProgramTitleSource[];
  products: Array<{ id: string; title: string }>;
}

export const NO_SOURCES: JobSources = { programs: [], products: [] };

/** Whether the jobs of a change starting with this event read the shop's programs and products. */
export const readsSources = (first: TranslationEvent): boolean =>
  first.type === T.ConfigSet || first.type === T.TextReplaced || first.type === T.LanguageAdded;

/**
 * The background jobs one change of the text starts: the events one command appended, with the
 * states before and after them (none when it appended nothing). They are read from the log and
 * queued in the background jobs outbox (`translation-job-feed.ts`), not written to the stream.
 */
export function jobsAfter(
  events: readonly TranslationEvent[],
  states: { before: JobTextState; after: JobTextState },
  sources: JobSources,
): JobSpec[] {
  const { before, after } = states;
  if (events.length === 0) return [];
  const first = events[0];
  switch (first.type) {
    case T.ConfigSet:
    case T.TextReplaced:
      return jobsAfterReplace(before, after, sources.programs, sources.products);
    case T.LanguageAdded:
      return jobsAfterAddLanguage(after, first.source, first.locale, sources.programs);
    case T.FaqsReplaced:
      return jobsAfterFaqs(before);
    case T.LanguageRemoved:
    case T.MachineTextApplied:
      return jobsAfterChange();
    default:
      return assertNever(first);
  }
}
