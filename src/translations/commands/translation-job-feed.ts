import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { AppConfig } from '../../config/app-config';
import { FeedFollower } from '../../projections/feed-follower';
import { SharedFeedReads } from '../../projections/shared-feed-reads';
import { TranslationEvent, TranslationEventType as T } from '../domain/translation-events';
import { jobsAfter, NO_SOURCES, readsSources } from '../domain/jobs-after';
import { translationsDecider, TranslationsState } from '../domain/translations.decider';
import { TRANSLATION_SOURCES, TranslationSources } from '../domain/translation-sources.port';
import { TranslationJobQueue } from './translation-job-queue';

const BATCH = 500;
/** A checkpoint that only passed over other events is stored at most this often (and when stopping). */
const CHECKPOINT_EVERY_MS = 1000;
/** The feed's checkpoint, and since when it follows (absent: never; the log before was queued as it was written). */
export const JOB_FEED_CHECKPOINT = 'translation-jobs';
const FOLLOWING_SINCE = 'translation-jobs.since';
const TEXT_TYPES = new Set<string>(Object.values(T));

/** One change of a shop's text: the events of one command, as one append recorded them. */
interface TextChange {
  streamId: string;
  shopId: string;
  /** The stream's revision of its first event. */
  revision: bigint;
  events: TranslationEvent[];
  lastEventId: string;
}

/** The events of one append are consecutive and share their stream and commit position. */
const sameAppend = (a: RecordedEvent, b: RecordedEvent) =>
  a.streamId === b.streamId && a.position.commit === b.position.commit;

/**
 * The text changes of a page of the feed, in order. An append may hold several commands' events (the
 * DecisionRunner writes the commands queued on a stream together): a replace's events (a ConfigSet
 * first, then TextReplaced) continue one another; every other event is a change of its own.
 */
export function textChangesOf(page: RecordedEvent[]): TextChange[] {
  const changes: TextChange[] = [];
  let previous: RecordedEvent | null = null;
  for (const recorded of page) {
    if (!TEXT_TYPES.has(recorded.type)) {
      previous = null;
      continue;
    }
    const e = fromRecorded<TranslationEvent>(recorded);
    const current = changes[changes.length - 1];
    const continues =
      previous !== null &&
      sameAppend(previous, recorded) &&
      e.type === T.TextReplaced &&
      (current.events[0].type === T.ConfigSet || current.events[0].type === T.TextReplaced) &&
      current.events[0].occurredAt === e.occurredAt;
    if (continues) {
      current.events.push(e);
      current.lastEventId = recorded.id;
    } else {
      const { streamId, revision, id } = recorded;
      changes.push({ streamId, shopId: e.shopId, revision, events: [e], lastEventId: id });
    }
    previous = recorded;
  }
  return changes;
}

/**
 * Queues the translations' background jobs from the log: one more reader of the global feed, from
 * its own checkpoint (like the webhook projector). For each change of a shop's text it folds the
 * shop's stream before and after it, asks `jobsAfter` which jobs it starts and queues them in the
 * outbox under ids derived from the change's last event: a process that dies between the append and
 * the queueing loses no job (the change is read again after the restart), and a change read twice
 * queues its jobs once.
 */
