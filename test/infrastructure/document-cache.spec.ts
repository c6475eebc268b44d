import { AppConfig } from '../../src/config/app-config';
import { CollectionDefinition, Document } from '../../src/infrastructure/read-store/read-store.port';
import { DocumentCache } from '../../src/projections/document-cache';
import { ProjectionBatch } from '../../src/projections/projection-batch';
import { defaultStoreKind, openTestStorage, TestStorage } from '../support/stores';

interface Doc extends Document {
  point: number;
  nested: { tags: string[] };
}

const CACHED: CollectionDefinition = { name: 'cache_spec_cached', cachedInMemory: true };
const PLAIN: CollectionDefinition = { name: 'cache_spec_plain' };

/**
 * The process's document cache: served from memory, kept exact by projection steps (the documents a
 * step wrote replace cached ones, the ones it read without writing are dropped), bounded, frozen.
 */
describe(`DocumentCache (${defaultStoreKind()})`, () => {
  let store: TestStorage;
  let loads: number;

  beforeAll(async () => {
    store = await openTestStorage(defaultStoreKind());
  });
  afterAll(() => store.cleanup());

  beforeEach(async () => {
    loads = 0;
    for (const definition of [CACHED, PLAIN]) await (await store.storage.readStore.collection(definition)).clear();
  });

  const cacheOf = (env: Record<string, string> = {}) => new DocumentCache(new AppConfig(env));
  const stored = async (definition: CollectionDefinition, doc: Doc) =>
    (await store.storage.readStore.collection<Doc>(definition)).put(doc);
  const read = (cache: DocumentCache, id: string, definition = CACHED) =>
    cache.get<Doc>(definition, id, async () => {
      loads++;
      return (await store.storage.readStore.collection<Doc>(definition)).get(id);
    });
  /** One projection step as the runner runs it: stage, store, tell the cache. */
  const step = async (cache: DocumentCache, work: (batch: ProjectionBatch) => Promise<void>) => {
    const batch = new ProjectionBatch(store.storage.readStore, cache);
    await work(batch);
    await batch.commit();
  };
  const doc = (id: string, point: number): Doc => ({ id, point, nested: { tags: ['a'] } });

  it('given a stored document, when it is read twice, then the store is read once and the copy is frozen', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 10));

    expect(await read(cache, 'c1')).toEqual(doc('c1', 10));
    const again = await read(cache, 'c1');

    expect(again).toEqual(doc('c1', 10));
    expect(loads).toBe(1);
    expect(() => {
      (again as Doc).point = 99;
    }).toThrow(TypeError);
    expect(() => (again as Doc).nested.tags.push('b')).toThrow(TypeError);
  });

  it('given a collection without cachedInMemory, every read goes to the store', async () => {
    const cache = cacheOf();
    await stored(PLAIN, doc('p1', 1));

    await read(cache, 'p1', PLAIN);
    await read(cache, 'p1', PLAIN);

    expect(loads).toBe(2);
    expect(cache.sizes()).toEqual({});
  });

  it('given a cached document, when a projection step writes it, then the next read serves the written one without a read', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 10));
    await read(cache, 'c1');

    await step(cache, async (batch) => {
      const customers = batch.collection<Doc>(CACHED);
      const current = await customers.get('c1');
      customers.put({ ...current!, point: current!.point + 5 });
    });

    expect(await read(cache, 'c1')).toEqual(doc('c1', 15));
    expect(loads).toBe(1);
  });

  it('given a cached document, when a step deletes it, then it is read from the store again (and found gone)', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 10));
    await read(cache, 'c1');

    await step(cache, async (batch) => batch.collection<Doc>(CACHED).delete('c1'));

    expect(await read(cache, 'c1')).toBeNull();
    expect(loads).toBe(2);
  });

  it('given a cached document another process changed, when a step reads it without writing, then the copy is dropped and the stored one served', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 10));
    await read(cache, 'c1');
    // Another process applied the event first and stored the result.
    await stored(CACHED, doc('c1', 20));

    await step(cache, async (batch) => {
      await batch.collection<Doc>(CACHED).get('c1'); // found applied already: nothing to write
    });

    expect(await read(cache, 'c1')).toEqual(doc('c1', 20));
    expect(loads).toBe(2);
  });

  it('given no document, when it is read twice, then the store is read once; when a step then writes it, the written one is served', async () => {
    const cache = cacheOf();

    expect(await read(cache, 'c3')).toBeNull();
    expect(await read(cache, 'c3')).toBeNull();
    expect(loads).toBe(1);

    await step(cache, async (batch) => batch.collection<Doc>(CACHED).put(doc('c3', 7)));

    expect(await read(cache, 'c3')).toEqual(doc('c3', 7));
    expect(loads).toBe(1);
  });

  it('given no document, when another process stores it and a step finds it applied, then the stored one is read', async () => {
    const cache = cacheOf();
    expect(await read(cache, 'c4')).toBeNull();
    await stored(CACHED, doc('c4', 8));

    await step(cache, async (batch) => {
      await batch.collection<Doc>(CACHED).get('c4');
    });

    expect(await read(cache, 'c4')).toEqual(doc('c4', 8));
    expect(loads).toBe(2);
  });

  it('given a document not cached, when a step writes it, then it is not added (only documents that are read are kept)', async () => {
    const cache = cacheOf();

    await step(cache, async (batch) => batch.collection<Doc>(CACHED).put(doc('c2', 3)));

    expect(cache.sizes()).toEqual({ [CACHED.name]: 0 });
    expect(await read(cache, 'c2')).toEqual(doc('c2', 3));
    expect(loads).toBe(1);
  });

  it('given a read under way, when a step touches its document before it returns, then what it found is not kept and a new reader does not join it', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 10));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.get<Doc>(CACHED, 'c1', async () => {
      const found = await (await store.storage.readStore.collection<Doc>(CACHED)).get('c1');
      await gate;
      return found;
    });

    await step(cache, async (batch) => batch.collection<Doc>(CACHED).put(doc('c1', 11)));
    const later = read(cache, 'c1');
    release();

    expect(await slow).toEqual(doc('c1', 10));
    expect(await later).toEqual(doc('c1', 11));
    expect(loads).toBe(1);
    expect(await read(cache, 'c1')).toEqual(doc('c1', 11));
    expect(loads).toBe(1);
  });

  it('given READ_CACHE_DOCUMENTS, the least recently read documents go first', async () => {
    const cache = cacheOf({ READ_CACHE_DOCUMENTS: '2' });
    for (const id of ['a', 'b', 'c']) await stored(CACHED, doc(id, 1));

    await read(cache, 'a');
    await read(cache, 'b');
    await read(cache, 'a'); // a is now the most recent
    await read(cache, 'c'); // evicts b
    expect(loads).toBe(3);
    await read(cache, 'a');
    await read(cache, 'c');
    expect(loads).toBe(3);
    await read(cache, 'b');

    expect(loads).toBe(4);
    expect(cache.sizes()).toEqual({ [CACHED.name]: 2 });
  });

  it('given READ_CACHE_DOCUMENTS=0, nothing is kept', async () => {
    const cache = cacheOf({ READ_CACHE_DOCUMENTS: '0' });
    await stored(CACHED, doc('c1', 1));

    await read(cache, 'c1');
    await read(cache, 'c1');

    expect(loads).toBe(2);
  });

  it('when cleared (a rebuild), every document is read again', async () => {
    const cache = cacheOf();
    await stored(CACHED, doc('c1', 1));
    await read(cache, 'c1');

    cache.clear();
    await read(cache, 'c1');

    expect(loads).toBe(2);
  });
});
