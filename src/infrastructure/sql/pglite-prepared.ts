import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { BoundedCache } from '../../shared/bounded-cache';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Serializer = (value: unknown) => unknown;

/** Statement names are unique in the process, so two sets on one database never collide. */
let prepared = 0;

interface Prepared {
  name: string;
  /** Parameter type oids, as the server inferred them. */
  paramTypes: number[];
  /** The result's columns (null: the statement returns no rows). */
  rowDescription: BackendMessage | null;
}

/**
 * Named prepared statements on PGlite: each distinct SQL text is parsed and described once, then run
 * with one protocol exchange (bind, execute, sync). PGlite's `query` parses and describes every
 * statement again and spends six exchanges with its WebAssembly instance on it, on the thread that
 * also serves requests. Plans are still made per run (`plan_cache_mode` in the client's settings).
 *
 * Only for the file-system kinds this service opens (a directory, or memory), whose sync to storage
 * is a no-op: the exchange skips it. The statements a process runs are a bounded set (the read
 * store builds its filters from a few shapes); the least recently used beyond `limit` is closed.
 */
export class PreparedStatements {
  private readonly statements: BoundedCache<string, Prepared>;
  /** Pushed out of `statements` by its bound, still to be closed on the server. */
  private readonly evicted: Prepared[] = [];

  constructor(
    private readonly db: PGlite,
    private readonly serializers: Record<number, Serializer>,
    limit = 500,
  ) {
    this.statements = new BoundedCache({ max: limit, onEvict: (statement) => this.evicted.push(statement) });
  }

  /**
   * Runs `text` with `params`; the caller keeps other statements from interleaving (one connection).
   * `runExclusive` is PGlite's public lock for the protocol methods: no query or transaction of its
   * own runs between our exchanges.
   */
  run<Row>(text: string, params: unknown[]): Promise<Row[]> {
    return this.db.runExclusive(async () => {
      let statement = this.statements.get(text);
      if (!statement) {
        statement = await this.prepare(text);
        this.statements.set(text, statement);
        await this.closeEvicted();
      }
      const values = params.map((value, i) => this.serialize(value, statement.paramTypes[i]));
      const messages = await this.exchange(
        protocol.serialize.bind({ statement: statement.name, values: values as never }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      const [result] = parse.parseResults(described as never, this.db.parsers);
      return (result?.rows ?? []) as Row[];
    });
  }

  private async prepare(text: string): Promise<Prepared> {
    const name = `loyalty_${++prepared}`;
    const messages = await this.exchange(
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const parameters = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs?: number[] } | undefined;
    const statement: Prepared = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    return statement;
  }

  private async closeEvicted(): Promise<void> {
    for (let oldest = this.evicted.shift(); oldest; oldest = this.evicted.shift())
      await this.exchange(protocol.serialize.close({ type: 'S', name: oldest.name }), protocol.serialize.sync());
  }

  private serialize(value: unknown, type: number | undefined): unknown {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : (this.serializers[type] ?? this.db.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  /** One exchange of several messages; a database error is thrown once all were processed (so after the sync). */
  private exchange(...messages: Uint8Array[]): Promise<BackendMessage[]> {
    const size = messages.reduce((total, m) => total + m.length, 0);
    const buffer = new Uint8Array(size);
    let at = 0;
    for (const m of messages) {
      buffer.set(m, at);
      at += m.length;
    }
    return this.db.execProtocolStream(buffer, { syncToFs: false });
  }
}
