import { aggregate, Query } from 'mingo';
import {
  MongoCollectionApi,
  MongoDbApi,
  MongoSessionApi,
  MongoWriteOperation,
} from '../../src/infrastructure/read-store/mongo-read-store.adapter';

type Doc = Record<string, unknown>;

/**
 * An in-memory database with the shape of the `mongodb` driver's `Db` (the part the Mongo read
 * store uses) whose queries, sorts and update pipelines are evaluated by mingo, MongoDB's query
 * language in memory. No MongoDB server runs on our machines: this lets every query the adapter
 * builds run against the read store contract's fixtures. What it cannot show (the server's own
 * behaviour, indexes, transactions across connections) the contract suite shows with MONGO_URL.
 */
export class MingoDb implements MongoDbApi {
  readonly collections = new Map<string, Doc[]>();
  readonly indexes = new Map<string, Array<{ key: Record<string, 1>; name: string }>>();
  /** Every operation the adapter sent, for tests that look at what was asked of the driver. */
  readonly log: Array<{ collection: string; op: string; args: unknown }> = [];
  /** Every call fails with this while set (a lost connection). */
  failWith: Error | null = null;
  /** Bulk writes to this collection fail (a write error in the middle of a batch). */
  failWritesTo: string | null = null;

  constructor(private readonly options: { replicaSet?: boolean } = {}) {}

  collection(name: string): MongoCollectionApi {
    return new MingoCollection(this, name);
  }

  async command(command: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.check();
    if ('ping' in command) return { ok: 1 };
    if ('hello' in command)
      return { isWritablePrimary: true, ...(this.options.replicaSet ? { setName: 'rs0' } : {}), ok: 1 };
    throw new Error(`MingoDb: unsupported command ${JSON.stringify(command)}`);
  }

  /** Sessions whose transactions apply all of their writes or none (snapshot and restore). */
  startSession(): MongoSessionApi {
    const session: MongoSessionApi = {
      withTransaction: async (work) => {
        const snapshot = new Map([...this.collections].map(([name, docs]) => [name, docs.map((d) => ({ ...d }))]));
        try {
          return await work(session);
        } catch (error) {
          this.collections.clear();
          for (const [name, docs] of snapshot) this.collections.set(name, docs);
          throw error;
        }
      },
      endSession: async () => undefined,
    };
    return session;
  }

  docs(name: string): Doc[] {
    let docs = this.collections.get(name);
    if (!docs) {
      docs = [];
      this.collections.set(name, docs);
    }
    return docs;
  }

  check(): void {
    if (this.failWith) throw this.failWith;
  }
}

class MingoCollection implements MongoCollectionApi {
  constructor(
    private readonly db: MingoDb,
    private readonly name: string,
  ) {}

  find(
    filter: Doc,
    options: { sort?: Record<string, 1 | -1>; limit?: number; projection?: Record<string, 0 | 1> } = {},
  ) {
    this.db.log.push({ collection: this.name, op: 'find', args: { filter, ...options } });
    return {
      toArray: async () => {
        this.db.check();
        let cursor = new Query(filter, {}).find<Doc>(this.db.docs(this.name), options.projection);
        if (options.sort) cursor = cursor.sort(options.sort);
        if (options.limit) cursor = cursor.limit(options.limit);
        return structuredClone(cursor.all());
      },
    };
  }

  async countDocuments(filter: Doc): Promise<number> {
    this.db.check();
    this.db.log.push({ collection: this.name, op: 'countDocuments', args: { filter } });
    const query = new Query(filter, {});
    return this.db.docs(this.name).filter((d) => query.test(d)).length;
  }

  async bulkWrite(operations: MongoWriteOperation[], options: { ordered?: boolean; session?: unknown } = {}) {
    this.db.check();
    this.db.log.push({ collection: this.name, op: 'bulkWrite', args: { operations, options } });
    if (this.db.failWritesTo === this.name) throw new Error(`write to ${this.name} refused`);
    const docs = this.db.docs(this.name);
    const indexOf = (filter: Doc) => {
      const query = new Query(filter, {});
      return docs.findIndex((d) => query.test(d));
    };
    for (const operation of operations) {
      if ('replaceOne' in operation) {
        const { filter, replacement } = operation.replaceOne;
        const at = indexOf(filter);
        const next = structuredClone({ ...replacement, _id: at >= 0 ? docs[at]._id : (filter._id ?? replacement._id) });
        if (at >= 0) docs[at] = next;
        else this.insert(docs, next);
      } else if ('updateOne' in operation) {
        const { filter, update } = operation.updateOne;
        const at = indexOf(filter);
        const current = at >= 0 ? docs[at] : { _id: filter._id };
        const [next] = aggregate([structuredClone(current)], update);
        if (at >= 0) docs[at] = next;
        else this.insert(docs, next);
      } else {
        const at = indexOf(operation.deleteOne.filter);
        if (at >= 0) docs.splice(at, 1);
      }
    }
    return { ok: 1 };
  }

  async createIndexes(indexes: Array<{ key: Record<string, 1>; name: string }>) {
    this.db.check();
    const existing = this.db.indexes.get(this.name) ?? [];
    for (const index of indexes) {
      const same = existing.find((e) => e.name === index.name);
      // MongoDB refuses an index whose name exists with other keys (IndexKeySpecsConflict).
      if (same && JSON.stringify(same.key) !== JSON.stringify(index.key))
        throw new Error(`index ${index.name} conflicts`);
      if (!same) existing.push(index);
    }
    this.db.indexes.set(this.name, existing);
    return indexes.map((i) => i.name);
  }

  async drop() {
    this.db.check();
    if (!this.db.collections.has(this.name)) throw Object.assign(new Error('ns not found'), { code: 26 });
    this.db.collections.delete(this.name);
    this.db.indexes.delete(this.name);
    return true;
  }

  private insert(docs: Doc[], doc: Doc): void {
    if (docs.some((d) => d._id === doc._id)) {
      throw Object.assign(new Error(`E11000 duplicate key error: ${String(doc._id)}`), { code: 11000 });
    }
    docs.push(doc);
  }
}
