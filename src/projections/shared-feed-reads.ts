import { Inject, Injectable } from '@nestjs/common';
import {
  comparePositions,
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../infrastructure/event-store/event-store.port';
import { AppendSignal } from '../event-sourcing/append-signal';

/** How long a read may serve other readers when no append was signalled meanwhile (appends of other processes are not). */
const MAX_AGE_MS = 20;
/** Most events the recent stretch of the feed keeps. */
const STRETCH_EVENTS = 4000;
/** Oldest part of the stretch kept (ms): a reader further behind reads the store. */
const STRETCH_MAX_AGE_MS = 1000;

interface SharedRead {
  key: string;
  limit: number;
  generation: number;
  at: number;
  events: Promise<RecordedEvent[]>;
}

/** Events the store answered after `after`, in feed order, and when. */
interface Piece {
  after: GlobalPosition | null;
  events: RecordedEvent[];
  at: number;
}

const keyOf = (after: GlobalPosition | null): string => (after ? `${after.commit}:${after.prepare}` : '-');
const endOf = (piece: Piece): GlobalPosition | null =>
  piece.events.length > 0 ? piece.events[piece.events.length - 1].position : piece.after;

/**
 * The feed readers of a process (the projections, the webhook projector, the translation jobs) all
 * read every event. One read of the store serves them all, two ways:
 * - a read (in flight or just done) is shared by whoever asks for the same page, as long as no
 *   append was signalled in this process since it started and it is at most MAX_AGE_MS old;
 * - the recent stretch of the feed is kept: a reader whose checkpoint lies inside it takes the
 *   events after its checkpoint from it, and only what follows the stretch from the store (a read
 *   that extends the stretch). Under load the readers are at different checkpoints, so each read
 *   the store on its own: three reads, decodes and unseals of every event.
 * Each read of the store is a gap-free prefix of the feed after its start (an event is read only
 * once nothing before it can still commit), so the stretch, made of reads that each start where
 * the one before ended, is a gap-free part of the feed, and what a reader gets from it and the read
 * after it is what one read of the store would have given it. Readers must not modify the events
 * they get. The stretch is bounded in events and in age (erased personal data leaves it within
 * STRETCH_MAX_AGE_MS).
 */
@Injectable()
export class SharedFeedReads {
  private generation = 0;
  private recent: SharedRead[] = [];
  private stretch: Piece[] = [];
  private stretchEvents = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    appended: AppendSignal,
  ) {
    appended.subscribe(() => {
      this.generation++;
      this.recent = [];
    });
  }

  async readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    this.dropOld(Date.now());
    const kept = this.keptAfter(after, limit);
    if (!kept) return this.read(after, limit);
    if (kept.length >= limit) return kept;
    const end = this.stretchEnd();
    const next = await this.read(end, limit);
    return [...kept, ...next.slice(0, limit - kept.length)];
  }

  /** The stretch's events after `after` (at most `limit`); null: `after` is not inside the stretch. */
  private keptAfter(after: GlobalPosition | null, limit: number): RecordedEvent[] | null {
    const first = this.stretch[0];
    if (!first || !after || (first.after && comparePositions(after, first.after) < 0)) return null;
    const end = this.stretchEnd();
    if (!end || comparePositions(after, end) > 0) return null;
    const kept: RecordedEvent[] = [];
    for (const piece of this.stretch) {
      const pieceEnd = endOf(piece);
      if (!pieceEnd || comparePositions(pieceEnd, after) <= 0) continue;
      for (const event of piece.events) {
        if (comparePositions(event.position, after) > 0) kept.push(event);
        if (kept.length >= limit) return kept;
      }
    }
    return kept;
  }

  private stretchEnd(): GlobalPosition | null {
    const last = this.stretch[this.stretch.length - 1];
    return last ? endOf(last) : null;
  }

  /** A read of the store (shared while fresh); what it answers extends the stretch if it starts at its end. */
  private read(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const key = keyOf(after);
    const now = Date.now();
    this.recent = this.recent.filter((r) => r.generation === this.generation && now - r.at <= MAX_AGE_MS);
    const shared = this.recent.find((r) => r.key === key && r.limit >= limit);
    if (shared) return shared.events.then((events) => (events.length > limit ? events.slice(0, limit) : events));
    const events = this.eventStore.readAll({ after, limit });
    const read: SharedRead = { key, limit, generation: this.generation, at: now, events };
    this.recent.push(read);
    events.then(
      (answered) => this.keep({ after, events: answered, at: Date.now() }),
      () => (this.recent = this.recent.filter((r) => r !== read)),
    );
    return events;
  }

  /** Adds a read to the stretch: after its end, or as a new stretch when it is empty or left behind. */
  private keep(piece: Piece): void {
    if (piece.events.length === 0) return;
    const end = this.stretchEnd();
    const startsAtEnd = end && piece.after && comparePositions(piece.after, end) === 0;
    if (!startsAtEnd) {
      const ahead = !end || (piece.after && comparePositions(piece.after, end) > 0);
      if (!ahead) return;
      this.stretch = [];
      this.stretchEvents = 0;
    }
    this.stretch.push(piece);
    this.stretchEvents += piece.events.length;
    while (this.stretch.length > 1 && this.stretchEvents - this.stretch[0].events.length >= STRETCH_EVENTS) {
      this.stretchEvents -= this.stretch.shift()!.events.length;
    }
  }

  private dropOld(now: number): void {
    while (this.stretch.length > 0 && now - this.stretch[0].at > STRETCH_MAX_AGE_MS) {
      this.stretchEvents -= this.stretch.shift()!.events.length;
    }
  }
}
