import {
  Collection,
  CollectionDefinition,
  CollectionWrites,
  Document,
  Filter,
  Page,
  PageRequest,
  Range,
  ReadStore,
  Scalar,
  SortSpec,
  UnknownCursorError,
} from './read-store.port';
import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import { StoredShape } from './stored-shape';
import { EmbeddedVacuum } from './embedded-vacuum';

const SAFE_NAME = /^[a-z][a-z0-9_]*$/;
const WRITE_CHUNK = 250;
const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Read store on PostgreSQL/PGlite: one table per collection, `(id text, doc jsonb)`, expression indexes. */
export class SqlReadStore implements ReadStore {
  private readonly collections = new Map<string, Promise<SqlCollection<Document>>>();
  /** PGlite: the VACUUM its missing autovacuum would run (null on a server, which has one). */
  readonly maintenance: EmbeddedVacuum | null;

  constructor(private readonly sql: SqlClient) {
    this.maintenance = sql.kind === 'pglite' ? new EmbeddedVacuum(sql) : null;
  }

  collection<T extends Document>(definition: CollectionDefinition): Promise<Collection<T>> {
    return this.sqlCollection(definition) as unknown as Promise<Collection<T>>;
  }

  private sqlCollection(definition: CollectionDefinition): Promise<SqlCollection<Document>> {
    let found = this.collections.get(definition.name);
    if (!found) {
      found = SqlCollection.create(this.sql, definition, this.maintenance);
      this.collections.set(definition.name, found);
    }
    return found;
  }

  /**
   * A live batch (a few documents in each of several collections) is one statement: each collection's
   * upsert and deletes are parts of it (data-modifying WITH clauses), so the batch costs one round
   * trip and one commit instead of one per collection (a round trip to the server costs the service
   * more than the rows it carries). A large batch (catch-up, rebuild) is one statement
   * per collection and chunk, run side by side on the pool, so that PostgreSQL uses several cores.
   * The batch need not be atomic: projections are idempotent and replayed from their checkpoint.
   */
  async write(batch: CollectionWrites[]): Promise<void> {
    const live = batch.filter((w) => w.put.length + w.delete.length > 0);
    if (live.length === 0) return;
    const rows = live.reduce((n, w) => n + w.put.length + w.delete.length, 0);
    if (live.length > 1 && rows <= WRITE_CHUNK) return this.writeAsOneStatement(live);
    await Promise.all(
      live.map(async ({ definition, put, delete: remove }) => {
        const collection = await this.collection(definition);
        const unique = [...new Map(put.map((d) => [d.id, d])).values()];
        const chunks: Document[][] = [];
        for (let i = 0; i < unique.length; i += WRITE_CHUNK) chunks.push(unique.slice(i, i + WRITE_CHUNK));
        await Promise.all(chunks.map((chunk) => collection.putMany(chunk)));
        for (const id of remove) await collection.delete(id);
      }),
    );
  }

  private async writeAsOneStatement(batch: CollectionWrites[]): Promise<void> {
    const parts: string[] = [];
    const params: string[] = [];
    const written: Array<() => void> = [];
    for (const { definition, put, delete: remove } of batch) {
      const collection = await this.sqlCollection(definition);
      if (put.length > 0) {
        const upsert = collection.upsertOf(put, params.length + 1);
        parts.push(upsert.sql);
        params.push(upsert.param);
        written.push(upsert.noteWritten);
      }
      if (remove.length > 0) {
        parts.push(collection.deleteOf(params.length + 1));
        params.push(JSON.stringify(remove));
      }
    }
    await this.sql.query(`WITH ${parts.map((sql, i) => `w${i} AS (${sql})`).join(',\n')} SELECT 1`, params);
    written.forEach((note) => note());
  }

  async ping(): Promise<void> {
    await this.sql.query('SELECT 1');
  }

  async close(): Promise<void> {
    // The SQL client is shared with the event store; its owner closes it (after this).
    await this.maintenance?.stop();
  }
}

class SqlCollection<T extends Document> implements Collection<T> {
  private readonly table: string;

  private readonly numeric: Set<string>;
  private readonly shape: StoredShape;

  private constructor(
    private readonly sql: SqlClient,
    definition: CollectionDefinition,
    private readonly maintenance: EmbeddedVacuum | null,
  ) {
    this.table = `rs_${definition.name}`;
    this.numeric = new Set(definition.numericFields ?? []);
    this.shape = new StoredShape(definition);
  }

