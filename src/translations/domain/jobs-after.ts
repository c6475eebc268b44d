import { assertNever } from '../../shared/domain/decider';
import { JobSpec } from './translation-events';
import { jobsAfterAddLanguage, jobsAfterChange, jobsAfterFaqs, jobsAfterReplace } from './translation-job-specs';
import { TranslationCommand, TranslationsState } from './translations.decider';

/**
 * The background jobs a decision starts, from the command and the states before and after it (none
 * when it changed nothing). They are queued in the background jobs outbox, not in the stream.
 */
export function jobsAfter(
  command: TranslationCommand,
  decision: { before: TranslationsState; after: TranslationsState; events: readonly unknown[] },
): JobSpec[] {
  const { before, after, events } = decision;
  if (events.length === 0) return [];
  switch (command.type) {
    case 'ReplaceTranslations':
      return jobsAfterReplace(before, after, command.programs, command.products);
    case 'AddLanguage':
      return jobsAfterAddLanguage(after, command.source, command.locale, command.programs);
    case 'ReplaceFaqs':
      return jobsAfterFaqs(before);
    case 'RemoveLanguage':
    case 'ApplyJobResult':
      return jobsAfterChange();
    default:
      return assertNever(command);
  }
}
