import type { GlobalPosition } from '../event-store/event-store.port';

/**
 * The read store port: collections of JSON documents, shaped so a MongoDB adapter fits.
 * Documents always have a string `id`. Projections write them; queries read them.
 */
export const READ_STORE = Symbol('READ_STORE');

export type Scalar = string | number | boolean | null;
export interface Range {
  $gt?: Scalar;
  $gte?: Scalar;
  $lt?: Scalar;
  $lte?: Scalar;
  $in?: Scalar[];
  $ne?: Scalar;
}
/** Field equality or a range per field (dotted paths are not supported; keep documents flat for filters). */
export type Filter = Record<string, Scalar | Range | undefined>;

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  filter: Filter;
  sort: SortSpec;
  limit: number;
  /**
   * Document ids: items after / before this document in the sort order. The cursor must be a
   * document of the list's owner (`scope`, e.g. `{shopId}`; without it, the whole filter): one
   * outside it (another shop's) is an UnknownCursorError exactly like a missing one, so cursors
   * never reveal what exists elsewhere. Within the scope, a cursor that no longer matches the other
   * filters pages on from its place in the order.
   */
  after?: string;
  before?: string;
  /** The fields that make a document part of the list's owner (see `after`). */
  scope?: Filter;
}

export interface Page<T> {
  items: T[];
  hasNext: boolean;
  hasPre: boolean;
}

export interface CollectionDefinition {
  name: string;
  /** Compound indexes, as lists of field names. */
  indexes?: string[][];
  /** Fields holding numbers (filters and sorts compare them as numbers, not text). */
  numericFields?: string[];
  /** Documents read by id on every request: served from memory, kept exact by the projections (DocumentCache). */
  cachedInMemory?: true;
  /**
   * Fields stored only when they are not null, and read back as null: most of a ledger row's fields
   * are null, and a smaller row is written faster. Filters on null
   * match them as before.
   */
  storedOnlyWhenSet?: readonly string[];
  /**
   * Fields stored only when they differ from the value given here (a ledger row's false flags and
   * zero counts), and read back as it. A stored document may lack them, so filters, sorts and
   * indexes may not name them (the adapters refuse).
   */
  storedUnlessDefault?: Readonly<Record<string, Scalar>>;
}

export interface Document {
  id: string;
}

export interface Collection<T extends Document> {
  get(id: string): Promise<T | null>;
  getMany(ids: string[]): Promise<T[]>;
  put(doc: T): Promise<void>;
  putMany(docs: T[]): Promise<void>;
  delete(id: string): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: { sort?: SortSpec; limit?: number }): Promise<T[]>;
  page(request: PageRequest): Promise<Page<T>>;
  count(filter: Filter): Promise<number>;
  /** Removes every document (projection rebuilds). */
  clear(): Promise<void>;
}

/** Writes to one collection inside a batch: final documents to put, ids to delete (disjoint). */
export interface CollectionWrites {
  definition: CollectionDefinition;
  put: Document[];
  delete: string[];
}

export interface ReadStore {
  collection<T extends Document>(definition: CollectionDefinition): Promise<Collection<T>>;
  /**
   * Applies the writes of several collections together (side by side where the store allows).
   * `at`: the log position a projection batch brings its documents to; a store may use it to keep a
   * document from going back to an older state (a replayed batch, a process that lags behind).
   */
  write(batch: CollectionWrites[], at?: GlobalPosition): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Adapters throw it on a cursor outside the list; defined below the HTTP layer that maps it to 400.
export { UnknownCursorError } from '../../shared/domain/store-errors';