  private read(rows: Array<{ doc: T }>): T[] {
    return rows.map((r) => this.shape.fromStored(r.doc));
  }

  static async create<T extends Document>(
    sql: SqlClient,
    definition: CollectionDefinition,
    maintenance: EmbeddedVacuum | null,
  ): Promise<SqlCollection<T>> {
    if (!SAFE_NAME.test(definition.name)) throw new Error(`Bad collection name ${definition.name}`);
    const collection = new SqlCollection<T>(sql, definition, maintenance);
    const table = collection.table;
    const ddl = [`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc JSONB NOT NULL)`];
    (definition.indexes ?? []).forEach((fields, i) => {
      const columns = fields.map((f) => collection.expr(f)).join(', ');
      ddl.push(`CREATE INDEX IF NOT EXISTS ${table}_i${i} ON ${table} (${columns}, id)`);
    });
    await ensureSchema(sql, `loyalty-read-store-${table}`, ddl.join(';\n'));
    return collection;
  }

  private expr(field: string): string {
    if (!SAFE_FIELD.test(this.shape.queryable(field))) throw new Error(`Bad field name ${field}`);
    return this.numeric.has(field) ? `((doc->>'${field}')::numeric)` : `(doc->>'${field}')`;
  }

  private cast(field: string): string {
    return this.numeric.has(field) ? 'numeric' : 'text';
  }

  async get(id: string): Promise<T | null> {
    const [row] = await this.sql.query<{ doc: T }>(`SELECT doc FROM ${this.table} WHERE id = $1`, [id]);
    return row ? this.shape.fromStored(row.doc) : null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.query<{ doc: T }>(
      `SELECT doc FROM ${this.table} WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb))`,
      [JSON.stringify(ids)],
    );
    return this.read(rows);
  }

  async put(doc: T): Promise<void> {
    await this.sql.query(
      `INSERT INTO ${this.table} (id, doc) VALUES ($1, $2::text::jsonb)
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      [doc.id, JSON.stringify(this.shape.toStored(doc))],
    );
    this.maintenance?.noteWrites(this.table, 1);
  }

  async putMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    const upsert = this.upsertOf(docs, 1);
    await this.sql.query(upsert.sql, [upsert.param]);
    upsert.noteWritten();
  }

  /** The upsert of `docs` as SQL whose parameter is number `param`, its value, and what to note once it ran. */
  upsertOf(docs: Document[], param: number): { sql: string; param: string; noteWritten: () => void } {
    // One statement may not touch a row twice: the last version of each id wins.
    const unique = [...new Map(docs.map((d) => [d.id, this.shape.toStored(d as T)])).values()];
    return {
      sql: `INSERT INTO ${this.table} (id, doc)
       SELECT e->>'id', e FROM jsonb_array_elements($${param}::text::jsonb) AS e
       ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
      param: JSON.stringify(unique),
      noteWritten: () => this.maintenance?.noteWrites(this.table, unique.length),
    };
  }

  /** The deletion of the ids given (a JSON array) as parameter number `param`. */
  deleteOf(param: number): string {
    return `DELETE FROM ${this.table} WHERE id IN (SELECT jsonb_array_elements_text($${param}::text::jsonb))`;
  }

  async delete(id: string): Promise<void> {
    await this.sql.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
    this.maintenance?.noteWrites(this.table, 1);
  }

  async clear(): Promise<void> {
    await this.sql.query(`TRUNCATE ${this.table}`);
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [first] = await this.find(filter, { limit: 1 });
    return first ?? null;
  }

  async find(filter: Filter, options: { sort?: SortSpec; limit?: number } = {}): Promise<T[]> {
    const params: unknown[] = [];
    const where = this.where(filter, params);
    const order = options.sort ? this.orderBy(options.sort, false) : '';
    const limit = options.limit ? ` LIMIT ${Math.floor(options.limit)}` : '';
    const rows = await this.sql.query<{ doc: T }>(
      `SELECT doc FROM ${this.table} WHERE ${where}${order}${limit}`,
      params,
    );
    return this.read(rows);
  }

