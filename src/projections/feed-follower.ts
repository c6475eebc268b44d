import { Logger } from '@nestjs/common';
import { PollingLoop, PollingLoopOptions } from '../shared/polling-loop';
import { AppendSignal } from './append-signal';

/**
 * A reader of the global feed (the projections, the webhook projector) in a PollingLoop whose rounds
 * are its `step`s: it loads what it keeps of the feed (its checkpoints, and what it built from them)
 * before following, stores it once stopped, and looks at once when this process appends.
 */
export abstract class FeedFollower {
  protected abstract readonly logger: Logger;
  protected loop: PollingLoop;

  /** Reads and applies the next page of the feed; answers how many events it read. */
  protected abstract step(): Promise<number>;
  protected abstract loadCheckpoints(): Promise<void>;
  protected abstract saveCheckpoints(): Promise<void>;

  /** Sets up the loop (from the constructor): `pageSize` is the most events one step reads. */
  protected followFeed(appended: AppendSignal, polling: Omit<PollingLoopOptions, 'work' | 'logger'>): void {
    appended.subscribe(() => this.nudge());
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

  /** A new event was appended in this process: look now rather than at the next poll. */
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
