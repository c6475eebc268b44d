import { Document } from '../infrastructure/read-store/read-store.port';
import { BoundedCache } from '../shared/bounded-cache';
import { ProjectionBatch, StagedCollection } from './projection-batch';

/**
 * What a projection stored last, kept in this process's memory: a single-writer projection (the
 * holder of its lease is the only writer of its collections), or one that every process applies whole
 * (the others write the same documents), so what it wrote is what the store holds and it need not
 * read it back on every batch. Documents enter once their batch is stored (a
 * failed commit leaves the memory as it was, and the batch comes again); the projection clears
 * it when it is reset (a rebuild, or the lease taken, since another process may have written
 * meanwhile). Bounded: a document pushed out is read from the store again.
 */
export class WrittenDocuments<T extends Document> {
  private readonly docs: BoundedCache<string, T>;

  constructor(max: number) {
    this.docs = new BoundedCache({ max });
  }

  /** The documents by id: from memory, the others in one read of the store (through the batch). */
  async getMany(collection: StagedCollection<T>, ids: Iterable<string>): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) found.set(id, doc);
      else missing.push(id);
    }
    if (missing.length > 0) for (const doc of await collection.getMany(missing)) found.set(doc.id, doc);
    return found;
  }

  /** The document by id, from memory or the store. */
  async get(collection: StagedCollection<T>, id: string): Promise<T | null> {
    return this.docs.get(id) ?? (await collection.get(id));
  }

  /**
   * Stages the batch's final documents and keeps them once the batch is stored. They must not be
   * changed afterwards: memory shares them.
   */
  putAll(batch: ProjectionBatch, collection: StagedCollection<T>, docs: Iterable<T>): void {
    const written = [...docs];
    for (const doc of written) collection.put(doc);
    batch.onCommit(() => written.forEach((doc) => this.docs.set(doc.id, doc)));
  }

  clear(): void {
    this.docs.clear();
  }
}