  async count(filter: Filter): Promise<number> {
    const params: unknown[] = [];
    const [row] = await this.sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${this.table} WHERE ${this.where(filter, params)}`,
      params,
    );
    return Number(row.n);
  }

  async page(request: PageRequest): Promise<Page<T>> {
    const { sort, limit } = request;
    const cursorId = request.after ?? request.before;
    const backward = !request.after && !!request.before;
    let cursorValue: Scalar = null;
    if (cursorId) {
      // The cursor must be a document of the list's owner (e.g. the shop): one of another shop
      // answers exactly like one that does not exist.
      const cursorParams: unknown[] = [cursorId];
      const [cursorRow] = await this.sql.query<{ doc: T }>(
        `SELECT doc FROM ${this.table} WHERE id = $1 AND ${this.where(request.scope ?? request.filter, cursorParams)}`,
        cursorParams,
      );
      if (!cursorRow) throw new UnknownCursorError(cursorId);
      cursorValue = (cursorRow.doc as unknown as Record<string, Scalar>)[sort.field] ?? null;
    }
    // "Forward" means in the requested sort direction.
    const beyond = (forward: boolean, params: unknown[], inclusive = false): string => {
      if (!cursorId) return 'TRUE';
      const ascending = (sort.direction === 'asc') === forward;
      const op = (ascending ? '>' : '<') + (inclusive ? '=' : '');
      params.push(cursorValue, cursorId);
      const n = params.length;
      return `(${this.expr(sort.field)}, id) ${op} ($${n - 1}::${this.cast(sort.field)}, $${n}::text)`;
    };
    const params: unknown[] = [];
    const where = this.where(request.filter, params);
    const range = beyond(!backward, params);
    const rows = await this.sql.query<{ doc: T }>(
      `SELECT doc FROM ${this.table} WHERE ${where} AND ${range}${this.orderBy(sort, backward)} LIMIT ${limit + 1}`,
      params,
    );
    const more = rows.length > limit;
    const items = this.read(rows.slice(0, limit));
    if (backward) items.reverse();
    let other = false;
    if (cursorId) {
      const otherParams: unknown[] = [];
      const otherWhere = this.where(request.filter, otherParams);
      const opposite = beyond(backward, otherParams, true);
      const found = await this.sql.query(
        `SELECT 1 FROM ${this.table} WHERE ${otherWhere} AND ${opposite} LIMIT 1`,
        otherParams,
      );
      other = found.length > 0;
    }
    return backward ? { items, hasNext: other, hasPre: more } : { items, hasNext: more, hasPre: other };
  }

  private orderBy(sort: SortSpec, reverse: boolean): string {
    const asc = (sort.direction === 'asc') !== reverse;
    const dir = asc ? 'ASC' : 'DESC';
    return ` ORDER BY ${this.expr(sort.field)} ${dir}, id ${dir}`;
  }

  private where(filter: Filter, params: unknown[]): string {
    const clauses: string[] = ['TRUE'];
    for (const [field, condition] of Object.entries(filter)) {
      if (condition === undefined) continue;
      if (condition === null || typeof condition !== 'object') {
        clauses.push(this.equals(field, condition, params));
        continue;
      }
      const range = condition as Range;
      const ops: Array<[keyof Range, string]> = [
        ['$gt', '>'],
        ['$gte', '>='],
        ['$lt', '<'],
        ['$lte', '<='],
      ];
      for (const [key, op] of ops) {
        if (range[key] === undefined) continue;
        params.push(range[key]);
        clauses.push(`${this.expr(field)} ${op} $${params.length}::${this.cast(field)}`);
      }
      // Like MongoDB, $ne also matches documents where the field is null or missing.
      if (range.$ne !== undefined) clauses.push(`NOT COALESCE((${this.equals(field, range.$ne, params)}), FALSE)`);
      if (range.$in !== undefined) {
        if (range.$in.length === 0) clauses.push('FALSE');
        else clauses.push(`(${range.$in.map((v) => this.equals(field, v, params)).join(' OR ')})`);
      }
    }
    return clauses.join(' AND ');
  }

  private equals(field: string, value: Scalar, params: unknown[]): string {
    if (!SAFE_FIELD.test(this.shape.queryable(field))) throw new Error(`Bad field name ${field}`);
    if (value === null) return `(doc->'${field}' IS NULL OR doc->'${field}' = 'null'::jsonb)`;
    if (this.numeric.has(field)) {
      params.push(value);
      return `${this.expr(field)} = $${params.length}::numeric`;
    }
    if (typeof value === 'boolean' || typeof value === 'number') {
      params.push(JSON.stringify(value));
      return `doc->'${field}' = $${params.length}::text::jsonb`;
    }
    params.push(value);
    return `${this.expr(field)} = $${params.length}::text`;
  }
}
