import {
  JobSpec,
  MachineTextApplied,
  MachineTextEffects,
  TranslationEvent,
  TranslationEventType,
} from './translation-events';

/**
 * The job events older logs hold: the translations' background jobs once ran inside the shop's
 * text stream (queued, claimed, succeeded, failed). Jobs now live in the background jobs outbox;
 * these events are only read, never written. A succeeded job's text is upcast to the
 * MachineTextApplied it stands for; the bookkeeping events fold to nothing.
 */
export const LegacyJobEventType = {
  JobQueued: 'translations.job-queued.v1',
  JobClaimed: 'translations.job-claimed.v1',
  JobSucceeded: 'translations.job-succeeded.v1',
  JobFailed: 'translations.job-failed.v1',
} as const;

interface Base {
  eventId: string;
  occurredAt: string;
  shopId: string;
}

export interface LegacyJobQueued extends Base {
  type: typeof LegacyJobEventType.JobQueued;
  jobId: string;
  job: JobSpec;
}

export interface LegacyJobClaimed extends Base {
  type: typeof LegacyJobEventType.JobClaimed;
  jobId: string;
  worker: string;
  attempt: number;
  leaseUntil: string;
}

export interface LegacyJobSucceeded extends Base {
  type: typeof LegacyJobEventType.JobSucceeded;
  jobId: string;
  worker: string;
  attempt: number;
  /** The text it changed, and for a storefront sync the metafield keys written and removed. */
  effects: MachineTextEffects & { published?: string[]; unpublished?: string[] };
  untranslated: string[];
}

export interface LegacyJobFailed extends Base {
  type: typeof LegacyJobEventType.JobFailed;
  jobId: string;
  worker: string;
  attempt: number;
  reason: string;
  retryAt: string | null;
}

export type LegacyJobEvent = LegacyJobQueued | LegacyJobClaimed | LegacyJobSucceeded | LegacyJobFailed;

/** An event as the translations stream may hold it. */
export type StoredTranslationEvent = TranslationEvent | LegacyJobEvent;

const LEGACY_TYPES: ReadonlySet<string> = new Set(Object.values(LegacyJobEventType));

export const isLegacyJobEvent = (event: StoredTranslationEvent): event is LegacyJobEvent =>
  LEGACY_TYPES.has(event.type);

/** The text a succeeded job changed, or nothing (bookkeeping, or a job that changed no text). */
function upcastSucceeded(event: LegacyJobSucceeded): MachineTextApplied | null {
  const { texts, programTitles, productTitles, faqs } = event.effects;
  const effects: MachineTextEffects = {
    ...(texts ? { texts } : {}),
    ...(programTitles ? { programTitles } : {}),
    ...(productTitles ? { productTitles } : {}),
    ...(faqs ? { faqs } : {}),
  };
  if (Object.keys(effects).length === 0) return null;
  const { eventId, occurredAt, shopId, jobId } = event;
  return { type: TranslationEventType.MachineTextApplied, eventId, occurredAt, shopId, jobId, effects };
}

/** The event as read today: legacy job events upcast, or null when they fold to nothing. */
export function upcastTranslationEvent(event: StoredTranslationEvent): TranslationEvent | null {
  if (!isLegacyJobEvent(event)) return event;
  return event.type === LegacyJobEventType.JobSucceeded ? upcastSucceeded(event) : null;
}
