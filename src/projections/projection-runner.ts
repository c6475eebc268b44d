import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  comparePositions,
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../infrastructure/event-store/event-store.port';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { AppConfig } from '../config/app-config';
import { Projection, PROJECTIONS } from './projection';
import { Metrics } from '../metrics/metrics';
import { ProjectionBatch } from './projection-batch';
import { AppendSignal } from '../event-sourcing/append-signal';
import { SharedFeedReads } from './shared-feed-reads';
import { LEASES, Leases } from '../infrastructure/leases/leases.port';
import { FeedFollower } from './feed-follower';
import { DocumentCache } from './document-cache';
import { HeapCeiling } from '../infrastructure/runtime/heap-ceiling';

const BATCH = 1000;
/** How often a process without a single-writer projection's lease asks for it again. */
const LEASE_RETRY_MS = 5000;
/** Checkpoints are written at most this often (and when the runner stops or catches up). */
const CHECKPOINT_EVERY_MS = 1000;

const after = (a: GlobalPosition, b: GlobalPosition | null) => b === null || comparePositions(a, b) > 0;

/**
 * Feeds every projection from the global feed. One reader serves all projections; each keeps its own
 * checkpoint, so a new or rebuilt projection catches up on its own while the others stay current.
 */
@Injectable()
export class ProjectionRunner extends FeedFollower {
  protected readonly logger = new Logger('Projections');
  private readonly checkpoints = new Map<string, GlobalPosition | null>();
  private processed: GlobalPosition | null = null;
  private exclusive: Promise<unknown> = Promise.resolve();
  /** Projections whose checkpoint moved since it was last stored. */
  private readonly unsaved = new Set<string>();
  private lastSaved = Date.now();
  /** Single-writer projections whose lease another process holds: not applied, not waited for. */
  private readonly standby = new Set<string>();
  private leaseAskedAt = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PROJECTIONS) private readonly projections: Projection[],
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
    appended: AppendSignal,
    private readonly feed: SharedFeedReads,
    private readonly documents: DocumentCache,
    @Inject(LEASES) private readonly leases: Leases,
  ) {
    super();
    this.followFeed(appended, {
      what: 'Projection step',
      pageSize: BATCH,
      onIdle: async () => {
        if (this.unsaved.size > 0 && Date.now() - this.lastSaved >= CHECKPOINT_EVERY_MS) await this.saveCheckpoints();
      },
      // Waiting writers: their event may be hidden behind an older transaction still committing.
      idlePauseMs: () => (this.someoneWaits ? 1 : this.config.projectionPollMs),
    });
  }

  protected readUpTo(): GlobalPosition | null {
    return this.processed;
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  /** Resolves once every projection has applied the event at `position` (or the wait limit passed). */
  waitFor(position: GlobalPosition): Promise<void> {
    if (!this.loop.isRunning) return this.catchUp();
    return this.waitUntilRead(position, this.config.projectionWaitMs, 'Read models');
  }

  /** Every projection (not on standby) has applied the event at `position`. */
  hasApplied(position: GlobalPosition): boolean {
    return this.processed !== null && comparePositions(this.processed, position) >= 0;
  }

  /** Applies everything readable now (CLI, tests, rebuild); `onBatch`: the events applied so far, after each batch. */
  async catchUp(options: { onBatch?: (events: number) => void } = {}): Promise<void> {
    if (this.checkpoints.size === 0) await this.loadCheckpoints();
    if (!options.onBatch) return this.readToEnd();
    let events = 0;
    for (let read = await this.step(); read > 0; read = await this.step()) options.onBatch((events += read));
    await this.saveCheckpoints();
  }

  /** Empties every read model and replays the whole log into it. */
  async rebuild(options: { onBatch?: (events: number) => void } = {}): Promise<{ events: number; ms: number }> {
    const wasRunning = this.loop.isRunning;
    await this.stop();
    const started = Date.now();
    this.documents.clear();
    if (this.checkpoints.size === 0) await this.loadCheckpoints();
    await this.takeFreeLeases(true);
    for (const projection of this.projections) {
      // Another process applies it (and keeps it current): this rebuild leaves it to that process.
      if (this.standby.has(projection.name)) continue;
      projection.reset?.();
      for (const definition of projection.collections) {
        await (await this.readStore.collection(definition)).clear();
      }
      await this.eventStore.storeCheckpoint(projection.name, null);
      this.checkpoints.set(projection.name, null);
    }
    this.processed = null;
    // Read the next batch while the current one is applied: the log and the read models work side by side.
    const heap = new HeapCeiling(this.config.rebuildHeapCeilingMb * 1048576);
    let events = 0;
    let next = this.eventStore.readAll({ after: null, limit: BATCH });
    for (let batch = await next; batch.length > 0; batch = await next) {
      next = this.eventStore.readAll({ after: batch[batch.length - 1].position, limit: BATCH });
      await this.applyBatch(batch, { rebuilding: true });
      events += batch.length;
      options.onBatch?.(events);
      heap.check();
    }
    await this.saveCheckpoints();
    if (wasRunning) await this.start();
    return { events, ms: Date.now() - started };
  }

  /** How far this process has applied a projection (its stored checkpoint trails by up to a second). */
  appliedPosition(name: string): GlobalPosition | null {
    return this.checkpoints.get(name) ?? null;
  }

  /** How far the read models are behind the log: events waiting and the age of the oldest. */
  async lag(): Promise<{ behind: boolean; oldestPendingMs: number }> {
    const [next] = await this.eventStore.readAll({ after: this.processed, limit: 1 });
    return { behind: !!next, oldestPendingMs: next ? Math.max(0, Date.now() - next.recordedAt.getTime()) : 0 };
  }

  protected async loadCheckpoints(): Promise<void> {
    for (const projection of this.projections) {
      for (const definition of projection.collections) await this.readStore.collection(definition);
      this.checkpoints.set(projection.name, await this.eventStore.readCheckpoint(projection.name));
      if (projection.singleWriter) this.standby.add(projection.name);
    }
    await this.takeFreeLeases(true);
    this.processed = this.lowestCheckpoint();
  }

  /**
   * Takes the leases of single-writer projections on standby when they are free (at most every
   * LEASE_RETRY_MS). A projection taken over goes on from its stored checkpoint: what its last
   * holder applied and stored; the events since are applied again, which it must tolerate anyway.
   */
  private async takeFreeLeases(now = false): Promise<void> {
    if (this.standby.size === 0 || (!now && Date.now() - this.leaseAskedAt < LEASE_RETRY_MS)) return;
    this.leaseAskedAt = Date.now();
    for (const name of [...this.standby]) {
      if (!(await this.leases.holds(`projection:${name}`))) continue;
      this.checkpoints.set(name, await this.eventStore.readCheckpoint(name));
      // What it kept in memory may be old: the last holder wrote since.
      this.projections.find((p) => p.name === name)?.reset?.();
      this.standby.delete(name);
    }
  }

  /** A single-writer projection's lease is still this process's (a lost connection loses it). */
  private async stillHolds(projection: Projection): Promise<boolean> {
    if (!projection.singleWriter || (await this.leases.holds(`projection:${projection.name}`))) return true;
    this.standby.add(projection.name);
    return false;
  }

  private lowestCheckpoint(): GlobalPosition | null {
    let lowest: GlobalPosition | null | undefined;
    for (const [name, cp] of this.checkpoints) {
      if (this.standby.has(name)) continue;
      if (cp === null) return null;
      if (lowest === undefined || comparePositions(cp, lowest!) < 0) lowest = cp;
    }
    return lowest ?? null;
  }

  /**
   * Reads one batch and hands each projection the events it has not applied yet. Projections are
   * independent, so they apply side by side, staging their writes, which are stored together.
   * Checkpoints are kept in memory and stored at most once a second: projections are idempotent,
   * so after a crash the events since the stored checkpoint are simply applied again.
   */
  protected step(): Promise<number> {
    const run = this.exclusive.then(async () => {
      await this.takeFreeLeases();
      const batch = await this.feed.readAll(this.lowestCheckpoint(), BATCH);
      if (batch.length > 0) await this.applyBatch(batch);
      return batch.length;
    });
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /**
   * `rebuilding`: the events are the log's history, not news; their age is not a lag (a rebuild
   * would fill the lag histogram with every event's age since it was recorded).
   */
  private async applyBatch(batch: RecordedEvent[], { rebuilding = false } = {}): Promise<void> {
    const last = batch[batch.length - 1].position;
    const batchWrites = new ProjectionBatch(this.readStore, this.documents);
    const applied: Array<{ projection: Projection; pending: RecordedEvent[] }> = [];
    await Promise.all(
      this.projections.map(async (projection) => {
        if (this.standby.has(projection.name) || !(await this.stillHolds(projection))) return;
        const checkpoint = this.checkpoints.get(projection.name) ?? null;
        if (!after(last, checkpoint)) return;
        const pending = batch.filter((e) => after(e.position, checkpoint) && projection.handles(e.type));
        if (pending.length > 0) await projection.apply(pending, batchWrites);
        applied.push({ projection, pending });
      }),
    );
    await batchWrites.commit(last);
    const now = Date.now();
    for (const { projection, pending } of applied) {
      if (!rebuilding) {
        const lag = this.metrics.projectionLag.labels(projection.name);
        for (const e of pending) lag.observe(Math.max(0, now - e.recordedAt.getTime()) / 1000);
      }
      this.checkpoints.set(projection.name, last);
      this.unsaved.add(projection.name);
    }
    this.processed = this.lowestCheckpoint();
    this.releaseWaiters();
    if (Date.now() - this.lastSaved >= CHECKPOINT_EVERY_MS) await this.saveCheckpoints();
  }

  protected async saveCheckpoints(): Promise<void> {
    this.lastSaved = Date.now();
    const names = [...this.unsaved];
    this.unsaved.clear();
    try {
      await this.eventStore.storeCheckpoints(new Map(names.map((name) => [name, this.checkpoints.get(name) ?? null])));
    } catch (error) {
      names.forEach((n) => this.unsaved.add(n));
      throw error;
    }
  }
}
