import { ProgramCreated, ProgramEvent, ProgramEventType as T, ProgramUpdated } from './program-events';
import { legacySpending } from '../kinds/spending-legacy';
import { isStoredSpending } from '../kinds/spending-rule';

/** Nothing to upcast: an empty reward (earning programs) or one already in the stored shape. */
const typed = (spending: unknown) =>
  isStoredSpending(spending) ||
  (typeof spending === 'object' && spending !== null && Object.keys(spending).length === 0);

/**
 * A program event as the domain reads it: a reward recorded in an older shape (`spending` as the
 * merchant sent it) becomes the typed rule, once, on read; the decider's state and the read model
 * both read events through it, so a rebuild gives the same documents. `kindOf` names the kind of an
 * updated program (its `event`, from the state or the document).
 */
export function upcastProgramEvent(
  event: ProgramEvent,
  kindOf: (programId: string) => string | undefined,
): ProgramEvent {
  if (event.type === T.Created) return upcastCreated(event);
  if (event.type === T.Updated) return upcastUpdated(event, kindOf);
  return event;
}

/** A created program's reward in the typed shape. */
export function upcastCreated(event: ProgramCreated): ProgramCreated {
  if (typed(event.settings.spending)) return event;
  return { ...event, settings: { ...event.settings, spending: legacySpending(event.settings.spending, event.event) } };
}

/** An update's reward in the typed shape (read by the updated program's kind). */
export function upcastUpdated(
  event: ProgramUpdated,
  kindOf: (programId: string) => string | undefined,
): ProgramUpdated {
  if (event.changes.spending === undefined || typed(event.changes.spending)) return event;
  const kind = kindOf(event.programId) ?? '';
  return { ...event, changes: { ...event.changes, spending: legacySpending(event.changes.spending, kind) } };
}
