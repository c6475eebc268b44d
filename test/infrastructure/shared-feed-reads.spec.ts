import { SharedFeedReads } from '../../src/projections/shared-feed-reads';
import { AppendSignal } from '../../src/event-sourcing/append-signal';
import { EventStore, GlobalPosition, RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';

/** A feed of events at positions 1..n, of which the first `visible` can be read (the rest still committing). */
class FakeFeed {
  events: RecordedEvent[] = [];
  visible = 0;
  reads = 0;
  rowsRead = 0;

  add(count: number): void {
    for (let i = 0; i < count; i++) {
      const n = BigInt(this.events.length + 1);
      this.events.push({
        id: `e${n}`,
        streamId: 's',
        revision: n,
        position: { commit: n, prepare: n },
        type: 't',
        data: { n: Number(n) },
        metadata: {},
        recordedAt: new Date(0),
      });
    }
  }

  /** What one read of the store answers now. */
  answer(after: GlobalPosition | null, limit: number): RecordedEvent[] {
    const from = after ? Number(after.commit) : 0;
    return this.events.slice(from, Math.min(this.visible, from + limit));
  }

  store(): EventStore {
    return {
      readAll: async ({ after, limit }: { after: GlobalPosition | null; limit: number }) => {
        await new Promise((r) => setImmediate(r));
        const page = this.answer(after, limit);
        this.reads++;
        this.rowsRead += page.length;
        return page;
      },
    } as unknown as EventStore;
  }
}

const at = (n: number): GlobalPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const numbers = (events: RecordedEvent[]) => events.map((e) => Number(e.position.commit));

describe('shared feed reads: the recent stretch of the feed', () => {
  let feed: FakeFeed;
  let appended: AppendSignal;
  let reads: SharedFeedReads;

  beforeEach(() => {
    feed = new FakeFeed();
    appended = new AppendSignal();
    reads = new SharedFeedReads(feed.store(), appended);
  });

  afterEach(() => jest.useRealTimers());

  it('readers at different checkpoints get what a read of the store gives them, and each event is read from it once', async () => {
    feed.add(30);
    feed.visible = 10;
    expect(numbers(await reads.readAll(at(0), 500))).toEqual(numbers(feed.answer(at(0), 500)));
    for (let round = 0; round < 4; round++) {
      feed.visible += 5;
      appended.notify(at(feed.visible));
      // Three readers behind in different measures, one after the other (as under load).
      for (const checkpoint of [feed.visible - 12, feed.visible - 7, feed.visible - 5]) {
        const expected = numbers(feed.answer(at(checkpoint), 500));
        expect([checkpoint, numbers(await reads.readAll(at(checkpoint), 500))]).toEqual([checkpoint, expected]);
      }
    }
    expect(feed.visible).toBe(30);
    // 30 events, each read from the store once (the readers' reads after the stretch found nothing new).
    expect(feed.rowsRead).toBe(30);
  });

  it('answers at most the limit, from the stretch alone when it holds enough', async () => {
    feed.add(20);
    feed.visible = 20;
    await reads.readAll(at(0), 500);
    const before = feed.reads;
    expect(numbers(await reads.readAll(at(3), 5))).toEqual([4, 5, 6, 7, 8]);
    expect(feed.reads).toBe(before);
    expect(numbers(await reads.readAll(at(17), 5))).toEqual([18, 19, 20]);
  });

  it('a reader behind the stretch, or starting the feed, reads the store', async () => {
    feed.add(20);
    feed.visible = 20;
    await reads.readAll(at(10), 500);
    const rows = feed.rowsRead;
    expect(numbers(await reads.readAll(at(4), 3))).toEqual([5, 6, 7]);
    expect(numbers(await reads.readAll(null, 2))).toEqual([1, 2]);
    expect(feed.rowsRead).toBe(rows + 5);
  });

  it('events that commit after a read are found by the next one (nothing skipped)', async () => {
    feed.add(10);
    feed.visible = 6;
    expect(numbers(await reads.readAll(at(0), 500))).toEqual([1, 2, 3, 4, 5, 6]);
    feed.visible = 10;
    appended.notify(at(10));
    expect(numbers(await reads.readAll(at(2), 500))).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(numbers(await reads.readAll(at(6), 500))).toEqual([7, 8, 9, 10]);
  });

  it('forgets what it read more than a second ago', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    feed.add(10);
    feed.visible = 10;
    await reads.readAll(at(0), 500);
    const rows = feed.rowsRead;
    jest.advanceTimersByTime(1001);
    expect(numbers(await reads.readAll(at(5), 500))).toEqual([6, 7, 8, 9, 10]);
    expect(feed.rowsRead).toBe(rows + 5);
  });
});
