import {
  Db,
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import {
  Collection,
  CollectionDefinition,
  CollectionWrites,
  Document,
  Filter,
  Page,
  PageRequest,
  ReadStore,
  Scalar,
  SortSpec,
  UnknownCursorError,
} from './read-store.port';
import { GlobalPosition } from '../event-store/event-store.port';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';
import {
  HIDDEN_FIELDS,
  LOG_FIELD,
  MongoFilter,
  MongoFind,
  MongoQueries,
  MongoSort,
  POSITION_FIELD,
  positionKey,
} from './mongo-queries';
import { StoredShape } from './stored-shape';

/**
 * The part of the `mongodb` driver this adapter uses. The driver's `Db` satisfies it (checked in
 * `connect`), and so can an in-memory double that evaluates the same queries with mingo.
 */
export interface MongoCollectionApi {
  find(
    filter: MongoFilter,
    options?: { sort?: MongoSort; limit?: number; projection?: Record<string, 0 | 1> },
  ): { toArray(): Promise<Array<Record<string, unknown>>> };
  countDocuments(filter: MongoFilter): Promise<number>;
  bulkWrite(operations: MongoWriteOperation[], options?: { ordered?: boolean; session?: unknown }): Promise<unknown>;
  createIndexes(indexes: Array<{ key: Record<string, 1>; name: string }>): Promise<unknown>;
  drop(): Promise<unknown>;
}

export interface MongoDbApi {
  collection(name: string): MongoCollectionApi;
  command(command: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface MongoSessionApi {
  withTransaction(work: (session: MongoSessionApi) => Promise<unknown>): Promise<unknown>;
  endSession(): Promise<void>;
}

export type MongoWriteOperation =
  | { replaceOne: { filter: MongoFilter; replacement: Record<string, unknown>; upsert: true } }
  | { updateOne: { filter: MongoFilter; update: Array<Record<string, unknown>>; upsert: true } }
  | { deleteOne: { filter: MongoFilter } };

export interface MongoReadStoreOptions {
  /**
   * Identifies the event log the read models are built from. Position guards compare positions only
   * between writes from the same log: after moving to another event store (other positions), a
   * document is simply overwritten, as the SQL read store always does.
   */
  log: string;
  /** Given (a replica set or a sharded cluster): a batch is written in one transaction. */
  startSession?: () => MongoSessionApi;
  close?: () => Promise<void>;
}

const NAMESPACE_NOT_FOUND = 26;

/**
 * Read store on MongoDB: one collection per read model (named like the read model), the document id
 * as `_id`, one compound index per declared index (each ending in `_id`, the sorts' tie-breaker),
 * created at first use (createIndexes is idempotent).
 *
 * A projection batch is applied in one transaction when the deployment supports transactions
 * (replica set, sharded cluster): all of its documents or none. On a standalone server the writes
 * are position-guarded upserts instead: each document carries the log position it was written at,
 * and a write from an older position (a batch replayed after a crash, a second process that lags)
 * leaves a newer document alone. Either way a replayed batch changes nothing. Documents are always
 * written whole, from the projection's state (no `$inc`).
 */
export class MongoReadStore implements ReadStore {
  private readonly collections = new Map<string, Promise<MongoCollection<Document>>>();

  constructor(
    private readonly db: MongoDbApi,
    private readonly options: MongoReadStoreOptions,
  ) {}

  /** Connects with the `mongodb` driver; the database is the URL's path (default `loyalty`). */
  static async connect(url: string, log: string): Promise<MongoReadStore> {
    // Fail in seconds, not the driver's 30, when the server is out of reach (the URL may say otherwise).
    const timeout = /serverSelectionTimeoutMS=/i.test(url) ? {} : { serverSelectionTimeoutMS: 5000 };
    const client = new MongoClient(url, { ignoreUndefined: true, ...timeout });
    const db: Db = client.db(new URL(url).pathname.slice(1) || 'loyalty');
    const api: MongoDbApi = db;
    const hello = await guard(() => api.command({ hello: 1 })).catch(async (error) => {
      await client.close();
      throw error;
    });
    const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
    return new MongoReadStore(api, {
      log,
      startSession: transactions ? () => client.startSession() : undefined,
      close: () => client.close(),
    });
  }

  /** Whether batches are written in transactions (else: position-guarded upserts). */
  get transactional(): boolean {
    return !!this.options.startSession;
  }

  collection<T extends Document>(definition: CollectionDefinition): Promise<Collection<T>> {
    let found = this.collections.get(definition.name);
    if (!found) {
      found = MongoCollection.open(this.db, definition);
      // A failed index creation (server down) is tried again at the next use.
      found.catch(() => this.collections.delete(definition.name));
      this.collections.set(definition.name, found);
    }
    return found as unknown as Promise<Collection<T>>;
  }

  async write(batch: CollectionWrites[], at?: GlobalPosition): Promise<void> {
    const work: Array<{ collection: MongoCollection<Document>; operations: MongoWriteOperation[] }> = [];
    for (const { definition, put, delete: remove } of batch) {
      if (put.length === 0 && remove.length === 0) continue;
      const collection = (await this.collection(definition)) as MongoCollection<Document>;
      work.push({ collection, operations: collection.operations(put, remove, this.guard(at)) });
    }
    if (work.length === 0) return;
    const startSession = this.options.startSession;
    if (!startSession) {
      await Promise.all(work.map(({ collection, operations }) => collection.bulkWrite(operations)));
      return;
    }
    const session = startSession();
    try {
      // One session runs one operation at a time: the collections are written one after the other.
      await guard(() =>
        session.withTransaction(async (s) => {
          for (const { collection, operations } of work) await collection.bulkWrite(operations, s);
        }),
      );
    } finally {
      await session.endSession();
    }
  }

  async ping(): Promise<void> {
    await guard(() => this.db.command({ ping: 1 }));
  }

  async close(): Promise<void> {
    await this.options.close?.();
  }

  private guard(at: GlobalPosition | undefined): WriteGuard | null {
    return at ? { log: this.options.log, position: positionKey(at) } : null;
  }
}

interface WriteGuard {
  log: string;
  position: string;
}

class MongoCollection<T extends Document> implements Collection<T> {
  private readonly queries: MongoQueries;
  private readonly shape: StoredShape;

  private constructor(
    private readonly db: MongoDbApi,
    private readonly definition: CollectionDefinition,
  ) {
    this.queries = new MongoQueries(definition);
    this.shape = new StoredShape(definition);
  }

  static async open<T extends Document>(db: MongoDbApi, definition: CollectionDefinition): Promise<MongoCollection<T>> {
    const collection = new MongoCollection<T>(db, definition);
    await collection.createIndexes();
    return collection;
  }

  private get native(): MongoCollectionApi {
    return this.db.collection(this.definition.name);
  }

  private async createIndexes(): Promise<void> {
    const indexes = (this.definition.indexes ?? []).map((fields) => ({
      key: Object.fromEntries([...fields.map((f) => [MongoQueries.field(f), 1]), ['_id', 1]]) as Record<string, 1>,
      name: fields.join('_'),
    }));
    if (indexes.length > 0) await guard(() => this.native.createIndexes(indexes));
  }

  async get(id: string): Promise<T | null> {
    const [doc] = await this.run({ filter: { _id: id }, limit: 1 });
    return doc ?? null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    return ids.length === 0 ? [] : this.run({ filter: { _id: { $in: ids } } });
  }

  async put(doc: T): Promise<void> {
    await this.bulkWrite(this.operations([doc], [], null));
  }

  async putMany(docs: T[]): Promise<void> {
    if (docs.length > 0) await this.bulkWrite(this.operations(docs, [], null));
  }

  async delete(id: string): Promise<void> {
    await this.bulkWrite(this.operations([], [id], null));
  }

  async clear(): Promise<void> {
    // Dropping is much faster than deleting every document (rebuilds); the indexes come back at once.
    await guard(async () => {
      try {
        await this.native.drop();
      } catch (error) {
        if ((error as { code?: number }).code !== NAMESPACE_NOT_FOUND) throw error;
      }
    });
    await this.createIndexes();
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.run(this.queries.find(filter, { limit: 1 }));
    return first ?? null;
  }

  find(filter: Filter, options: { sort?: SortSpec; limit?: number } = {}): Promise<T[]> {
    return this.run(this.queries.find(filter, options));
  }

  count(filter: Filter): Promise<number> {
    return guard(() => this.native.countDocuments(this.queries.filter(filter)));
  }

  async page(request: PageRequest): Promise<Page<T>> {
    const cursorId = request.after ?? request.before;
    let cursorValue: Scalar = null;
    if (cursorId) {
      // The cursor must be a document of the list's owner (e.g. the shop): one of another shop
      // answers exactly like one that does not exist.
      const cursorDoc = await this.findOne({ ...(request.scope ?? request.filter), id: cursorId });
      if (!cursorDoc) throw new UnknownCursorError(cursorId);
      cursorValue = (cursorDoc as unknown as Record<string, Scalar>)[request.sort.field] ?? null;
    }
    const queries = this.queries.page(request, cursorValue);
    const [rows, other] = await Promise.all([
      this.run(queries.items),
      queries.otherSide ? this.run(queries.otherSide) : Promise.resolve([]),
    ]);
    const more = rows.length > request.limit;
    const items = rows.slice(0, request.limit);
    if (queries.reversed) items.reverse();
    const otherSide = other.length > 0;
    return queries.reversed ? { items, hasNext: otherSide, hasPre: more } : { items, hasNext: more, hasPre: otherSide };
  }

  /** The writes of one batch: documents written whole, guarded by position when one is given. */
  operations(put: Document[], remove: string[], at: WriteGuard | null): MongoWriteOperation[] {
    const latest = [...new Map(put.map((d) => [d.id, d])).values()];
    const newer = at ? { [LOG_FIELD]: at.log, [POSITION_FIELD]: { $gt: at.position } } : null;
    const writes: MongoWriteOperation[] = latest.map((doc) => {
      const stored = toStored(this.shape.toStored(doc), at);
      if (!at) return { replaceOne: { filter: { _id: doc.id }, replacement: stored, upsert: true } };
      // Kept as it is when it was written from a later position of the same log; $literal, because
      // document values may start with "$" and must not be read as field paths.
      const keep = { $and: [{ $eq: [`$${LOG_FIELD}`, at.log] }, { $gt: [`$${POSITION_FIELD}`, at.position] }] };
      return {
        updateOne: {
          filter: { _id: doc.id },
          update: [{ $replaceWith: { $cond: [keep, '$$ROOT', { $literal: stored }] } }],
          upsert: true,
        },
      };
    });
    for (const id of remove) writes.push({ deleteOne: { filter: newer ? { _id: id, $nor: [newer] } : { _id: id } } });
    return writes;
  }

  async bulkWrite(operations: MongoWriteOperation[], session?: MongoSessionApi): Promise<void> {
    if (operations.length === 0) return;
    await guard(() => this.native.bulkWrite(operations, session ? { ordered: true, session } : { ordered: false }));
  }

  private async run(query: MongoFind): Promise<T[]> {
    const rows = await guard(() =>
      this.native
        .find(query.filter, {
          projection: HIDDEN_FIELDS,
          ...(query.sort ? { sort: query.sort } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
        })
        .toArray(),
    );
    return rows.map((row) => this.shape.fromStored(fromStored(row) as T));
  }
}

/** Documents are JSON in every read store: the same normalisation as the SQL adapter's JSON text. */
function toStored(doc: Document, at: WriteGuard | null): Record<string, unknown> {
  const { id, ...rest } = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  return { _id: id, ...rest, ...(at ? { [LOG_FIELD]: at.log, [POSITION_FIELD]: at.position } : {}) };
}

function fromStored(raw: Record<string, unknown>): Document {
  const { _id, ...rest } = raw;
  delete rest[POSITION_FIELD];
  delete rest[LOG_FIELD];
  return { id: _id as string, ...rest };
}

function isUnavailable(error: unknown): boolean {
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  );
}

/** Runs a driver call; a lost connection becomes the port-level StoreUnavailableError (503). */
async function guard<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if (isUnavailable(error)) throw new StoreUnavailableError('MongoDB', error);
    throw error;
  }
}
