import { randomUUID } from 'node:crypto';
import { EventStore, GlobalPosition, RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import {
  COPY_CHECKPOINT,
  copyEvents,
  MigrationConflictError,
  translateCheckpoints,
  verifyEvents,
} from '../../src/migration/migrate-events';
import { openTestStorage, StoreKind, storeKinds, TestStorage } from '../support/stores';

/**
 * `loyalty migrate events` between two SQL stores (PGlite to PGlite always, PGlite to PostgreSQL
 * with DATABASE_URL): the same logic moves a log to EventStoreDB, through the same port. The tests
 * follow one migration in order (opening a store costs seconds here); the interrupted copies each
 * get a fresh target.
 */
describe.each<StoreKind>(storeKinds())('migrate events from PGlite to %s', (targetKind) => {
  let source: TestStorage;
  let target: TestStorage;
  let from: EventStore;
  let to: EventStore;
  let total = 0;
  const opened: TestStorage[] = [];
  const revisions = new Map<string, bigint>();
  let counter = 0;

  const newEvent = (type: string, n: number) => ({
    id: randomUUID(),
    type,
    data: { n, at: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}Z`, nested: { list: [n, 'x'] } },
    metadata: { by: 'seed', n },
  });

  /** A target that already holds other streams, so its positions are not the source's. */
  const freshTarget = async () => {
    const store = await openTestStorage(targetKind);
    opened.push(store);
    for (let i = 0; i < 7; i++) {
      await store.storage.eventStore.appendToStream(
        `shop-other${i}`,
        [newEvent('shop.provisioned.v1', i)],
        'no_stream',
      );
    }
    return store;
  };

  /** 30 streams in three categories, written interleaved, some appends of several events. */
  async function seed(rounds: number): Promise<number> {
    let written = 0;
    for (let round = 0; round < rounds; round++) {
      for (let s = 0; s < 30; s++) {
        const streamId = s < 20 ? `customer-shop_${s}` : s < 25 ? `tiers-shop${s}` : `programs-shop${s}`;
        const size = (s + round) % 3 === 0 ? 3 : 1;
        const last = revisions.get(streamId);
        const events = Array.from({ length: size }, () => newEvent('points.awarded.v1', counter++));
        await from.appendToStream(streamId, events, last === undefined ? 'no_stream' : last);
        revisions.set(streamId, (last ?? -1n) + BigInt(size));
        written += size;
      }
    }
    return written;
  }

  /** The feed of the seeded streams, waiting until it shows `count` (PostgreSQL shows a commit once older transactions end). */
  async function feed(store: EventStore, count: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const events: RecordedEvent[] = [];
      let after: GlobalPosition | null = null;
      for (
        let page = await store.readAll({ after, limit: 500 });
        page.length;
        page = await store.readAll({ after, limit: 500 })
      ) {
        events.push(...page.filter((e) => !e.streamId.startsWith('shop-other')));
        after = page[page.length - 1].position;
      }
      if (events.length >= count || Date.now() > deadline) return events;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const shape = (e: RecordedEvent) => [e.streamId, e.revision, e.id, e.type, e.data, e.metadata];

  beforeAll(async () => {
    source = await openTestStorage('pglite');
    opened.push(source);
    from = source.storage.eventStore;
    target = await freshTarget();
    to = target.storage.eventStore;
    total = await seed(4);
  });
  afterAll(async () => {
    for (const store of opened) await store.cleanup();
  });

  it('copies every stream with its revisions, ids, types, data and metadata, in the same global order, and verifies', async () => {
    const report = await copyEvents(from, to, { batchSize: 50 });
    expect(report).toMatchObject({ copied: total, skipped: 0, resumedFrom: null });
    const [before, after] = [await feed(from, total), await feed(to, total)];
    expect(after.map(shape)).toEqual(before.map(shape));
    expect(await to.readCheckpoint(COPY_CHECKPOINT)).toEqual(before[before.length - 1].position);
    expect(await verifyEvents(from, to)).toEqual({ streams: 30, events: total, mismatches: [], ok: true });
  });

  it('a second run copies only what the source gained since (a first copy can run while the service runs)', async () => {
    const more = await seed(2);
    expect(await copyEvents(from, to, { batchSize: 50 })).toMatchObject({ copied: more, skipped: 0 });
    total += more;
    expect(await verifyEvents(from, to)).toMatchObject({ ok: true, events: total });
    expect(await copyEvents(from, to)).toMatchObject({ copied: 0, skipped: 0 });
  });

  it('subscriber checkpoints are carried over as the same event, and the webhook outbox checkpoint once', async () => {
    const events = await feed(from, total);
    await from.storeCheckpoint('customers_v2', events[40].position);
    await from.storeCheckpoint('tier-reward-coupons', events[events.length - 1].position);
    await from.storeCheckpoint('new_projection_v1', null);
    const outbox = source.storage.webhookOutbox;
    await outbox.commitProjector({ deliveries: [], subscriptions: [], removed: [], checkpoint: events[7].position });
    const translated = await translateCheckpoints(
      from,
      to,
      ['customers_v2', 'tier-reward-coupons', 'new_projection_v1'],
      outbox,
    );
    expect(translated.map((t) => t.name)).toEqual([
      'customers_v2',
      'tier-reward-coupons',
      'new_projection_v1',
      'webhook-projector',
    ]);
    const targetFeed = await feed(to, total);
    const nextAfter = async (store: EventStore, position: GlobalPosition | null) =>
      (await store.readAll({ after: position, limit: 100 })).find((e) => !e.streamId.startsWith('shop-other'))?.id ??
      null;
    // Reading on from the translated checkpoint gives the event that came next in the source.
    expect(await nextAfter(to, await to.readCheckpoint('customers_v2'))).toBe(events[41].id);
    expect(await to.readCheckpoint('customers_v2')).not.toEqual(events[40].position);
    expect(await to.readCheckpoint('tier-reward-coupons')).toEqual(targetFeed[targetFeed.length - 1].position);
    expect(await to.readCheckpoint('new_projection_v1')).toBeNull();
    const { checkpoint } = await outbox.loadProjector();
    expect(await nextAfter(to, checkpoint)).toBe(events[8].id);
    // The source's own checkpoints are untouched (going back stays possible).
    expect(await from.readCheckpoint('customers_v2')).toEqual(events[40].position);
    // Once only: a second run leaves the outbox as it is; a projector that moved on is not touched.
    await translateCheckpoints(from, to, [], outbox);
    expect((await outbox.loadProjector()).checkpoint).toEqual(checkpoint);
    await outbox.commitProjector({
      deliveries: [],
      subscriptions: [],
      removed: [],
      checkpoint: targetFeed[20].position,
    });
    await expect(translateCheckpoints(from, to, [], outbox)).rejects.toBeInstanceOf(MigrationConflictError);
    expect((await outbox.loadProjector()).checkpoint).toEqual(targetFeed[20].position);
  });

  it('verification names the streams that differ, and copying again never overwrites', async () => {
    const lastOf = async (store: EventStore, id: string) => (await store.readStream(id)).pop()!.revision;
    // Behind the migration's back: the target gains an event, the source another, and both a different one.
    await to.appendToStream('customer-shop_1', [newEvent('points.awarded.v1', 1)], await lastOf(to, 'customer-shop_1'));
    await from.appendToStream(
      'customer-shop_2',
      [newEvent('points.awarded.v1', 2)],
      await lastOf(from, 'customer-shop_2'),
    );
    await from.appendToStream('tiers-shop21', [newEvent('points.awarded.v1', 3)], await lastOf(from, 'tiers-shop21'));
    await to.appendToStream('tiers-shop21', [newEvent('points.awarded.v1', 4)], await lastOf(to, 'tiers-shop21'));
    const verified = await verifyEvents(from, to);
    expect(verified.ok).toBe(false);
    expect(verified.mismatches.map((m) => [m.streamId, m.reason]).sort()).toEqual([
      ['customer-shop_1', 'different event counts'],
      ['customer-shop_2', 'different event counts'],
      ['tiers-shop21', 'different events'],
    ]);
    expect(verified.mismatches.find((m) => m.streamId === 'customer-shop_2')).toMatchObject({
      source: { count: (await from.readStream('customer-shop_2')).length },
      target: { count: (await to.readStream('customer-shop_2')).length },
    });
    await expect(copyEvents(from, to)).rejects.toBeInstanceOf(MigrationConflictError);
    expect((await to.readStream('tiers-shop21')).pop()!.data).toMatchObject({ n: 4 });
  });

  it('a copy that stops after writing a batch, before checkpointing it, resumes there and skips what it finds', async () => {
    const fresh = (await freshTarget()).storage.eventStore;
    const sourceTotal = (await feed(from, total)).length;
    let batches = 0;
    const crash = new Error('killed');
    const stop = () => {
      if (++batches === 3) throw crash;
    };
    await expect(copyEvents(from, fresh, { batchSize: 40, onBatch: stop })).rejects.toBe(crash);
    const stoppedAt = await fresh.readCheckpoint(COPY_CHECKPOINT);
    expect(stoppedAt).not.toBeNull();
    const resumed = await copyEvents(from, fresh, { batchSize: 40 });
    expect(resumed.resumedFrom).toEqual(stoppedAt);
    // The third batch was written but not checkpointed: found again and skipped, event by event.
    expect(resumed.skipped).toBe(40);
    expect(80 + resumed.skipped + resumed.copied).toBe(sourceTotal);
    expect((await feed(fresh, sourceTotal)).map(shape)).toEqual((await feed(from, sourceTotal)).map(shape));
    expect(await verifyEvents(from, fresh)).toMatchObject({ ok: true, events: sourceTotal });
  });

  it('a copy that dies in the middle of a batch resumes without a gap or a double', async () => {
    const fresh = (await freshTarget()).storage.eventStore;
    let appends = 0;
    const dying: EventStore = Object.create(fresh, {
      appendToStream: {
        value: (...args: Parameters<EventStore['appendToStream']>) =>
          ++appends === 37 ? Promise.reject(new Error('connection lost')) : fresh.appendToStream(...args),
      },
    });
    await expect(copyEvents(from, dying, { batchSize: 25 })).rejects.toThrow('connection lost');
    const resumed = await copyEvents(from, fresh, { batchSize: 25 });
    expect(resumed.skipped).toBeGreaterThan(0);
    expect(await verifyEvents(from, fresh)).toMatchObject({ ok: true });
  });
});
