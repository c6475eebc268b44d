import {
  comparePositions,
  EventStore,
  GlobalPosition,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '../infrastructure/event-store/event-store.port';
import { WebhookOutbox } from '../infrastructure/webhook-outbox/webhook-outbox.port';

/** Where a copy has got to, kept in the target's checkpoints (a position of the source's feed). */
export const COPY_CHECKPOINT = 'migrate-events';
/** The webhook projector's checkpoint as translated (a position of the target), kept by the target. */
export const WEBHOOK_CHECKPOINT_MARKER = 'migrate-events:webhook-projector';

/** The target holds something else than the source where they overlap: nothing is overwritten. */
export class MigrationConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationConflictError';
  }
}

export interface CopyProgress {
  /** Events written to the target by this run. */
  copied: number;
  /** Events found already in the target (an earlier, interrupted run). */
  skipped: number;
  /** The source position copied up to. */
  position: GlobalPosition;
}

export interface CopyOptions {
  batchSize?: number;
  /** Ignore where an earlier run got to and start from the beginning (what is there is still checked and skipped). */
  restart?: boolean;
  /** After each batch is written, before it is checkpointed. */
  onBatch?: (progress: CopyProgress) => void | Promise<void>;
}

export interface CopyReport {
  copied: number;
  skipped: number;
  resumedFrom: GlobalPosition | null;
  /** The last source position copied (null: the source is empty). */
  copiedUpTo: GlobalPosition | null;
}

/**
 * Copies the source's log into the target, streamed in the source's global order, a batch at a time
 * (memory does not grow with the log). Each run of consecutive events of one stream is one append
 * with the expected revision the source had before it, so the target ends with the same streams,
 * revisions, event ids, types, data and metadata, and cannot get an event twice or out of place.
 *
 * Resumable: the source position reached is checkpointed in the target after each batch. After a
 * crash the last batch comes again; its appends then meet a stream that already has those
 * revisions, and the events there are compared by id and skipped (a different event is a
 * MigrationConflictError). A run on a live source copies what is there; a later run copies the rest.
 */
export async function copyEvents(
  source: EventStore,
  target: EventStore,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const batchSize = options.batchSize ?? 1000;
  const resumedFrom = options.restart ? null : await target.readCheckpoint(COPY_CHECKPOINT);
  let after = resumedFrom;
  let copied = 0;
  let skipped = 0;
  // Read the next batch while this one is written: the two stores work side by side.
  let next = source.readAll({ after, limit: batchSize });
  for (let batch = await next; batch.length > 0; batch = await next) {
    const position = batch[batch.length - 1].position;
    next = source.readAll({ after: position, limit: batchSize });
    for (const run of streamRuns(batch)) {
      const result = await copyRun(target, run);
      copied += result.copied;
      skipped += result.skipped;
    }
    await options.onBatch?.({ copied, skipped, position });
    await target.storeCheckpoint(COPY_CHECKPOINT, position);
    after = position;
  }
  return { copied, skipped, resumedFrom, copiedUpTo: after };
}

/** Consecutive events of one stream (one append each); the global order is kept. */
function streamRuns(batch: RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const event of batch) {
    const current = runs[runs.length - 1];
    if (current && current[0].streamId === event.streamId) current.push(event);
    else runs.push([event]);
  }
  return runs;
}

const toNew = (e: RecordedEvent): NewEvent => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata });

