import { Logger } from '@nestjs/common';

/** Runs a job now and then every `everyMs`, never keeping the process alive, logging failures. */
export class IntervalJob {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(everyMs: number): void {
    if (this.timer) return;
    const run = () => void this.job().catch((error) => this.logger.error(error));
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
    run();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** A scheduler: `runOnce` is one pass, run now and then every `everyMs` once started. */
export abstract class ScheduledJob {
  private schedule: IntervalJob | null = null;

  protected constructor(protected readonly logger: Logger) {}

  abstract runOnce(): Promise<unknown>;

  start(everyMs: number): void {
    this.schedule ??= new IntervalJob(() => this.runOnce(), this.logger);
    this.schedule.start(everyMs);
  }

  stop(): void {
    this.schedule?.stop();
  }
}
