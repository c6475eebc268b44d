import { randomUUID } from 'node:crypto';
import { MongoNetworkError } from 'mongodb';
import { Collection, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { MongoReadStore } from '../../src/infrastructure/read-store/mongo-read-store.adapter';
import { StoreUnavailableError } from '../../src/infrastructure/store-errors/store-unavailable.error';
import { openTestStorage, TestStorage } from '../support/stores';
import { MingoDb } from '../support/mingo-mongo';
import { DEFAULTED_ROWS, groupRows, QUERY_CASES, Row, ROWS, tiedRows } from './read-store.fixtures';

/**
 * No MongoDB server runs on our machines. Every query the MongoDB read store builds is evaluated here
 * by mingo (MongoDB's query language in memory) on the read store contract's fixtures, and must give
 * the same documents in the same order as the SQL read store on PGlite. The contract suite itself
 * also runs on this adapter (kind `mingo`), and on a real server with MONGO_URL (kind `mongodb`).
 */
describe('MongoDB read store queries, evaluated by mingo, answer like the SQL read store', () => {
  let sql: TestStorage;
  let sqlRows: Collection<Row>;
  let mongoRows: Collection<Row>;
  const group = randomUUID();
  const tied = randomUUID();

  beforeAll(async () => {
    sql = await openTestStorage('pglite');
    const mongo = new MongoReadStore(new MingoDb(), { log: 'test' });
    sqlRows = await sql.storage.readStore.collection<Row>(ROWS);
    mongoRows = await mongo.collection<Row>(ROWS);
    for (const rows of [sqlRows, mongoRows]) {
      // Inserted in an order unlike any sort order, so no answer comes out right by accident.
      const fixtures = [...groupRows(group, 10), ...tiedRows(tied)];
      await rows.putMany([...fixtures.filter((_, i) => i % 2 === 1), ...fixtures.filter((_, i) => i % 2 === 0)]);
    }
  });
  afterAll(() => sql.cleanup());

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))('%s', async (_name, queryCase) => {
    const expected = await queryCase.run(sqlRows, group, tied);
    const actual = await queryCase.run(mongoRows, group, tied);
    expect(actual).toEqual(expected);
    // An answer that says nothing would agree by accident: every case but two finds something.
    if (!['empty $in', 'findOne of nothing'].includes(queryCase.name)) {
      expect(expected === 0 || expected === null || (Array.isArray(expected) && expected.length === 0)).toBe(false);
    }
  });

  it('pages walk the whole list and back again in both stores', async () => {
    const steps = (await QUERY_CASES.find((c) => c.name === 'pages by createdAt desc')!.run(
      mongoRows,
      group,
      tied,
    )) as Array<{
      ids: string[];
    }>;
    const ids = groupRows(group, 10)
      .map((r) => r.id)
      .reverse();
    expect(steps.slice(0, 4).flatMap((s) => s.ids)).toEqual(ids);
    // Backwards from the last page: the pages before it, nearest first, each in list order.
    expect(steps.slice(4).map((s) => s.ids)).toEqual([ids.slice(6, 9), ids.slice(3, 6), ids.slice(0, 3)]);
  });
});

