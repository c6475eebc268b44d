import { AppendResult, NewEvent } from './event-store.port';

export interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: bigint | 'no_stream';
}

interface Waiting extends PendingAppend {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Writes a group of appends together; one result (or the append's own error) per append, in order. */
export type WriteGroup = (group: PendingAppend[]) => Promise<Array<AppendResult | Error>>;

/**
 * Group commit: an append that arrives while `maxInFlight` writes are under way waits for the next
 * group instead of paying a commit of its own, so under load many appends share one statement and
 * one commit. A write starts at the end of the event loop's turn (setImmediate), so the appends of
 * the requests read in that turn start one group together: without it, on the embedded store (one
 * thread for the service and the database) every append found the database idle and went alone,
 * a commit per award. With no load that costs one turn, no timer. A group
 * holds at most one append per stream (the second one's expected revision is decided on the first's
 * result), and each append succeeds or fails on its own.
 */
export class GroupCommit {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: WriteGroup,
    private readonly maxInFlight = 1,
    private readonly maxGroup = 256,
  ) {}

  submit(append: PendingAppend): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      const { streamId, events, expected } = append;
      this.queue.push({ streamId, events, expected, resolve, reject });
      this.schedulePump();
    });
  }

  /** Starts the next writes once this turn's appends are queued. */
  private schedulePump(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const group: Waiting[] = [];
      const later: Waiting[] = [];
      const streams = new Set<string>();
      for (const item of this.queue) {
        if (group.length < this.maxGroup && !streams.has(item.streamId)) {
          group.push(item);
          streams.add(item.streamId);
        } else {
          later.push(item);
        }
      }
      this.queue = later;
      this.inFlight++;
      this.write(group)
        .then(
          (results) =>
            group.forEach((item, i) => {
              const result = results[i];
              if (result instanceof Error) item.reject(result);
              else item.resolve(result);
            }),
          (error: unknown) => group.forEach((item) => item.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}
