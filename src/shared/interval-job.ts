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
