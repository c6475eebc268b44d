import { Logger } from '@nestjs/common';

export interface PollingLoopOptions {
  /** One round of work; returns how much it did. Zero means idle: the loop pauses. */
  work: () => Promise<number>;
  /** How long to pause after an idle round. */
  idlePauseMs: () => number;
  /** Runs after an idle round, before the pause (e.g. storing checkpoints). */
  onIdle?: () => Promise<void>;
  /** Runs after a failed round (e.g. reloading state). */
  onError?: () => Promise<void>;
  /**
   * Feed readers: the page size. A round that read a partial page has read everything readable, so
   * the loop pauses (briefly, while someone waits) instead of reading again at once, unless it was
   * nudged meanwhile. Without it, every round with work is followed by one more read.
   */
  pageSize?: number;
  logger: Logger;
  what: string;
}

/**
 * A background loop of the feed readers and the delivery worker: work again at once while there is
 * work, pause when idle (a `nudge` ends the pause early), back off exponentially after failures.
 */
export class PollingLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private failures = 0;
  /** Nudged since the current round started. */
  private nudged = false;
  /** Set when every nudge of the round was conditional: asks whether one is still due after it. */
  private nudgeStillDue: (() => boolean) | null = null;

  constructor(private readonly options: PollingLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Work again at once (or after the current round). `stillDue`: the nudge is void if, when the round
   * ends, it says no (a feed reader's round that read past the appended event it was nudged for).
   */
  nudge(stillDue?: () => boolean): void {
    if (!this.nudged) this.nudgeStillDue = stillDue ?? null;
    else if (!stillDue) this.nudgeStillDue = null;
    this.nudged = true;
    this.wake?.();
  }

  private isNudged(): boolean {
    return this.nudged && (this.nudgeStillDue?.() ?? true);
  }

  private async run(): Promise<void> {
    const { work, idlePauseMs, onIdle, onError, logger, what } = this.options;
    while (this.running) {
      let done = 0;
      this.nudged = false;
      try {
        done = await work();
        this.failures = 0;
      } catch (error) {
        this.failures++;
        logger.error(`${what} failed (${this.failures} in a row): ${(error as Error).stack ?? error}`);
        await onError?.().catch(() => undefined);
      }
      const { pageSize } = this.options;
      if (done > 0 && (pageSize === undefined || done >= pageSize || this.isNudged())) continue;
      if (this.failures === 0) await onIdle?.().catch((error) => logger.error(error));
      // A nudge during the round (or onIdle) found no pause to end: look again now.
      if (this.isNudged() && this.failures === 0) continue;
      const pause = this.failures > 0 ? Math.min(5000, 100 * 2 ** this.failures) : idlePauseMs();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        this.wake = () => (clearTimeout(timer), resolve());
      });
      this.wake = null;
    }
  }
}

/**
 * A background worker of queued work (webhook deliveries, translation jobs) driven by a PollingLoop
 * (`polling()` says how): `nudge` means work was queued in this process, so it looks now rather than
 * at the next poll.
 */
export abstract class PolledWorker {
  private loop: PollingLoop | null = null;

  protected abstract polling(): PollingLoopOptions;

  start(): void {
    this.pollingLoop.start();
  }

  stop(): Promise<void> {
    return this.pollingLoop.stop();
  }

  nudge(): void {
    this.pollingLoop.nudge();
  }

  private get pollingLoop(): PollingLoop {
    return (this.loop ??= new PollingLoop(this.polling()));
  }
}
