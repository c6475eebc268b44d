import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Event-loop utilisation at or above which a window counts as busy, and below which as quiet. An idle
 * service is not at 0: its pollers keep the loop slightly busy on the embedded store (its queries run
 * here).
 */
const BUSY = 0.25;
const QUIET = 0.05;
/** Full collections after a burst: V8 hands the pages of the first one back only after the second. */
const COLLECTIONS_AFTER_BURST = 2;

/** How busy the event loop was since the last call (0..1). */
export type Utilisation = () => number;

/**
 * Gives memory back after a burst of work. V8 keeps the heap it grew to under load, much of it
 * garbage a full collection would free, and its own memory reducer seldom runs while the service's
 * timers tick. So when a whole window was quiet after a busy one, a full collection runs, twice (one
 * window apart), and not again until the next burst.
 */
export class IdleMemoryRelease {
  private timer: NodeJS.Timeout | null = null;
  private owed = 0;

  constructor(
    private readonly windowMs: number,
    private readonly utilisation: Utilisation = eventLoopUtilisation(),
    private readonly collect: () => void = fullCollection(),
  ) {}

  start(): void {
    if (this.windowMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.check(), this.windowMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One window: remembers a burst, and collects in the quiet windows after it. True when it collected. */
  check(): boolean {
    const busy = this.utilisation();
    if (busy >= BUSY) {
      this.owed = COLLECTIONS_AFTER_BURST;
      return false;
    }
    if (busy >= QUIET || this.owed === 0) return false;
    this.owed--;
    this.collect();
    return true;
  }
}

/** The event loop's utilisation over each interval between calls (Node's own measure). */
export function eventLoopUtilisation(): Utilisation {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/** V8's full collection (`gc()`), exposed at run time rather than by a command-line flag. */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
