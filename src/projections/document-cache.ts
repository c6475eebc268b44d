import { Injectable } from '@nestjs/common';
import { CollectionDefinition, Document } from '../infrastructure/read-store/read-store.port';
import { AppConfig } from '../config/app-config';
import { BoundedCache } from '../shared/bounded-cache';

interface Fill<T> {
  loading: Promise<T | null>;
  /** Set when a projection touched the document while it was being read: what the read found may be old. */
  stale: boolean;
}

/**
 * Kept for an id the store has no document for: a shop that never set translations would otherwise
 * cost every request a read. The projections replace it as they replace a document.
 */
const ABSENT = Symbol('absent');

class CachedCollection<T extends Document> {
  private readonly docs: BoundedCache<string, T | typeof ABSENT>;
  private readonly fills = new Map<string, Fill<T>>();

  constructor(limit: number) {
    this.docs = new BoundedCache({ max: limit });
  }

  async get(id: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = this.docs.get(id);
    if (hit !== undefined) return hit === ABSENT ? null : hit;
    const pending = this.fills.get(id);
    if (pending) return pending.loading;
    const fill: Fill<T> = { loading: load(), stale: false };
    this.fills.set(id, fill);
    try {
      const doc = await fill.loading;
      if (!fill.stale) this.docs.set(id, doc ? deepFreeze(doc) : ABSENT);
      return doc;
    } finally {
      if (this.fills.get(id) === fill) this.fills.delete(id);
    }
  }

  /** After a projection stored its writes: written documents replace cached ones, read ones are dropped. */
  touched(written: Map<string, T | null>, read: Iterable<string>): void {
    for (const [id, doc] of written) {
      this.forgetFill(id);
      if (doc === null) this.docs.delete(id);
      else if (this.docs.has(id)) this.docs.set(id, deepFreeze(structuredClone(doc)));
    }
    for (const id of read) {
      if (written.has(id)) continue;
      this.forgetFill(id);
      // Read but not written: the projection found the event applied already (another process stored it).
      this.docs.delete(id);
    }
  }

  clear(): void {
    this.docs.clear();
    for (const id of [...this.fills.keys()]) this.forgetFill(id);
  }

  get size(): number {
    return this.docs.size;
  }

  private forgetFill(id: string): void {
    const fill = this.fills.get(id);
    if (!fill) return;
    fill.stale = true;
    // A later reader must not join a read that may have started before the write.
    this.fills.delete(id);
  }
}

/**
 * Read-model documents served from this process's memory: the documents every request reads (the
 * customer, the shop, the shop's texts), for collections whose definition sets `cachedDocuments`.
 *
 * Kept exact by the projections, not by a timer: every process applies every event to the read
 * models, and after each step the runner tells this cache which documents the step wrote (they
 * replace the cached ones) and which it read without writing (another process stored them first:
 * they are dropped and read again). So a process serves what it has applied: a write answered by
 * this process is read back at once (read-your-writes), and another process's write is seen once
 * this process has applied it (within the projection poll interval, PROJECTION_POLL_MS).
 * A read that was under way while a step touched its document is not kept. A read that found no
 * document is kept as such (a shop without translations would otherwise cost every request a read),
 * and is replaced by the projections like a document.
 *
 * Cached documents are frozen: they are shared by every request, so a caller that changed one
 * would change it for all (it throws instead).
 */
@Injectable()
export class DocumentCache {
  private readonly collections = new Map<string, CachedCollection<Document>>();

  constructor(private readonly config: AppConfig) {}

  /** The document by id, from memory or through `load` (the read store), for a cached collection. */
  get<T extends Document>(
    definition: CollectionDefinition,
    id: string,
    load: () => Promise<T | null>,
  ): Promise<T | null> {
    const collection = this.collection(definition);
    return collection ? (collection.get(id, load) as Promise<T | null>) : load();
  }

  /** Called by the projection runner once a step's writes are stored (null: deleted). */
  touched(definition: CollectionDefinition, written: Map<string, Document | null>, read: Iterable<string>): void {
    this.collection(definition)?.touched(written, read);
  }

  /** Drops everything (rebuilds). */
  clear(): void {
    this.collections.forEach((c) => c.clear());
  }

  /** How many documents are held, per collection (for metrics and tests). */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.collections].map(([name, c]) => [name, c.size]));
  }

  private collection(definition: CollectionDefinition): CachedCollection<Document> | null {
    if (!definition.cachedInMemory || this.config.readCacheDocuments <= 0) return null;
    let collection = this.collections.get(definition.name);
    if (!collection) {
      collection = new CachedCollection(this.config.readCacheDocuments);
      this.collections.set(definition.name, collection);
    }
    return collection;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
