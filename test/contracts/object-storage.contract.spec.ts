import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { LocalDiskObjectStorage } from '../../src/infrastructure/object-storage/local-disk-object-storage.adapter';
import { ObjectStorage, StoredObject } from '../../src/infrastructure/object-storage/object-storage.port';
import { S3ObjectStorage } from '../../src/infrastructure/object-storage/s3-object-storage.adapter';
// The S3 adapter runs against @20minutes/s3rver on loopback (see s3-test-server).
import { S3TestServer, startS3TestServer } from '../support/s3-test-server';

/** How the n-th write of a batch fails: before anything is kept, or after the store kept it (a lost answer). */
type Failure = { on: number; after: boolean };

interface Adapter {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A fresh store (its own folder or bucket); with `failure`, one whose writes fail as said. */
  store(failure?: Failure): Promise<ObjectStorage>;
}

const hex = () => randomBytes(16).toString('hex');
const TYPES = { png: 'image/png', jpg: 'image/jpeg', pkpass: 'application/vnd.apple.pkpass' } as const;
const object = (shop: string, customer: string, extension: keyof typeof TYPES = 'png'): StoredObject => ({
  key: `${shop}/${customer}/${hex()}.${extension}`,
  contentType: TYPES[extension],
  bytes: randomBytes(2048),
});

/** The local disk store, its n-th file write failing (before the file exists, or once it is written). */
class FailingDisk extends LocalDiskObjectStorage {
  private writes = 0;
  constructor(
    root: string,
    private readonly failure: Failure,
  ) {
    super(root);
  }
  protected async writeFile(path: string, bytes: Buffer): Promise<void> {
    const failing = ++this.writes === this.failure.on;
    if (failing && !this.failure.after) throw new Error('ENOSPC: no space left on device');
    await super.writeFile(path, bytes);
    if (failing) throw new Error('EIO: i/o error');
  }
}

const localDisk = (): Adapter => {
  const dirs: string[] = [];
  return {
    name: 'local disk',
    start: async () => undefined,
    stop: async () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
    async store(failure) {
      const dir = mkdtempSync(join(tmpdir(), 'objects-'));
      dirs.push(dir);
      return failure ? new FailingDisk(dir, failure) : new LocalDiskObjectStorage(dir);
    },
  };
};

const s3 = (): Adapter => {
  let server: S3TestServer;
  return {
    name: 'S3 (s3rver on loopback)',
    async start() {
      server = await startS3TestServer();
    },
    stop: () => server.stop(),
    async store(failure) {
      const bucket = `objects-${hex().slice(0, 12)}`;
      await server.client().send(new CreateBucketCommand({ Bucket: bucket }));
      const c = server.client();
      if (failure) {
        let puts = 0;
        c.middlewareStack.add(
          (next, context) => async (args) => {
            if (context.commandName !== PutObjectCommand.name || ++puts !== failure.on) return next(args);
            if (!failure.after) throw new Error('connect ECONNREFUSED');
            await next(args);
            throw new Error('socket hang up');
          },
          { step: 'initialize', name: 'failingPut' },
        );
      }
      return new S3ObjectStorage(c, bucket);
    },
  };
};

