import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { JobKind } from '../domain/translation-events';
import { TranslationsState } from '../domain/translations.decider';

/** A shop's text configuration: the decider's state. */
export interface TranslationsDoc extends TranslationsState {
  id: string;
  shopId: string;
  streamRevision: string;
  updatedAt: string;
}

export type JobDocStatus = 'queued' | 'running' | 'retrying' | 'done' | 'failed';

/** A background job of an older log (its job events), as GET /translations shows it. */
export interface TranslationJobDoc {
  id: string;
  shopId: string;
  kind: JobKind;
  /** The locales it writes (target, or the embedContent locales). */
  locales: string[];
  status: JobDocStatus;
  attempts: number;
  /** queued/retrying: when it may start. */
  dueAt: string | null;
  /** running: when another worker may take it over. */
  leaseUntil: string | null;
  worker: string | null;
  lastError: string | null;
  /** What the translator left untranslated (keys, `program:<id>`, `faq:<locale>:<n>`, `product:<id>`). */
  untranslated: string[];
  /** How many texts the job changed, or the metafields it wrote. */
  applied: number;
  queuedAt: string;
  updatedAt: string;
  streamRevision: string;
}

export const TRANSLATIONS: CollectionDefinition = { name: 'translations_v1', cachedInMemory: true };
export const TRANSLATION_JOBS: CollectionDefinition = {
  name: 'translation_jobs_v1',
  indexes: [['shopId', 'queuedAt'], ['status']],
};
