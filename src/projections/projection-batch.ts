import {
  Collection,
  CollectionDefinition,
  CollectionWrites,
  Document,
  ReadStore,
} from '../infrastructure/read-store/read-store.port';
import { GlobalPosition } from '../infrastructure/event-store/event-store.port';
import { DocumentCache } from './document-cache';

/** A projection's view of a collection during one batch: reads see the batch's own writes. */
export interface StagedCollection<T extends Document> {
  get(id: string): Promise<T | null>;
  getMany(ids: string[]): Promise<T[]>;
  put(doc: T): void;
  delete(id: string): void;
  /**
   * Documents whose fields equal the filter's values, as this batch leaves them (staged writes
   * included). For the rare projection step that touches many documents (an erasure).
   */
  findEqual(filter: Record<string, string>): Promise<T[]>;
}

const DELETED = Symbol('deleted');

/**
 * The unit of work of one projection step: projections stage their writes here, the runner stores
 * them all together (each document once, however many events touched it), then runs the
 * after-commit hooks (cache invalidations that must not run before the data they describe is stored).
 */
export class ProjectionBatch {
  private readonly staged = new Map<
    string,
    {
      definition: CollectionDefinition;
      docs: Map<string, Document | typeof DELETED>;
      /** Ids read from the store, kept only for collections the DocumentCache holds. */
      read: Set<string> | null;
    }
  >();
  private readonly afterCommit: Array<() => void> = [];

  /** `cache`: told after the commit which documents were written and read (see DocumentCache). */
  constructor(
    private readonly readStore: ReadStore,
    private readonly cache?: DocumentCache,
  ) {}

  collection<T extends Document>(definition: CollectionDefinition): StagedCollection<T> {
    let entry = this.staged.get(definition.name);
    if (!entry) {
      entry = { definition, docs: new Map(), read: this.cache && definition.cachedInMemory ? new Set() : null };
      this.staged.set(definition.name, entry);
    }
    const { docs, read } = entry;
    const store = () => this.readStore.collection<T>(definition) as Promise<Collection<T>>;
    return {
      get: async (id) => {
        const staged = docs.get(id);
        if (staged === DELETED) return null;
        if (staged) return staged as T;
        read?.add(id);
        return (await store()).get(id);
      },
      getMany: async (ids) => {
        const found: T[] = [];
        const missing: string[] = [];
        for (const id of ids) {
          const staged = docs.get(id);
          if (staged === DELETED) continue;
          if (staged) found.push(staged as T);
          else missing.push(id);
        }
        if (read) missing.forEach((id) => read.add(id));
        return missing.length ? [...found, ...(await (await store()).getMany(missing))] : found;
      },
      put: (doc) => void docs.set(doc.id, doc),
      delete: (id) => void docs.set(id, DELETED),
      findEqual: async (filter) => {
        const matches = (doc: Document) =>
          Object.entries(filter).every(([k, v]) => (doc as unknown as Record<string, unknown>)[k] === v);
        const found = new Map<string, T>();
        for (const doc of await (await store()).find(filter)) found.set(doc.id, doc);
        for (const [id, doc] of docs) {
          if (doc === DELETED || !matches(doc)) found.delete(id);
          else found.set(id, doc as T);
        }
        return [...found.values()];
      },
    };
  }

  onCommit(hook: () => void): void {
    this.afterCommit.push(hook);
  }

  /** `at`: the position of the batch's last event (stores may guard documents with it). */
  async commit(at?: GlobalPosition): Promise<void> {
    const writes: CollectionWrites[] = [...this.staged.values()].map(({ definition, docs }) => {
      const put: Document[] = [];
      const remove: string[] = [];
      for (const [id, doc] of docs) {
        if (doc === DELETED) remove.push(id);
        else put.push(doc);
      }
      return { definition, put, delete: remove };
    });
    await this.readStore.write(writes, at);
    if (this.cache) {
      for (const { definition, docs, read } of this.staged.values()) {
        if (!read) continue;
        const written = new Map<string, Document | null>();
        for (const [id, doc] of docs) written.set(id, doc === DELETED ? null : doc);
        this.cache.touched(definition, written, read);
      }
    }
    this.afterCommit.forEach((hook) => hook());
  }
}
