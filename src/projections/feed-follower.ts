import { Logger } from '@nestjs/common';
import { PollingLoop, PollingLoopOptions } from '../shared/polling-loop';
import { AppendSignal } from '../event-sourcing/append-signal';
import { comparePositions, GlobalPosition, positionToString } from '../infrastructure/event-store/event-store.port';

interface Waiter {
  position: GlobalPosition;
  resolve: () => void;
}

/**
 * A reader of the global feed (the projections, the webhook projector) in a PollingLoop whose rounds
 * are its `step`s: it loads what it keeps of the feed (its checkpoints, and what it built from them)
 * before following, stores it once stopped, and looks at once when this process appends.
 */
export abstract class FeedFollower {
  protected abstract readonly logger: Logger;
  protected loop: PollingLoop;
  /** The furthest event this reader was nudged for. */
  private wantedUpTo: GlobalPosition | null = null;
  /** Callers waiting until this reader has read their event. */
  private waiters: Waiter[] = [];

  /** Reads and applies the next page of the feed; answers how many events it read. */
  protected abstract step(): Promise<number>;
  protected abstract loadCheckpoints(): Promise<void>;
  protected abstract saveCheckpoints(): Promise<void>;
  /** The last event this reader has read (null: none yet). */
  protected abstract readUpTo(): GlobalPosition | null;

  /**
   * Sets up the loop (from the constructor): `pageSize` is the most events one step reads.
   * `appended` null: not nudged by this process's appends (only by `nudgeFor`, and its polls).
   */
  protected followFeed(appended: AppendSignal | null, polling: Omit<PollingLoopOptions, 'work' | 'logger'>): void {
    // The appends of one group commit are signalled one by one, often while a round is already
    // reading them: such a nudge is void once the round has read past it (else every feed read under
    // load is followed by an empty one).
    appended?.subscribe((position) => this.nudgeFor(position));
    // Something was read: look again at once, more may have committed meanwhile.
    this.loop = new PollingLoop({ ...polling, logger: this.logger, work: () => this.step() });
  }

  /** Loads the checkpoints and follows the feed in the background. */
  async start(): Promise<void> {
    if (this.loop.isRunning) return;
    await this.loadCheckpoints();
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.saveCheckpoints();
  }

  /** Look now for the event at `position`: after a round that read up to it, no further look is due. */
  protected nudgeFor(position: GlobalPosition): void {
    if (this.wantedUpTo === null || comparePositions(position, this.wantedUpTo) > 0) this.wantedUpTo = position;
    this.loop.nudge(this.stillBehind);
  }

  private readonly stillBehind = (): boolean => {
    const read = this.readUpTo();
    return this.wantedUpTo === null || read === null || comparePositions(this.wantedUpTo, read) > 0;
  };

  /** Someone waits for an event: poll at once rather than after the idle pause. */
  protected get someoneWaits(): boolean {
    return this.waiters.length > 0;
  }

  /**
   * Resolves once this reader has read the event at `position`, or after `limitMs` (with a warning:
   * `what` did not reach it); looks for it at once.
   */
  protected waitUntilRead(position: GlobalPosition, limitMs: number, what: string): Promise<void> {
    const read = this.readUpTo();
    if (read && comparePositions(read, position) >= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.logger.warn(`${what} did not reach ${positionToString(position)} in ${limitMs} ms`);
        resolve();
      }, limitMs);
      this.waiters.push({ position, resolve: () => (clearTimeout(timer), resolve()) });
      this.nudgeFor(position);
    });
  }

  /** Resolves the waiters whose event this reader has now read. */
  protected releaseWaiters(): void {
    const read = this.readUpTo();
    if (!read || this.waiters.length === 0) return;
    const due = this.waiters.filter((w) => comparePositions(read, w.position) >= 0);
    this.waiters = this.waiters.filter((w) => !due.includes(w));
    due.forEach((w) => w.resolve());
  }

  /** Look now rather than at the next poll (e.g. someone waits for an event). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Applies everything readable now, then stores the checkpoints. */
  protected async readToEnd(): Promise<void> {
    while ((await this.step()) > 0) {
      /* keep going */
    }
    await this.saveCheckpoints();
  }
}
