import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqlClient, SqlQueryable } from './sql-client';
import { PreparedStatements } from './pglite-prepared';
import { isEmbeddedStoreFailure, READS_ONLY } from './connection-errors';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

const STORE = 'PGlite';

/**
 * PGlite keeps PostgreSQL's buffer pool inside its WebAssembly memory, which never shrinks: with the
 * default 128 MB pool the process stayed large after a workload. The operating system's page cache
 * already holds the data files, so a small pool costs little time and saves much memory.
 */
const EMBEDDED_SETTINGS = [
  'shared_buffers=32MB',
  'wal_buffers=1MB',
  'maintenance_work_mem=16MB',
  // A log segment the checkpoints leave behind is removed, not renamed for reuse with its bytes: an
  // erasure's compaction (personal-data/embedded-erasure-compaction) relies on it to take erased rows off the disk.
  'wal_recycle=off',
  // Statements are prepared once (see pglite-prepared) but planned for their values on each run, as
  // unnamed ones are: a generic plan of a group append (its rows come from a JSON parameter) costs
  // more than planning it anew, and award throughput fell with it.
  'plan_cache_mode=force_custom_plan',
];

/**
 * A new data directory is made by a short-lived child process. PGlite runs initdb in a WebAssembly
 * instance of its own and keeps its memory for as long as the database it opened stays open, and
 * even closed and opened again in the same process part of it stays resident; a child gives it all
 * back when it exits.
 */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
    PGlite.create(process.argv[1], { postgresqlconf: ${JSON.stringify(EMBEDDED_SETTINGS)} })
      .then((db) => db.close())
      .catch((error) => { console.error(error); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', script, dataDir], { timeout: 120_000 });
}

/**
 * In-memory databases start from a copy of a freshly initialised cluster (loading the copy is much
 * faster than initdb in WebAssembly; the test suites open hundreds). The copy is kept in the
 * system's temporary directory under a name that changes with PGlite's build and our settings, so
 * each process after the first skips initdb. It is written under a temporary name and renamed, so a
 * reader never sees half of one; a file that is not a tar archive is ignored and written again.
 */
let freshClusterCopy: Promise<Blob> | null = null;
function freshCluster(): Promise<Blob> {
  freshClusterCopy ??= readClusterCopy().then((copy) => copy ?? writeClusterCopy());
  // A failed initdb is not remembered: the next in-memory open tries again, as each did before.
  freshClusterCopy.catch(() => (freshClusterCopy = null));
  return freshClusterCopy;
}

/** Where this build's copy of a fresh cluster is kept. */
export function clusterCopyPath(): string {
  const module = require.resolve('@electric-sql/pglite');
  const build = statSync(module);
  const key = createHash('sha256')
    .update(JSON.stringify([module, build.size, build.mtimeMs, EMBEDDED_SETTINGS]))
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `loyalty-pglite-cluster-${key}.tar`);
}

/** A tar archive's header says `ustar` at byte 257. */
const isTar = (bytes: Buffer) => bytes.length > 512 && bytes.toString('latin1', 257, 262) === 'ustar';

async function readClusterCopy(): Promise<Blob | null> {
  const bytes = await readFile(clusterCopyPath()).catch(() => null);
  return bytes && isTar(bytes) ? new Blob([bytes]) : null;
}

async function writeClusterCopy(): Promise<Blob> {
  const db = await PGlite.create({ postgresqlconf: EMBEDDED_SETTINGS });
  let copy: Blob;
  try {
    copy = await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
  const path = clusterCopyPath();
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await copy.arrayBuffer()))
    .then(() => rename(partial, path))
    .catch(() => rm(partial, { force: true }));
  return copy;
}

const TEXT_OID = 25;
/** Below this many characters a text parameter goes as text: converting costs more than it saves. */
const BINARY_TEXT_FROM = 4096;

/**
 * Large text parameters (a batch of documents or events as one JSON array) go in binary format,
 * which for `text` is the UTF-8 bytes as they are. PGlite's own text path measures each string's
 * UTF-8 length in a JavaScript loop over its characters, twice, a large part of a rebuild's time.
 * Buffer.from does the same in native code.
 */
const SERIALIZERS = {
  // PGlite's protocol layer sends a byte array as binary.
  [TEXT_OID]: (value: unknown): unknown =>
    typeof value === 'string' && value.length >= BINARY_TEXT_FROM
      ? Buffer.from(value, 'utf8')
      : value instanceof Date
        ? value.toISOString()
        : String(value),
};

/**
 * PGlite is one embedded connection. Every statement outside a transaction and every transaction
 * goes through one queue, so a query can never land inside another caller's open transaction.
 */
export class PgliteSqlClient implements SqlClient {
  readonly kind = 'pglite' as const;
  private queue: Promise<unknown> = Promise.resolve();

  private readonly statements: PreparedStatements;

  private constructor(private readonly db: PGlite) {
    this.statements = new PreparedStatements(db, SERIALIZERS);
  }

  /** `dataDir` undefined: in memory (tests). */
  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    const options = { postgresqlconf: EMBEDDED_SETTINGS };
    if (!dataDir) return new PgliteSqlClient(await PGlite.create({ ...options, loadDataDir: await freshCluster() }));
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(dataDir);
    return new PgliteSqlClient(await PGlite.create(dataDir, options));
  }

  /**
   * Runs `work` after every earlier caller. A closed or broken database is StoreUnavailableError (the
   * API answers 503, as for a server out of reach); `writes`: its outcome is then unknown.
   */
  private serialize<T>(work: () => Promise<T>, writes = true): Promise<T> {
    const guarded = async () => {
      if (this.db.closed) throw new StoreUnavailableError(STORE, new Error('PGlite is closed'));
      try {
        return await work();
      } catch (error) {
        throw isEmbeddedStoreFailure(error) ? new StoreUnavailableError(STORE, error, writes) : error;
      }
    };
    const run = this.queue.then(guarded, guarded);
    this.queue = run.catch(() => undefined);
    return run;
  }

  query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    return this.serialize(() => this.statements.run<Row>(text, params), !READS_ONLY.test(text));
  }

  exec(text: string): Promise<void> {
    return this.serialize(async () => {
      await this.db.exec(text);
    });
  }

  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    return this.serialize(() =>
      this.db.transaction(() =>
        work({ query: <Row>(text: string, params: unknown[] = []) => this.statements.run<Row>(text, params) }),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.db.closed) return;
    await this.serialize(async () => {
      if (!this.db.closed) await this.db.close();
    });
  }
}