async function copyRun(target: EventStore, run: RecordedEvent[]): Promise<{ copied: number; skipped: number }> {
  const { streamId } = run[0];
  const first = run[0].revision;
  try {
    await target.appendToStream(streamId, run.map(toNew), first === 0n ? 'no_stream' : first - 1n);
    return { copied: run.length, skipped: 0 };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  // The stream is not where this run starts: an earlier run wrote (some of) these events.
  const present = await target.readStream(streamId, first, run.length);
  if (present.length === 0 || present[0].revision !== first) {
    throw new MigrationConflictError(`${streamId}: the target ends before revision ${first}; events are missing there`);
  }
  present.forEach((event, i) => {
    if (event.id !== run[i].id) {
      throw new MigrationConflictError(
        `${streamId}@${event.revision}: the target has event ${event.id}, the source ${run[i].id}`,
      );
    }
  });
  const rest = run.slice(present.length);
  if (rest.length > 0) await target.appendToStream(streamId, rest.map(toNew), rest[0].revision - 1n);
  return { copied: rest.length, skipped: present.length };
}

export interface StreamMismatch {
  streamId: string;
  source: { count: number; lastRevision: bigint };
  target: { count: number; lastRevision: bigint | null };
  reason: string;
}

export interface VerifyReport {
  streams: number;
  events: number;
  /** The first mismatches found (at most `maxMismatches`). */
  mismatches: StreamMismatch[];
  ok: boolean;
}

/**
 * Checks every stream of the source against the target: the same number of events, the same last
 * revision, and the same event ids in the same places. Streams are walked one after the other
 * (memory holds one stream at a time) and read from the target a few at a time.
 */
export async function verifyEvents(
  source: EventStore,
  target: EventStore,
  options: { concurrency?: number; maxMismatches?: number; onStream?: (streams: number, events: number) => void } = {},
): Promise<VerifyReport> {
  const concurrency = options.concurrency ?? 8;
  const maxMismatches = options.maxMismatches ?? 20;
  const mismatches: StreamMismatch[] = [];
  let mismatchCount = 0;
  let streams = 0;
  let events = 0;
  let failure: unknown = null;
  const running = new Set<Promise<void>>();
  const compare = async (streamId: string, ids: string[], lastRevision: bigint) => {
    const copy = await target.readStream(streamId);
    const found = { count: copy.length, lastRevision: copy.length ? copy[copy.length - 1].revision : null };
    const reason =
      ids.length !== Number(lastRevision) + 1
        ? 'the source stream has gaps'
        : copy.length !== ids.length
          ? 'different event counts'
          : found.lastRevision !== lastRevision
            ? 'different last revisions'
            : copy.some((e, i) => e.id !== ids[i] || e.revision !== BigInt(i))
              ? 'different events'
              : null;
    if (!reason) return;
    mismatchCount++;
    if (mismatches.length < maxMismatches) {
      mismatches.push({ streamId, source: { count: ids.length, lastRevision }, target: found, reason });
    }
  };
  const check = async (streamId: string, ids: string[], lastRevision: bigint) => {
    streams++;
    events += ids.length;
    options.onStream?.(streams, events);
    while (running.size >= concurrency) await Promise.race(running);
    const task: Promise<void> = compare(streamId, ids, lastRevision)
      .catch((error) => void (failure ??= error))
      .finally(() => running.delete(task));
    running.add(task);
  };
  let current: { streamId: string; ids: string[]; last: bigint } | null = null;
  let after: { streamId: string; revision: bigint } | null = null;
  while (!failure) {
    const page = await source.readStreams({ prefix: '', after, limit: 1000 });
    if (page.length === 0) break;
    for (const event of page) {
      if (current && current.streamId !== event.streamId) {
        await check(current.streamId, current.ids, current.last);
        current = null;
      }
      current ??= { streamId: event.streamId, ids: [], last: event.revision };
      current.ids.push(event.id);
      current.last = event.revision;
    }
    const last = page[page.length - 1];
    after = { streamId: last.streamId, revision: last.revision };
  }
  if (current) await check(current.streamId, current.ids, current.last);
  await Promise.all(running);
  if (failure) throw failure;
  return { streams, events, mismatches, ok: mismatchCount === 0 };
}

export interface TranslatedCheckpoint {
  name: string;
  from: GlobalPosition | null;
  to: GlobalPosition | null;
}

/**
 * Positions differ between stores, so the subscribers' checkpoints (projections, tier coupon grants,
 * the webhook projector) are carried over as "the same event": the source event at the checkpoint
 * is found in the target by stream and revision, and the target's position of it is stored. The
 * subscribers then go on in the target exactly where they stopped in the source: no read model
 * replayed, no webhook or coupon grant repeated. Run once the copy is complete and verified.
 *
 * Projection checkpoints go to the target's own checkpoints (the source's stay as they were). The
 * webhook outbox is shared by both (it lives in the SQL database), so its checkpoint is rewritten in
 * place, once: the translated position is recorded in the target first, and a second run finds it.
 */
export async function translateCheckpoints(
  source: EventStore,
  target: EventStore,
  names: string[],
  outbox?: WebhookOutbox,
): Promise<TranslatedCheckpoint[]> {
  const translate = async (position: GlobalPosition): Promise<GlobalPosition> => {
    const before =
      position.prepare > 0n
        ? { commit: position.commit, prepare: position.prepare - 1n }
        : { commit: position.commit - 1n, prepare: 2n ** 64n - 1n };
    const [event] = await source.readAll({ after: before, limit: 1 });
    if (!event || comparePositions(event.position, position) !== 0) {
      throw new MigrationConflictError(`no source event at checkpoint position ${position.commit}/${position.prepare}`);
    }
    const [copy] = await target.readStream(event.streamId, event.revision, 1);
    if (!copy || copy.id !== event.id) {
      throw new MigrationConflictError(`${event.streamId}@${event.revision} is not in the target: copy first`);
    }
    return copy.position;
  };
  const out: TranslatedCheckpoint[] = [];
  for (const name of names) {
    const from = await source.readCheckpoint(name);
    const to = from ? await translate(from) : null;
    await target.storeCheckpoint(name, to);
    out.push({ name, from, to });
  }
  if (outbox) {
    const { checkpoint, subscriptions } = await outbox.loadProjector();
    const translated = await target.readCheckpoint(WEBHOOK_CHECKPOINT_MARKER);
    const translatedFrom = await target.readCheckpoint(`${WEBHOOK_CHECKPOINT_MARKER}:source`);
    const same = (a: GlobalPosition | null, b: GlobalPosition | null) => !!a && !!b && comparePositions(a, b) === 0;
    if (checkpoint && !same(checkpoint, translated)) {
      // Rewritten once: a second run finds it translated, or (after a crash in between) still the
      // source position it recorded; anything else means the projector has moved on since.
      if (translated && !same(checkpoint, translatedFrom)) {
        throw new MigrationConflictError('the webhook projector checkpoint moved after it was translated; left alone');
      }
      const to = await translate(checkpoint);
      await target.storeCheckpoint(`${WEBHOOK_CHECKPOINT_MARKER}:source`, checkpoint);
      await target.storeCheckpoint(WEBHOOK_CHECKPOINT_MARKER, to);
      await outbox.commitProjector({ deliveries: [], subscriptions, removed: [], checkpoint: to });
      out.push({ name: 'webhook-projector', from: checkpoint, to });
    }
  }
  return out;
}