describe('MongoDB read store writes (mingo)', () => {
  const definition = { name: 'guarded', indexes: [['shopId', 'createdAt']], numericFields: ['n'] };
  const at = (commit: number) => ({ commit: BigInt(commit), prepare: BigInt(commit) });
  const doc = (n: number) => ({ id: 'doc-1', shopId: 's', createdAt: '2026-01-01', n });

  it('a batch from an older position leaves a newer document alone (replayed batch, lagging process)', async () => {
    const store = new MongoReadStore(new MingoDb(), { log: 'log-a' });
    const write = (n: number, position: number) =>
      store.write([{ definition, put: [doc(n)], delete: [] }], at(position));
    const docs = await store.collection<ReturnType<typeof doc>>(definition);
    await write(2, 200);
    await write(1, 100);
    expect(await docs.get('doc-1')).toEqual(doc(2));
    await write(2, 200);
    expect(await docs.get('doc-1')).toEqual(doc(2));
    await write(3, 300);
    expect(await docs.get('doc-1')).toEqual(doc(3));
    // Positions compare as numbers, not as text (9 < 10).
    await store.write([{ definition, put: [doc(9)], delete: [] }], { commit: 299n, prepare: 999999n });
    expect((await docs.get('doc-1'))?.n).toBe(3);
    // Deletes are guarded too.
    await store.write([{ definition, put: [], delete: ['doc-1'] }], at(250));
    expect(await docs.get('doc-1')).not.toBeNull();
    await store.write([{ definition, put: [], delete: ['doc-1'] }], at(301));
    expect(await docs.get('doc-1')).toBeNull();
  });

  it('documents written from another log, or without a position, are simply overwritten', async () => {
    const db = new MingoDb();
    const before = new MongoReadStore(db, { log: 'postgres:old' });
    await before.write([{ definition, put: [doc(1)], delete: [] }], at(900));
    const after = new MongoReadStore(db, { log: 'eventstoredb:new' });
    await after.write([{ definition, put: [doc(2)], delete: [] }], at(5));
    const docs = await after.collection<ReturnType<typeof doc>>(definition);
    expect(await docs.get('doc-1')).toEqual(doc(2));
    await docs.put(doc(3));
    expect(await docs.get('doc-1')).toEqual(doc(3));
  });

  it('fields stored unless default are left out of the stored document, read back, and never queried', async () => {
    const db = new MingoDb();
    const store = new MongoReadStore(db, { log: 'log-a' });
    const [plain, set] = groupRows('g', 2);
    await store.write([{ definition: DEFAULTED_ROWS, put: [plain, set], delete: [] }], at(1));
    const stored = db.docs(DEFAULTED_ROWS.name);
    expect(stored.find((d) => d._id === plain.id)).not.toHaveProperty('score');
    expect(stored.find((d) => d._id === plain.id)).toHaveProperty('active', true);
    expect(stored.find((d) => d._id === set.id)).toMatchObject({ score: 10 });
    expect(stored.find((d) => d._id === set.id)).not.toHaveProperty('active');
    const rows = await store.collection<Row>(DEFAULTED_ROWS);
    expect(await rows.getMany([plain.id, set.id])).toEqual(expect.arrayContaining([plain, set]));
    await expect((async () => rows.count({ group: 'g', active: false }))()).rejects.toThrow(
      'active is stored only unless default',
    );
  });

  it('the guard fields are stored but never read back; values starting with $ are stored as they are', async () => {
    const db = new MingoDb();
    const store = new MongoReadStore(db, { log: 'log-a' });
    const odd = { ...doc(1), note: '$notAField', nested: { $weird: '$$ROOT' } };
    await store.write([{ definition, put: [odd], delete: [] }], at(7));
    expect(db.docs('guarded')[0]).toMatchObject({
      _id: 'doc-1',
      _log: 'log-a',
      _pos: expect.stringMatching(/^0+7\/0+7$/),
    });
    const docs = await store.collection(definition);
    expect(await docs.get('doc-1')).toEqual(odd);
    expect(await docs.find({ shopId: 's' })).toEqual([odd]);
  });

  it('on a replica set a batch is one transaction: all of its collections or none', async () => {
    const db = new MingoDb({ replicaSet: true });
    const store = new MongoReadStore(db, { log: 'log-a', startSession: () => db.startSession() });
    const other = { name: 'other' };
    await store.write([
      { definition, put: [doc(1)], delete: [] },
      { definition: other, put: [{ id: 'o' }], delete: [] },
    ]);
    expect(
      db.log
        .filter((e) => e.op === 'bulkWrite')
        .every((e) => (e.args as { options: { session?: unknown } }).options.session),
    ).toBe(true);
    db.failWritesTo = 'other';
    await expect(
      store.write([
        { definition, put: [doc(2)], delete: [] },
        { definition: other, put: [{ id: 'o2' }], delete: [] },
      ]),
    ).rejects.toThrow('refused');
    expect((await (await store.collection<ReturnType<typeof doc>>(definition)).get('doc-1'))?.n).toBe(1);
  });

  it('creates one index per declared index (ending in _id), idempotently; clear keeps them', async () => {
    const db = new MingoDb();
    const store = new MongoReadStore(db, { log: 'log-a' });
    const docs = await store.collection(definition);
    await new MongoReadStore(db, { log: 'log-a' }).collection(definition);
    expect(db.indexes.get('guarded')).toEqual([{ name: 'shopId_createdAt', key: { shopId: 1, createdAt: 1, _id: 1 } }]);
    await docs.put(doc(1));
    await docs.clear();
    expect(await docs.count({})).toBe(0);
    expect(db.indexes.get('guarded')).toHaveLength(1);
  });

  it('a lost connection is StoreUnavailableError (the API answers 503), and the next call works again', async () => {
    const db = new MingoDb();
    const store: ReadStore = new MongoReadStore(db, { log: 'log-a' });
    const docs = await store.collection(definition);
    db.failWith = new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
    await expect(docs.get('x')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.write([{ definition, put: [doc(1)], delete: [] }])).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    db.failWith = null;
    await store.ping();
    expect(await docs.get('x')).toBeNull();
  });
});