@Injectable()
export class TranslationJobFeed extends FeedFollower {
  protected readonly logger = new Logger('TranslationJobFeed');
  private checkpoint: GlobalPosition | null = null;
  private loaded = false;
  /** It has taken its first step (its checkpoint is where to read from). */
  private following = false;
  private unsaved = false;
  private savedAt = 0;
  private exclusive: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queue: TranslationJobQueue,
    @Inject(TRANSLATION_SOURCES) private readonly sources: TranslationSources,
    private readonly config: AppConfig,
    @Optional() private readonly feed?: SharedFeedReads,
  ) {
    super();
    // Not nudged by every append (an award costs it nothing): a change of this process nudges it by
    // waiting for its jobs (waitFor); another process's change is found at the next poll.
    this.followFeed(null, {
      what: 'Translation job feed step',
      pageSize: BATCH,
      onError: () => this.loadCheckpoints(),
      onIdle: async () => {
        if (Date.now() - this.savedAt >= CHECKPOINT_EVERY_MS) await this.saveCheckpoints();
      },
      idlePauseMs: () => (this.someoneWaits ? 1 : this.config.projectionPollMs),
    });
  }

  protected readUpTo(): GlobalPosition | null {
    return this.checkpoint;
  }

  /** Resolves once the jobs of the change at `position` are queued (or the wait limit passed). */
  waitFor(position: GlobalPosition): Promise<void> {
    if (!this.loop.isRunning) return this.catchUp();
    return this.waitUntilRead(position, this.config.projectionWaitMs, 'Translation jobs');
  }

  /** Queues the jobs of every change readable now (tests, CLI). */
  async catchUp(): Promise<void> {
    if (!this.loaded) await this.loadCheckpoints();
    await this.readToEnd();
  }

  /** Where it stopped (before its first step ever, nothing: see startFollowing). */
  protected async loadCheckpoints(): Promise<void> {
    this.following = (await this.eventStore.readCheckpoint(FOLLOWING_SINCE)) !== null;
    this.checkpoint = this.following ? await this.eventStore.readCheckpoint(JOB_FEED_CHECKPOINT) : null;
    this.loaded = true;
    this.unsaved = false;
  }

  /**
   * The first step ever starts at the log's head: the changes before it had their jobs queued when
   * they were made. (In the loop, not at start: a store out of reach delays it, not the service's start.)
   */
  private async startFollowing(): Promise<void> {
    const head = await this.eventStore.headPosition();
    await this.eventStore.storeCheckpoint(JOB_FEED_CHECKPOINT, head);
    await this.eventStore.storeCheckpoint(FOLLOWING_SINCE, head ?? { commit: 0n, prepare: 0n });
    this.checkpoint = head;
    this.following = true;
  }

  protected saveCheckpoints(): Promise<void> {
    const run = this.exclusive.then(() => this.storeCheckpoint());
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  private async storeCheckpoint(): Promise<void> {
    if (!this.unsaved) return;
    await this.eventStore.storeCheckpoint(JOB_FEED_CHECKPOINT, this.checkpoint);
    this.unsaved = false;
    this.savedAt = Date.now();
  }

  protected step(): Promise<number> {
    const run = this.exclusive.then(async () => {
      if (!this.following) await this.startFollowing();
      const page = this.feed
        ? await this.feed.readAll(this.checkpoint, BATCH)
        : await this.eventStore.readAll({ after: this.checkpoint, limit: BATCH });
      if (page.length === 0) return 0;
      const read = page.length < BATCH ? page : withoutLastAppend(page);
      const changes = textChangesOf(read);
      for (const change of changes) await this.queueJobsOf(change);
      this.checkpoint = read[read.length - 1].position;
      this.unsaved = true;
      // Jobs queued: their place in the log is stored with them (others wait, at most a second).
      if (changes.length > 0 || Date.now() - this.savedAt >= CHECKPOINT_EVERY_MS) await this.storeCheckpoint();
      this.releaseWaiters();
      return read.length;
    });
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  private async queueJobsOf(change: TextChange): Promise<void> {
    const { streamId, shopId, revision, events } = change;
    const history = revision > 0n ? await this.eventStore.readStream(streamId, 0n, Number(revision)) : [];
    const { initialState, evolve } = translationsDecider;
    const before = history.reduce<TranslationsState>((s, r) => evolve(s, fromRecorded(r)), initialState());
    const after = events.reduce(evolve, before);
    const sources = readsSources(events[0]) ? await this.sourcesOf(shopId) : NO_SOURCES;
    await this.queue.enqueue(shopId, jobsAfter(events, { before, after }, sources), change.lastEventId);
  }

  private async sourcesOf(shopId: string) {
    const [programs, products] = await Promise.all([
      this.sources.programs(shopId),
      this.sources.exclusiveProducts(shopId),
    ]);
    return { programs, products };
  }
}

/** A full page may end inside an append: its last append is read with the next page (unless it is all of it). */
export function withoutLastAppend(page: RecordedEvent[]): RecordedEvent[] {
  const last = page[page.length - 1];
  let end = page.length;
  while (end > 0 && sameAppend(page[end - 1], last)) end--;
  return end === 0 ? page : page.slice(0, end);
}
