import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  EventStore,
  GlobalPosition,
  NewEvent,
  WrongExpectedRevisionError,
} from '../../src/infrastructure/event-store/event-store.port';
import { openTestStorage, eventStoreKinds, TestStorage } from '../support/stores';

const event = (type = 'test.happened.v1', data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data: { ...data, at: new Date().toISOString() },
  metadata: { source: 'contract' },
});

describe.each(eventStoreKinds())('event store contract (%s)', (kind) => {
  let store: TestStorage;
  let events: EventStore;

  beforeAll(async () => {
    store = await openTestStorage(kind);
    events = store.storage.eventStore;
  });
  afterAll(() => store.cleanup());

  const stream = () => `test-${randomUUID()}`;

  /**
   * The feed shows an event once no older transaction of the cluster is still running; on a shared
   * PostgreSQL server (other test databases) that can take a moment after the append returns.
   */
  const feedAfter = async (after: GlobalPosition | null, count: number, streams?: string[]) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = (await store.storage.eventStore.readAll({ after, limit: 10_000 })).filter(
        (e) => !streams || streams.includes(e.streamId),
      );
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('appends to a new stream with no_stream and reads it back in order', async () => {
    const id = stream();
    const written = [event('a', { n: 1 }), event('b', { n: 2 })];
    const result = await events.appendToStream(id, written, 'no_stream');
    expect(result.nextExpectedRevision).toBe(1n);
    const read = await events.readStream(id);
    expect(read.map((e) => [e.id, e.type, e.revision, e.data.n])).toEqual([
      [written[0].id, 'a', 0n, 1],
      [written[1].id, 'b', 1n, 2],
    ]);
    expect(read[0].metadata).toEqual({ source: 'contract' });
    expect(read[1].streamId).toBe(id);
    expect(comparePositions(read[0].position, read[1].position)).toBeLessThan(0);
    expect(comparePositions(read[1].position, result.position)).toBe(0);
  });

  it('appends with the expected revision and refuses a stale one', async () => {
    const id = stream();
    await events.appendToStream(id, [event()], 'no_stream');
    await events.appendToStream(id, [event()], 0n);
    await expect(events.appendToStream(id, [event()], 0n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(events.appendToStream(id, [event()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(events.appendToStream(stream(), [event()], 3n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await events.readStream(id)).toHaveLength(2);
  });

  it('a refused append writes nothing', async () => {
    const id = stream();
    await events.appendToStream(id, [event()], 'no_stream');
    await expect(events.appendToStream(id, [event(), event()], 5n)).rejects.toThrow();
    expect(await events.readStream(id)).toHaveLength(1);
  });

  it('orders by number, not text: revision 10 comes after 9, in the stream and in the feed', async () => {
    const id = stream();
    const start = await events.headPosition();
    await events.appendToStream(
      id,
      Array.from({ length: 12 }, (_, i) => event('n', { i })),
      'no_stream',
    );
    await events.appendToStream(id, [event('n', { i: 12 })], 11n);
    expect((await events.readStream(id)).map((e) => e.data.i)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    expect((await events.readStream(id, 9n)).map((e) => Number(e.revision))).toEqual([9, 10, 11, 12]);
    expect((await feedAfter(start, 13, [id])).map((e) => e.data.i)).toEqual(Array.from({ length: 13 }, (_, i) => i));
  });

  it('reads a stream from a revision', async () => {
    const id = stream();
    await events.appendToStream(id, [event('a'), event('b'), event('c')], 'no_stream');
    expect((await events.readStream(id, 1n)).map((e) => e.type)).toEqual(['b', 'c']);
    expect(await events.readStream(id, 3n)).toEqual([]);
    expect(await events.readStream(stream())).toEqual([]);
  });

  it('reads at most maxCount events of a stream', async () => {
    const id = stream();
    await events.appendToStream(id, [event('a'), event('b'), event('c'), event('d')], 'no_stream');
    expect((await events.readStream(id, 1n, 2)).map((e) => e.type)).toEqual(['b', 'c']);
    expect((await events.readStream(id, 3n, 10)).map((e) => e.type)).toEqual(['d']);
    expect(await events.readStream(id, 0n, 0)).toEqual([]);
    expect(await events.readStream(id, 4n, 10)).toEqual([]);
    expect(await events.readStream(stream(), 0n, 10)).toEqual([]);
  });

  it('reads a long page from any revision in order, across the texts a store may split it into', async () => {
    const id = stream();
    await events.appendToStream(
      id,
      Array.from({ length: 130 }, (_, i) => event('n', { i })),
      'no_stream',
    );
    const page = await events.readStream(id, 17n, 100);
    expect(page.map((e) => Number(e.revision))).toEqual(Array.from({ length: 100 }, (_, i) => 17 + i));
    expect(page.map((e) => e.data.i)).toEqual(Array.from({ length: 100 }, (_, i) => 17 + i));
    expect(page.every((e) => e.streamId === id)).toBe(true);
    expect((await events.readStream(id, 120n, 100)).map((e) => e.data.i)).toEqual([
      120, 121, 122, 123, 124, 125, 126, 127, 128, 129,
    ]);
  });

  it('names a page size for long reads, or leaves it to the reader', () => {
    const size = events.streamPageSize;
    if (size !== undefined) expect(Number.isInteger(size) && size > 0).toBe(true);
  });

  it('reads a page of a stream exactly as the whole stream shows those events', async () => {
    const id = stream();
    const written = [
      event('a', { n: 1, nested: { list: [1, 'x', null] } }),
      event('b', { text: 'ä€😀 "quoted" \\ back\nslash', empty: {} }),
      { id: randomUUID(), type: 'type "with" quotes', data: { n: 3 } },
    ];
    await events.appendToStream(id, written, 'no_stream');
    const whole = await events.readStream(id);
    expect(await events.readStream(id, 0n, 3)).toEqual(whole);
    expect(await events.readStream(id, 1n, 2)).toEqual(whole.slice(1));
    expect(whole.map((e) => [e.streamId, e.type, e.data.text ?? e.data.n, e.metadata])).toEqual([
      [id, 'a', 1, { source: 'contract' }],
      [id, 'b', written[1].data.text, { source: 'contract' }],
      [id, 'type "with" quotes', 3, {}],
    ]);
  });

  it('reads the streams of a prefix one after the other, in pages, and nothing else', async () => {
    const prefix = `audit-${randomUUID()}_`;
    // Written interleaved, and one stream long enough that revision 10 must follow 9 numerically.
    const ids = ['b', 'a', 'c'].map((x) => `${prefix}${x}`);
    await events.appendToStream(ids[0], [event('b0')], 'no_stream');
    await events.appendToStream(ids[1], [event('a0'), event('a1')], 'no_stream');
    await events.appendToStream(
      ids[0],
      Array.from({ length: 11 }, (_, i) => event(`b${i + 1}`)),
      0n,
    );
    await events.appendToStream(ids[2], [event('c0')], 'no_stream');
    await events.appendToStream(`${prefix.slice(0, -1)}-other`, [event('x')], 'no_stream');
    await events.appendToStream(`zz${prefix}a`, [event('x')], 'no_stream');
    const read: string[] = [];
    let after: { streamId: string; revision: bigint } | null = null;
    for (;;) {
      const page = await events.readStreams({ prefix, after, limit: 4 });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(4);
      read.push(...page.map((e) => `${e.streamId.slice(prefix.length)}${e.revision}:${e.type}`));
      const last = page[page.length - 1];
      after = { streamId: last.streamId, revision: last.revision };
    }
    expect(read).toEqual(['a0:a0', 'a1:a1', ...Array.from({ length: 12 }, (_, i) => `b${i}:b${i}`), 'c0:c0']);
    const first = await events.readStreams({ prefix, after: null, limit: 1 });
    expect(first[0]).toMatchObject({ streamId: ids[1], revision: 0n, type: 'a0', metadata: { source: 'contract' } });
    expect(first[0].recordedAt).toBeInstanceOf(Date);
  });

  it('records when each event was stored, to the millisecond, the same on every read', async () => {
    const id = stream();
    const before = Date.now();
    await events.appendToStream(id, [event('t1'), event('t2')], 'no_stream');
    const after = Date.now();
    const [t1, t2] = await events.readStream(id);
    for (const e of [t1, t2]) {
      expect(e.recordedAt).toBeInstanceOf(Date);
      // The store's clock and this process's are the same machine's (a little slack for rounding).
      expect(e.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 5);
      expect(e.recordedAt.getTime()).toBeLessThanOrEqual(after + 5);
      expect(Number.isInteger(e.recordedAt.getTime())).toBe(true);
    }
    expect(t2.recordedAt.getTime()).toBeGreaterThanOrEqual(t1.recordedAt.getTime());
    const again = await events.readStreams({ prefix: id, after: null, limit: 2 });
    expect(again.map((e) => e.recordedAt.getTime())).toEqual([t1.recordedAt.getTime(), t2.recordedAt.getTime()]);
  });

  it('reads the global feed in order from a position, in pages', async () => {
    const start = await events.headPosition();
    const ids = [stream(), stream()];
    await events.appendToStream(ids[0], [event('x1')], 'no_stream');
    await events.appendToStream(ids[1], [event('y1')], 'no_stream');
    await events.appendToStream(ids[0], [event('x2')], 0n);
    const all = await feedAfter(start, 3, ids);
    expect(all.map((e) => e.type)).toEqual(['x1', 'y1', 'x2']);
    // Paging two at a time from the same start sees the same events in the same order.
    const paged: string[] = [];
    let cursor = start;
    for (
      let page = await events.readAll({ after: cursor, limit: 2 });
      page.length > 0;
      page = await events.readAll({ after: cursor, limit: 2 })
    ) {
      paged.push(...page.filter((e) => ids.includes(e.streamId)).map((e) => e.type));
      cursor = page[page.length - 1].position;
    }
    expect(paged).toEqual(['x1', 'y1', 'x2']);
    expect(comparePositions((await events.headPosition())!, all[2].position)).toBeGreaterThanOrEqual(0);
  });

  it('reads only the asked types of the feed, scanning pages of the whole feed', async () => {
    const start = await events.headPosition();
    const id = stream();
    const kept = `kept-${randomUUID()}`;
    await events.appendToStream(id, [event('skipped.v1', { n: 1 }), event(kept, { n: 2 })], 'no_stream');
    await events.appendToStream(id, [event('skipped.v1', { n: 3 }), event(kept, { n: 4 })], 1n);
    const all = await feedAfter(start, 4, [id]);
    const types = new Set([kept]);
    // Paging two at a time: each page scans two events of the feed and answers the kept ones whole.
    const found: unknown[] = [];
    let cursor = start;
    let scannedMine = 0;
    for (;;) {
      const page = await events.readAllOfTypes({ after: cursor, limit: 2, types });
      if (page.scanned === 0) break;
      expect(page.scanned).toBeLessThanOrEqual(2);
      expect(page.events.every((e) => e.type === kept)).toBe(true);
      found.push(...page.events.filter((e) => e.streamId === id).map((e) => [e.type, e.data.n, e.metadata.source]));
      cursor = page.scannedUpTo!;
      scannedMine = all.filter((e) => comparePositions(e.position, cursor!) <= 0).length;
    }
    expect(found).toEqual([
      [kept, 2, 'contract'],
      [kept, 4, 'contract'],
    ]);
    expect(scannedMine).toBe(4);
    expect(comparePositions(cursor!, all[3].position)).toBeGreaterThanOrEqual(0);
    const empty = await events.readAllOfTypes({ after: cursor, limit: 2, types });
    expect(empty).toEqual({ events: [], scanned: 0, scannedUpTo: null });
  });

  it('stores and reads subscription checkpoints', async () => {
    const name = `sub-${randomUUID()}`;
    expect(await events.readCheckpoint(name)).toBeNull();
    await events.appendToStream(stream(), [event()], 'no_stream');
    const head = (await feedAfter(null, 1)).pop()!.position;
    await events.storeCheckpoint(name, head);
    expect(await events.readCheckpoint(name)).toEqual(head);
    await events.storeCheckpoint(name, null);
    expect(await events.readCheckpoint(name)).toBeNull();
  });

  it('stores several checkpoints at once, new and stored ones, a null among them', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((n) => `sub-${n}-${randomUUID()}`);
    const id = stream();
    await events.appendToStream(id, [event(), event()], 'no_stream');
    const [first, second] = (await feedAfter(null, 2, [id])).map((e) => e.position);
    await events.storeCheckpoint(b, first);
    await events.storeCheckpoints(
      new Map([
        [c, first],
        [a, second],
        [b, null],
      ]),
    );
    expect([await events.readCheckpoint(a), await events.readCheckpoint(b), await events.readCheckpoint(c)]).toEqual([
      second,
      null,
      first,
    ]);
    await events.storeCheckpoints(new Map());
    expect(await events.readCheckpoint(a)).toEqual(second);
  });

  it('concurrent appends to one stream: exactly one wins each revision', async () => {
    const id = stream();
    await events.appendToStream(id, [event()], 'no_stream');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => events.appendToStream(id, [event()], 0n)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof WrongExpectedRevisionError),
    ).toBe(true);
    expect(await events.readStream(id)).toHaveLength(2);
  });

  it('appends issued together succeed or fail each on its own, and none is half written', async () => {
    const fresh = Array.from({ length: 12 }, stream);
    await Promise.all(fresh.map((id) => events.appendToStream(id, [event()], 'no_stream')));
    // Half of them with the right revision, half with a stale or a future one, all at once.
    const results = await Promise.allSettled(
      fresh.map((id, i) =>
        events.appendToStream(
          id,
          [event('x', { i }), event('y', { i })],
          i % 2 === 0 ? 0n : i % 4 === 1 ? 'no_stream' : 4n,
        ),
      ),
    );
    results.forEach((result, i) => {
      if (i % 2 === 0) expect(result.status).toBe('fulfilled');
      else expect((result as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    });
    const lengths = await Promise.all(fresh.map(async (id) => (await events.readStream(id)).length));
    expect(lengths).toEqual(fresh.map((_, i) => (i % 2 === 0 ? 3 : 1)));
  });

  it('the global feed never skips an event committed late (concurrent writers, many streams)', async () => {
    const start = await events.headPosition();
    const streams = Array.from({ length: 20 }, stream);
    const seen: string[] = [];
    let cursor = start;
    const writers = Promise.all(
      streams.map(async (id) => {
        for (let i = 0; i < 5; i++)
          await events.appendToStream(id, [event('w', { i })], i === 0 ? 'no_stream' : BigInt(i - 1));
      }),
    );
    let done = false;
    void writers.then(() => (done = true));
    // Follow the feed while writers are busy, and after, until every event was seen (visibility may
    // lag behind commits while other transactions of the cluster run). A reader that skipped an
    // event would never see it: the loop would run into its deadline instead.
    const mine = () => seen.filter((s) => streams.some((id) => s.startsWith(id))).length;
    const deadline = Date.now() + 20_000;
    while ((!done || mine() < 100) && Date.now() < deadline) {
      const page = await events.readAll({ after: cursor, limit: 7 });
      for (const e of page) seen.push(`${e.streamId}#${e.revision}`);
      if (page.length) cursor = page[page.length - 1].position;
      else await new Promise((r) => setTimeout(r, 2));
    }
    await writers;
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((s) => streams.some((id) => s.startsWith(id)))).toHaveLength(100);
    // Within each stream, the feed order is the revision order.
    for (const id of streams) {
      const revisions = seen.filter((s) => s.startsWith(`${id}#`)).map((s) => Number(s.split('#')[1]));
      expect(revisions).toEqual([0, 1, 2, 3, 4]);
    }
  });
});