describe.each([localDisk(), s3()])('object storage contract: $name', (adapter) => {
  beforeAll(() => adapter.start(), 30_000);
  afterAll(() => adapter.stop());

  it('keeps a batch: each object read back with its bytes and type; exists; listed by its customer and shop', async () => {
    const store = await adapter.store();
    const [a, b, c] = [
      object('shop-1', 'cust-1'),
      object('shop-1', 'cust-1', 'jpg'),
      object('shop-1', 'cust-2', 'pkpass'),
    ];
    await store.putBatch([a, b]);
    await store.putBatch([c]);
    for (const o of [a, b, c]) {
      expect(await store.get(o.key)).toEqual({ key: o.key, contentType: o.contentType, bytes: o.bytes });
      expect(await store.exists(o.key)).toBe(true);
    }
    const info = (o: StoredObject) => ({
      key: o.key,
      contentType: o.contentType,
      size: o.bytes.length,
      storedAt: expect.any(Date),
    });
    const byKey = (x: { key: string }, y: { key: string }) => x.key.localeCompare(y.key);
    expect(await store.list('shop-1/cust-1/')).toEqual([a, b].map(info).sort(byKey));
    expect(await store.list('shop-1/')).toEqual([a, b, c].map(info).sort(byKey));
    expect(await store.list('shop-2/')).toEqual([]);
    expect((await store.list('')).map((o) => o.key)).toEqual([a, b, c].map((o) => o.key).sort());
  });

  it('lists each object with when it was stored; removes objects by key, a missing one is no error', async () => {
    const store = await adapter.store();
    const before = Date.now();
    const [a, b, c] = [object('shop-1', 'cust-1'), object('shop-1', 'cust-1'), object('shop-2', 'cust-1', 'pkpass')];
    await store.putBatch([a, b, c]);
    for (const { storedAt } of await store.list('')) {
      // Stores keep whole seconds (S3's Last-Modified).
      expect(storedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    await store.remove([a.key, c.key, object('shop-1', 'cust-1').key]);
    expect((await store.list('')).map((o) => o.key)).toEqual([b.key]);
    await store.remove([]);
    await expect(store.remove(['../x'])).rejects.toThrow();
    expect(await store.exists(b.key)).toBe(true);
  });

  it('an unknown key, or a string that is not a key, is no object', async () => {
    const store = await adapter.store();
    const kept = object('shop-1', 'cust-1');
    await store.putBatch([kept]);
    for (const key of [`shop-1/cust-1/${hex()}.png`, '../etc/passwd', 'shop-1/cust-1/', `shop-1/${hex()}.png`]) {
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
    }
    await expect(store.list('..')).rejects.toThrow();
  });

  it('a batch with a key outside the key alphabet is refused whole: nothing of it is kept', async () => {
    const store = await adapter.store();
    const good = object('shop-1', 'cust-1');
    await expect(store.putBatch([good, { ...object('shop-1', 'cust-1'), key: 'shop-1/../x.png' }])).rejects.toThrow();
    expect(await store.exists(good.key)).toBe(false);
    expect(await store.list('shop-1/')).toEqual([]);
  });

  it.each([
    ['its first write fails', { on: 1, after: false }],
    ['its third write fails', { on: 3, after: false }],
    ['its last write is kept by the store but answered as a failure', { on: 3, after: true }],
  ])('atomic batch: when %s, nothing of the batch is kept; earlier batches stay', async (_, failure) => {
    const store = await adapter.store(failure);
    const earlier = object('shop-1', 'cust-1');
    if (failure.on > 1) {
      // The store fails on its n-th write overall: one batch of (n - 2) writes first, then the failing batch.
      const before = Array.from({ length: failure.on - 2 }, () => object('shop-1', 'cust-1'));
      await store.putBatch([earlier, ...before.slice(1)]);
    }
    const batch = [object('shop-1', 'cust-1'), object('shop-1', 'cust-1', 'jpg'), object('shop-1', 'cust-2')];
    const kept = failure.on > 1 ? await store.list('shop-1/') : [];
    await expect(store.putBatch(batch)).rejects.toThrow();
    for (const o of batch) expect(await store.exists(o.key)).toBe(false);
    expect(await store.list('shop-1/')).toEqual(kept);
    if (failure.on > 1) expect(await store.exists(earlier.key)).toBe(true);
  });

  it("removes a customer's objects by prefix, then a shop's; another shop's stay", async () => {
    const store = await adapter.store();
    const [mine, theirs, otherShop] = [object('shop-1', 'cust-1'), object('shop-1', 'cust-2'), object('shop-2', 'c')];
    await store.putBatch([mine, theirs, otherShop]);
    await store.removePrefix('shop-1/cust-1/');
    expect(await store.exists(mine.key)).toBe(false);
    expect(await store.exists(theirs.key)).toBe(true);
    await store.removePrefix('shop-1/');
    expect(await store.list('shop-1/')).toEqual([]);
    expect(await store.get(otherShop.key)).toMatchObject({ bytes: otherShop.bytes });
    await store.removePrefix('shop-9/');
    await expect(store.removePrefix('shop-1')).rejects.toThrow();
  });

  it('lists past a page of 1,000 keys', async () => {
    const store = await adapter.store();
    const many = Array.from({ length: 1005 }, () => ({ ...object('shop-3', 'cust-1'), bytes: Buffer.from('x') }));
    for (let i = 0; i < many.length; i += 100) await store.putBatch(many.slice(i, i + 100));
    expect((await store.list('shop-3/')).length).toBe(1005);
    await store.removePrefix('shop-3/');
    expect(await store.list('shop-3/')).toEqual([]);
  }, 120_000);
});
