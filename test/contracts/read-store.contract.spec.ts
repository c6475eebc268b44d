import { randomUUID } from 'node:crypto';
import {
  Collection,
  CollectionDefinition,
  ReadStore,
  UnknownCursorError,
} from '../../src/infrastructure/read-store/read-store.port';
import { openTestStorage, readStoreKinds, TestStorage } from '../support/stores';
import { DEFAULTED_ROWS, groupRows, Row, ROWS, SPARSE_ROWS, tiedRows } from './read-store.fixtures';

describe.each(readStoreKinds())('read store contract (%s)', (kind) => {
  let store: TestStorage;
  let readStore: ReadStore;
  let rows: Collection<Row>;

  beforeAll(async () => {
    store = await openTestStorage(kind);
    readStore = store.storage.readStore;
    rows = await readStore.collection<Row>(ROWS);
  });
  afterAll(() => store.cleanup());

  const makeGroup = async (n: number) => {
    const group = randomUUID();
    const docs = groupRows(group, n);
    await rows.putMany(docs);
    return { group, docs };
  };

  it('puts, gets, overwrites and deletes documents', async () => {
    const id = randomUUID();
    expect(await rows.get(id)).toBeNull();
    await rows.put({ id, group: 'g', createdAt: '2026-01-01T00:00:00.000Z', score: 1, active: true, note: null });
    await rows.put({ id, group: 'g', createdAt: '2026-01-01T00:00:00.000Z', score: 2, active: true, note: 'x' });
    expect(await rows.get(id)).toEqual({
      id,
      group: 'g',
      createdAt: '2026-01-01T00:00:00.000Z',
      score: 2,
      active: true,
      note: 'x',
    });
    expect(await rows.getMany([id, randomUUID()])).toHaveLength(1);
    await rows.delete(id);
    expect(await rows.get(id)).toBeNull();
  });

  it('putMany keeps the last version of a repeated id', async () => {
    const id = randomUUID();
    await rows.putMany([
      { id, group: 'g', createdAt: 'a', score: 1, active: true, note: null },
      { id, group: 'g', createdAt: 'a', score: 5, active: true, note: null },
    ]);
    expect((await rows.get(id))?.score).toBe(5);
  });

  it('stores large batches of text outside ASCII exactly (multi-byte letters, emoji, quotes, newlines)', async () => {
    // Large enough that PGlite receives the batch in binary format (see pglite.client.ts).
    const note = 'Zoë 🎁 「ポイント」 "quoted" back\\slash\nnew line €'.repeat(200);
    const docs = Array.from({ length: 20 }, (_, i) => ({
      id: randomUUID(),
      group: 'unicode',
      createdAt: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      score: i,
      active: true,
      note: `${i}:${note}`,
    }));
    await rows.putMany(docs);
    await rows.put({ ...docs[0], note: `single:${note}` });
    expect(await rows.getMany(docs.slice(1).map((d) => d.id))).toEqual(expect.arrayContaining(docs.slice(1)));
    expect((await rows.get(docs[0].id))?.note).toBe(`single:${note}`);
    expect(await rows.count({ group: 'unicode', note: `3:${note}` })).toBe(1);
  });

  /** `n` rows of a new group in `definition`, written through both paths: putMany, and put for the last. */
  const writeGroup = async (definition: CollectionDefinition, n: number) => {
    const collection = await readStore.collection<Row>(definition);
    const group = randomUUID();
    const docs = groupRows(group, n);
    await collection.putMany(docs.slice(0, n - 1));
    await collection.put(docs[n - 1]);
    return { collection, group, docs };
  };

  it('fields stored only when set read back as null, and filters on null still find them', async () => {
    const { collection: sparse, group, docs } = await writeGroup(SPARSE_ROWS, 10);
    const read = await sparse.find({ group }, { sort: { field: 'createdAt', direction: 'asc' } });
    expect(read).toEqual(docs);
    expect(read.filter((d) => d.note === null)).toHaveLength(4);
    expect(await sparse.get(docs[0].id)).toEqual({ ...docs[0], note: null });
    expect(await sparse.getMany([docs[3].id])).toEqual([{ ...docs[3], note: null }]);
    expect(await sparse.findOne({ group, note: null })).toEqual({ ...docs[0], note: null });
    expect(await sparse.count({ group, note: null })).toBe(4);
    expect(await sparse.count({ group, note: { $ne: null } })).toBe(6);
    const page = await sparse.page({ filter: { group }, sort: { field: 'createdAt', direction: 'desc' }, limit: 4 });
    expect(page.items).toEqual(docs.slice(6).reverse());
    // Set again, then null again: the stored field follows.
    await sparse.put({ ...docs[0], note: 'now set' });
    expect((await sparse.get(docs[0].id))?.note).toBe('now set');
    await sparse.put(docs[0]);
    expect(await sparse.get(docs[0].id)).toEqual({ ...docs[0], note: null });
  });

  it('fields stored unless default read back as their default; filters and sorts on them are refused', async () => {
    const { collection: defaulted, group, docs } = await writeGroup(DEFAULTED_ROWS, 6);
    expect(await defaulted.find({ group }, { sort: { field: 'createdAt', direction: 'asc' } })).toEqual(docs);
    expect(await defaulted.get(docs[0].id)).toEqual({ ...docs[0], score: 0 });
    expect(await defaulted.getMany([docs[1].id])).toEqual([{ ...docs[1], active: false }]);
    const page = await defaulted.page({ filter: { group }, sort: { field: 'createdAt', direction: 'desc' }, limit: 2 });
    expect(page.items).toEqual(docs.slice(4).reverse());
    // Changed to the default and back: the stored field follows.
    await defaulted.put({ ...docs[2], active: false, score: 0 });
    expect(await defaulted.get(docs[2].id)).toEqual({ ...docs[2], active: false, score: 0 });
    await defaulted.put(docs[2]);
    expect(await defaulted.get(docs[2].id)).toEqual(docs[2]);
    await expect(defaulted.count({ group, active: false })).rejects.toThrow('active is stored only unless default');
    await expect(
      (async () => defaulted.find({ group }, { sort: { field: 'score', direction: 'asc' } }))(),
    ).rejects.toThrow('score is stored only unless default');
  });

  it('filters by equality, booleans, null, numeric ranges and $in', async () => {
    const { group } = await makeGroup(10);
    expect(await rows.count({ group })).toBe(10);
    expect(await rows.count({ group, active: true })).toBe(5);
    expect(await rows.count({ group, note: null })).toBe(4);
    expect(await rows.count({ group, score: { $gte: 30, $lt: 70 } })).toBe(4);
    expect(await rows.count({ group, score: 90 })).toBe(1);
    expect(await rows.count({ group, id: { $in: [`${group}-001`, `${group}-002`, 'nope'] } })).toBe(2);
    expect(await rows.count({ group, id: { $in: [] } })).toBe(0);
    expect(await rows.count({ group, note: { $ne: 'n1' } })).toBe(9);
    // Numbers compare as numbers (90 > 100 as text), not as text.
    const sorted = await rows.find({ group }, { sort: { field: 'score', direction: 'desc' }, limit: 3 });
    expect(sorted.map((r) => r.score)).toEqual([90, 80, 70]);
    expect((await rows.findOne({ group, score: 40 }))?.id).toBe(`${group}-004`);
  });

  it('pages forward and backward with document-id cursors', async () => {
    const { group, docs } = await makeGroup(7);
    const sort = { field: 'createdAt', direction: 'desc' as const };
    const ids = [...docs].reverse().map((d) => d.id);
    const first = await rows.page({ filter: { group }, sort, limit: 3 });
    expect(first.items.map((d) => d.id)).toEqual(ids.slice(0, 3));
    expect(first).toMatchObject({ hasNext: true, hasPre: false });
    const second = await rows.page({ filter: { group }, sort, limit: 3, after: first.items[2].id });
    expect(second.items.map((d) => d.id)).toEqual(ids.slice(3, 6));
    expect(second).toMatchObject({ hasNext: true, hasPre: true });
    const last = await rows.page({ filter: { group }, sort, limit: 3, after: second.items[2].id });
    expect(last.items.map((d) => d.id)).toEqual(ids.slice(6));
    expect(last).toMatchObject({ hasNext: false, hasPre: true });
    const back = await rows.page({ filter: { group }, sort, limit: 3, before: last.items[0].id });
    expect(back.items.map((d) => d.id)).toEqual(ids.slice(3, 6));
    expect(back).toMatchObject({ hasNext: true, hasPre: true });
    const start = await rows.page({ filter: { group }, sort, limit: 3, before: ids[2] });
    expect(start.items.map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(start).toMatchObject({ hasNext: true, hasPre: false });
  });

  it('ascending order breaks ties by id', async () => {
    const group = randomUUID();
    await rows.putMany(tiedRows(group));
    const page = await rows.page({ filter: { group }, sort: { field: 'createdAt', direction: 'asc' }, limit: 10 });
    // 'later' < 'same'; within each value, by id.
    expect(page.items.map((d) => d.id)).toEqual(['b', 'd', 'a', 'c', 'e'].map((s) => `${group}-${s}`));
  });

  it('an unknown cursor is an error, not an empty page', async () => {
    await expect(
      rows.page({ filter: {}, sort: { field: 'createdAt', direction: 'desc' }, limit: 5, after: 'missing' }),
    ).rejects.toBeInstanceOf(UnknownCursorError);
  });

  it("a cursor outside the filter (another owner's document) is unknown, exactly like a missing one", async () => {
    const mine = await makeGroup(3);
    const theirs = await makeGroup(3);
    const sort = { field: 'createdAt', direction: 'desc' as const };
    for (const cursor of [theirs.docs[1].id, 'missing']) {
      for (const side of ['after', 'before'] as const) {
        const error = await rows.page({ filter: { group: mine.group }, sort, limit: 5, [side]: cursor }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(UnknownCursorError);
      }
    }
    const own = await rows.page({ filter: { group: mine.group }, sort, limit: 5, after: mine.docs[2].id });
    expect(own.items.map((d) => d.id)).toEqual([mine.docs[1].id, mine.docs[0].id]);
    // With an owner scope, the same holds for a cursor of another owner...
    const scoped = { filter: { group: mine.group, active: true }, scope: { group: mine.group }, sort, limit: 5 };
    await expect(rows.page({ ...scoped, after: theirs.docs[1].id })).rejects.toBeInstanceOf(UnknownCursorError);
    // ... while one of the owner outside the other filters pages on from its place.
    const inScope = await rows.page({ ...scoped, after: mine.docs[1].id });
    expect(inScope.items.map((d) => d.id)).toEqual([mine.docs[0].id]);
  });

  it('clear empties one collection only', async () => {
    const other = await readStore.collection<Row>({ name: 'contract_other' });
    await other.put({ id: 'keep', group: 'g', createdAt: 'a', score: 0, active: true, note: null });
    const scratch = await readStore.collection<Row>({ name: 'contract_scratch' });
    await scratch.put({ id: 'gone', group: 'g', createdAt: 'a', score: 0, active: true, note: null });
    await scratch.clear();
    expect(await scratch.count({})).toBe(0);
    expect(await other.get('keep')).not.toBeNull();
  });
});

describe.each(readStoreKinds())('read store batch writes (%s)', (kind) => {
  let store: TestStorage;
  beforeAll(async () => {
    store = await openTestStorage(kind);
  });
  afterAll(() => store.cleanup());

  it('writes puts and deletes of several collections in one call', async () => {
    const a = { name: 'batch_a' };
    const b = { name: 'batch_b' };
    const ca = await store.storage.readStore.collection<{ id: string; v: number }>(a);
    const cb = await store.storage.readStore.collection<{ id: string; v: number }>(b);
    await ca.put({ id: 'gone', v: 0 });
    await store.storage.readStore.write([
      { definition: a, put: [{ id: 'x', v: 1 } as never, { id: 'y', v: 2 } as never], delete: ['gone'] },
      { definition: b, put: [{ id: 'z', v: 3 } as never], delete: [] },
      { definition: { name: 'batch_c' }, put: [], delete: [] },
    ]);
    expect((await ca.find({}, { sort: { field: 'id', direction: 'asc' } })).map((d) => d.v)).toEqual([1, 2]);
    expect(await cb.get('z')).toEqual({ id: 'z', v: 3 });
    await store.storage.readStore.write([]);
  });
});
