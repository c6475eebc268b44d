import { resolve } from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { AppConfig, EventStoreKind } from '../config/app-config';
import { createAppContext } from '../app.factory';
import { DataDirLock } from '../infrastructure/data-dir-lock';
import { EventStore } from '../infrastructure/event-store/event-store.port';
import { openEventStore, STORAGE, Storage } from '../infrastructure/storage';
import { ProjectionRunner } from '../projections/projection-runner';
import { TIER_REWARD_COUPONS_CHECKPOINT } from '../ledger/tiers/tier-reward-coupons';
import { MILESTONES_REACHED_CHECKPOINT } from '../ledger/milestones/milestone-reached.recorder';
import { REFERRAL_RELAY_CHECKPOINT } from '../ledger/referrals/referral-relay';
import { because } from '../shared/domain/domain-error';
import { copyEvents, translateCheckpoints, verifyEvents } from './migrate-events';

const KINDS: EventStoreKind[] = ['postgres', 'pglite', 'eventstoredb'];

/**
 * The environment of one side: EVENT_STORE set to the kind and `url` where that kind finds its log
 * (PostgreSQL: DATABASE_URL; EventStoreDB: ESDB_URL; PGlite: DATA_DIR).
 */
function sideEnv(env: NodeJS.ProcessEnv, kind: string | undefined, url: string | undefined, flag: string) {
  if (!kind || !KINDS.includes(kind as EventStoreKind)) {
    throw because.badRequest(`--${flag} must be one of ${KINDS.join(', ')}`);
  }
  const place = kind === 'postgres' ? 'DATABASE_URL' : kind === 'eventstoredb' ? 'ESDB_URL' : 'DATA_DIR';
  return { ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'silent', EVENT_STORE: kind, ...(url ? { [place]: url } : {}) };
}

/**
 * `loyalty migrate events --from postgres --to eventstoredb [--from-url <url>] [--to-url <url>]
 * [--batch 1000] [--restart] [--no-checkpoints]`.
 *
 * The source is opened as the service opens it (its SQL database holds the webhook outbox); the
 * target is only an event store. Copies (resumable), verifies every stream, then carries the
 * subscribers' checkpoints over. Progress on stderr (a bar on a terminal); the report on stdout.
 * Exit code 0: copied and verified; 3: the verification found differences.
 */
export async function migrateEventsCommand(options: Record<string, string>, env = process.env): Promise<number> {
  const { sourceConfig, targetConfig, batchSize } = migrationOf(options, env);
  const locks = lockEmbeddedStores(sourceConfig, targetConfig);
  const app = await createAppContext({ config: sourceConfig });
  let target: { eventStore: EventStore; close(): Promise<void> } | null = null;
  try {
    const storage = app.get<Storage>(STORAGE);
    // The log as stored: sealed personal fields are copied sealed (the data keys stay in the SQL database).
    const source = storage.eventStore;
    target = await openEventStore(targetConfig, storage.sql);
    // Both ends answer before anything is written (an empty source would not touch the target).
    await source.ping();
    await target.eventStore.ping();
    const progress = progressReporter(await source.countEvents?.());

    const copy = await copyEvents(source, target.eventStore, {
      batchSize,
      restart: options.restart !== undefined,
      onBatch: (p) => progress.copied(p.copied + p.skipped),
    });
    progress.done();
    const verify = await verifyEvents(source, target.eventStore, {
      onStream: (streams, events) => progress.verified(streams, events),
    });
    progress.done();
    const checkpoints =
      verify.ok && options['no-checkpoints'] === undefined
        ? await translateCheckpoints(
            source,
            target.eventStore,
            [
              ...app.get(ProjectionRunner).names,
              TIER_REWARD_COUPONS_CHECKPOINT,
              MILESTONES_REACHED_CHECKPOINT,
              REFERRAL_RELAY_CHECKPOINT,
            ],
            storage.webhookOutbox,
          )
        : [];
    const report = reportOf(sourceConfig.eventStoreKind, targetConfig.eventStoreKind, copy, verify, checkpoints);
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.stderr.write(outcomeLine(verify, targetConfig.eventStoreKind));
    return verify.ok ? 0 : 3;
  } finally {
    await target?.close();
    await app.close();
    locks.forEach((l) => l.release());
  }
}

