import { comparePositions, GlobalPosition, RecordedEvent } from './event-store.port';

/**
 * Events kept: enough for the readers that look once a second (tier reward coupons) under award
 * load, so they do not fall behind the window and read events back from the store.
 */
const KEPT = 4096;

const samePosition = (a: GlobalPosition | null, b: GlobalPosition | null) =>
  a === null || b === null ? a === b : comparePositions(a, b) === 0;

/**
 * The embedded store's last appends, kept as the feed shows them, so that the readers that follow
 * the feed (the projections, the webhook projector) get them without reading them back: on PGlite
 * that read was a statement per group commit, and decoding each event, on the thread that also
 * serves requests.
 *
 * Each append is recorded with the feed's last event before it (`before`, read by the append's own
 * statement). On one connection nothing commits between that read and the append, so the appended
 * events follow `before` in the feed with nothing between: a run of appends each of which follows
 * the previous one is a gap-free stretch of the feed. An append that does not follow the run (an
 * event written some other way came between) starts a new run. `after` answers only from the run;
 * for any other position it answers null and the caller reads the store.
 */
export class RecentAppends {
  private events: RecordedEvent[] = [];
  /** The feed position right before `events[0]` (null: the start of the feed; undefined: no run yet). */
  private before: GlobalPosition | null | undefined = undefined;

  /** `appended`: one append's events in feed order; `before`: the feed's last event before them. */
  record(before: GlobalPosition | null, appended: RecordedEvent[]): void {
    if (appended.length === 0) return;
    const end = this.events.length > 0 ? this.events[this.events.length - 1].position : this.before;
    if (end !== undefined && samePosition(before, end)) this.events.push(...appended);
    else {
      this.events = [...appended];
      this.before = before;
    }
    if (this.events.length > KEPT) {
      const dropped = this.events.length - KEPT;
      this.before = this.events[dropped - 1].position;
      this.events = this.events.slice(dropped);
    }
  }

  /** Forgets the run (stored events were rewritten): readers read the store again. */
  forget(): void {
    this.events = [];
    this.before = undefined;
  }

  /** At most `limit` events that follow `position` in the feed, or null when the run cannot tell. */
  after(position: GlobalPosition | null, limit: number): RecordedEvent[] | null {
    if (this.before === undefined || this.events.length === 0) return null;
    let start = 0;
    if (!samePosition(position, this.before)) {
      const at = this.indexOf(position);
      if (at < 0) return null;
      start = at + 1;
    }
    // Past the run's end: whatever came after it was not appended here, so the store must be read.
    if (start >= this.events.length) return null;
    return this.events.slice(start, start + limit);
  }

  /** Where `position` is in the run (binary search: the run is in feed order); -1 if not in it. */
  private indexOf(position: GlobalPosition | null): number {
    if (position === null) return -1;
    let low = 0;
    let high = this.events.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const order = comparePositions(this.events[middle].position, position);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}
