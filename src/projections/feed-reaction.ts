import { answeringAhead } from './read-your-writes';
import { Logger } from '@nestjs/common';
import { EventStore, GlobalPosition, RecordedEvent } from '../infrastructure/event-store/event-store.port';
import { PollingLoop } from '../shared/polling-loop';

/** Events scanned per page: slim rows, of which only the wanted types are read whole. */
const SCAN = 5000;

/**
 * A process manager's reader of the global feed (tier reward coupons, milestones reached, the referral
 * relay): its own checkpoint, so a slow or failing outside system holds back only its reactions, never
 * the read models; only the event types it reacts to are read whole (readAllOfTypes), so it costs
 * the live feed almost nothing. It advances past an event only once `react` has returned: a throw
 * (an outage) stops the page there and the loop retries from that event. Reactions must be
 * idempotent (several processes may run the same reader, and a crash replays since the checkpoint).
 * Not nudged by appends: reactions can wait a second, and the feed stays free for the read models.
 */
export abstract class FeedReaction {
  protected abstract readonly logger: Logger;
  /** Its checkpoint's name (carried over by `loyalty migrate events`). */
  protected abstract readonly checkpointName: string;
  /** The event types `react` is given. */
  protected abstract readonly types: ReadonlySet<string>;
  protected checkpoint: GlobalPosition | null = null;
  private loaded = false;
  private readonly loop: PollingLoop;

  /** `pollMs`: the pause after a round that found the feed read to its end. */
  constructor(
    protected readonly eventStore: EventStore,
    what: string,
    pollMs: () => number,
  ) {
    this.loop = new PollingLoop({
      what,
      logger: new Logger(what),
      work: () => this.step(),
      pageSize: SCAN,
      idlePauseMs: () => Math.max(pollMs(), 1000),
    });
  }

  /** Acts on one event of `types`. */
  protected abstract react(recorded: RecordedEvent): Promise<void>;

  /** Where a reader that never stored a checkpoint starts (default: the log's beginning). */
  protected firstCheckpoint(): Promise<GlobalPosition | null> {
    return Promise.resolve(null);
  }

  /** Loads the checkpoint before the service takes requests when the store answers; else the loop's first step does. */
  async start(): Promise<void> {
    await this.loadCheckpoint().catch((error: Error) =>
      this.logger.warn(`${this.checkpointName}: the checkpoint is read when the store answers (${error.message})`),
    );
    this.loop.start();
  }

  private async loadCheckpoint(): Promise<void> {
    let checkpoint = await this.eventStore.readCheckpoint(this.checkpointName);
    if (checkpoint === null) {
      checkpoint = await this.firstCheckpoint();
      if (checkpoint) await this.eventStore.storeCheckpoint(this.checkpointName, checkpoint);
    }
    this.checkpoint = checkpoint;
    this.loaded = true;
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Reacts to what the next page of the feed holds; answers how many events it scanned. */
  async step(): Promise<number> {
    if (!this.loaded) await this.loadCheckpoint();
    const page = await this.eventStore.readAllOfTypes({ after: this.checkpoint, limit: SCAN, types: this.types });
    for (const recorded of page.events) {
      // Its writes answer ahead of the read models: waiting for them here could wait on itself.
      await answeringAhead(() => this.react(recorded));
      this.checkpoint = recorded.position;
    }
    if (page.scannedUpTo) {
      this.checkpoint = page.scannedUpTo;
      await this.eventStore.storeCheckpoint(this.checkpointName, this.checkpoint);
    }
    return page.scanned;
  }
}