/** The two sides and the batch size the options name; a bad request when they cannot be migrated. */
function migrationOf(options: Record<string, string>, env: NodeJS.ProcessEnv) {
  const sourceConfig = new AppConfig(sideEnv(env, options.from, options['from-url'], 'from'));
  const targetConfig = new AppConfig(sideEnv(env, options.to, options['to-url'], 'to'));
  if (sourceConfig.eventStoreKind === 'eventstoredb') {
    throw because.badRequest('--from eventstoredb is not supported: migrate from postgres or pglite');
  }
  if (sameStore(sourceConfig, targetConfig)) throw because.badRequest('source and target are the same store');
  // Only the log moves: the read models, the webhook outbox and the checkpoints stay in the SQL
  // database of the combination (DATABASE_URL, else DATA_DIR), so the service goes on where it was.
  const sqlOf = (config: AppConfig) => config.databaseUrl ?? resolve(config.dataDir);
  if (sqlOf(sourceConfig) !== sqlOf(targetConfig)) {
    throw because.badRequest(
      `the target would use another SQL database (${sqlOf(targetConfig)}) than the source (${sqlOf(sourceConfig)}) ` +
        'for the webhook outbox and read models; only the event log moves: set DATABASE_URL for both',
    );
  }
  const batchSize = Number(options.batch ?? 1000);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw because.badRequest('--batch must be a positive integer');
  return { sourceConfig, targetConfig, batchSize };
}

/** The embedded stores' directories, locked against a running service (a bad request if one has them). */
function lockEmbeddedStores(source: AppConfig, target: AppConfig): DataDirLock[] {
  const locks: DataDirLock[] = [];
  const lock = (dir: string) => {
    const dataDirLock = new DataDirLock(dir);
    const holder = dataDirLock.holder();
    if (holder) {
      locks.forEach((l) => l.release());
      throw because.badRequest(`The service (pid ${holder}) has ${dir} open: stop it first`);
    }
    dataDirLock.acquire();
    locks.push(dataDirLock);
  };
  if (source.usesEmbeddedStore) lock(source.dataDir);
  if (target.eventStoreKind === 'pglite') lock(target.dataDir);
  return locks;
}

function sameStore(source: AppConfig, target: AppConfig): boolean {
  return (
    source.eventStoreKind === target.eventStoreKind &&
    (target.eventStoreKind === 'pglite'
      ? resolve(source.dataDir) === resolve(target.dataDir)
      : source.databaseUrl === target.databaseUrl)
  );
}

/** What the command prints on stdout: what was copied, verified and carried over (positions as text). */
function reportOf(
  from: EventStoreKind,
  to: EventStoreKind,
  copy: Awaited<ReturnType<typeof copyEvents>>,
  verify: Awaited<ReturnType<typeof verifyEvents>>,
  checkpoints: Awaited<ReturnType<typeof translateCheckpoints>>,
) {
  return {
    from,
    to,
    copied: copy.copied,
    skipped: copy.skipped,
    resumedFrom: position(copy.resumedFrom),
    copiedUpTo: position(copy.copiedUpTo),
    verified: { streams: verify.streams, events: verify.events, ok: verify.ok },
    mismatches: verify.mismatches.map((m) => ({
      ...m,
      source: { count: m.source.count, lastRevision: String(m.source.lastRevision) },
      target: {
        count: m.target.count,
        lastRevision: m.target.lastRevision === null ? null : String(m.target.lastRevision),
      },
    })),
    checkpoints: checkpoints.map((c) => ({ name: c.name, from: position(c.from), to: position(c.to) })),
  };
}

/** What the command says on stderr at the end: what to do next. */
function outcomeLine(verify: Awaited<ReturnType<typeof verifyEvents>>, to: EventStoreKind): string {
  return verify.ok
    ? `Copied and verified. Start the service with EVENT_STORE=${to} (and its URL).\n`
    : `The target differs from the source in ${verify.mismatches.length > 0 ? 'these streams' : 'some streams'}: nothing was switched.\n`;
}

function position(p: { commit: bigint; prepare: bigint } | null): string | null {
  return p ? `${p.commit}/${p.prepare}` : null;
}

/** A bar on a terminal; elsewhere a line every few seconds (logs stay readable). */
function progressReporter(total: number | undefined) {
  const tty = !!process.stderr.isTTY;
  let bar: SingleBar | null = null;
  let lastLine = 0;
  const line = (text: string) => {
    if (Date.now() - lastLine < 5000) return;
    lastLine = Date.now();
    process.stderr.write(`${text}\n`);
  };
  const start = (format: string, max: number) => {
    bar = new SingleBar({ stream: process.stderr, format, hideCursor: true }, Presets.shades_classic);
    bar.start(max, 0, { events: 0 });
  };
  return {
    copied(events: number) {
      if (!tty) return line(`copy: ${events}${total ? `/${total}` : ''} events`);
      if (!bar)
        start(
          total ? 'copy   [{bar}] {percentage}% | {value}/{total} events | eta {eta_formatted}' : 'copy {value} events',
          total ?? 0,
        );
      bar!.update(events);
    },
    verified(streams: number, events: number) {
      if (!tty) return line(`verify: ${streams} streams, ${events} events`);
      if (!bar)
        start(
          total ? 'verify [{bar}] {percentage}% | {value}/{total} events | {streams} streams' : 'verify {value} events',
          total ?? 0,
        );
      bar!.update(events, { streams });
    },
    done() {
      bar?.stop();
      bar = null;
      lastLine = 0;
    },
  };
}
