import { randomBytes, randomUUID } from 'node:crypto';
import { PersonalDataKeys } from '../../src/infrastructure/personal-data/personal-data-keys.port';
import { SqlPersonalDataKeys } from '../../src/infrastructure/personal-data/sql-personal-data-keys.adapter';
import { openTestStorage, storeKinds, TestStorage } from '../support/stores';

/** The personal data keys on every SQL store (PGlite; PostgreSQL when DATABASE_URL is set). */
describe.each(storeKinds())('personal data keys contract (%s)', (kind) => {
  let store: TestStorage;
  let keys: PersonalDataKeys;
  const serviceKey = randomBytes(32);
  const at = new Date('2026-05-01T10:00:00.000Z');

  beforeAll(async () => {
    store = await openTestStorage(kind);
    keys = await SqlPersonalDataKeys.create(store.storage.sql, serviceKey);
  });
  afterAll(() => store.cleanup());

  const subject = (shopId = `shop-${randomUUID()}`) => ({ shopId, customerId: randomUUID() });

  it('makes a 32-byte key once; later asks get the same key; no key and no create answers null', async () => {
    const s = subject();
    expect(await keys.keyFor(s, { create: false })).toBeNull();
    const made = await keys.keyFor(s, { create: true });
    expect(Buffer.isBuffer(made) && made.length).toBe(32);
    expect(await keys.keyFor(s, { create: true })).toEqual(made);
    expect(await keys.keyFor(s, { create: false })).toEqual(made);
  });

  it('two concurrent first asks agree on one key', async () => {
    const s = subject();
    const [a, b] = await Promise.all([keys.keyFor(s, { create: true }), keys.keyFor(s, { create: true })]);
    expect(a).toEqual(b);
  });

  it('stores the key wrapped: another service key cannot unwrap it', async () => {
    const s = subject();
    const made = (await keys.keyFor(s, { create: true })) as Buffer;
    const rows = await store.storage.sql.query<{ wrapped_key: string }>(
      'SELECT wrapped_key FROM personal_data_keys WHERE customer_id = $1',
      [s.customerId],
    );
    expect(rows[0].wrapped_key).not.toContain(made.toString('base64'));
    const other = await SqlPersonalDataKeys.create(store.storage.sql, randomBytes(32));
    await expect(other.keyFor(s, { create: false })).rejects.toThrow();
  });

  it('destroys a key once; it then reads destroyed and is never made again', async () => {
    const s = subject();
    await keys.keyFor(s, { create: true });
    expect(await keys.destroy(s, at)).toBe(true);
    expect(await keys.destroy(s, at)).toBe(false);
    expect(await keys.keyFor(s, { create: true })).toBe('destroyed');
    expect(await keys.listDestroyed(s.shopId)).toEqual([{ ...s, destroyedAt: at.toISOString() }]);
  });

  it('destroying a subject without a key leaves a tombstone: no key is made for it later', async () => {
    const s = subject();
    expect(await keys.destroy(s, at)).toBe(true);
    expect(await keys.keyFor(s, { create: true })).toBe('destroyed');
  });

  it("destroys every key of one shop, and no other shop's", async () => {
    const shopId = `shop-${randomUUID()}`;
    const [a, b, other] = [subject(shopId), subject(shopId), subject()];
    for (const s of [a, b, other]) await keys.keyFor(s, { create: true });
    const destroyed = await keys.destroyShop(shopId, at);
    expect(destroyed.map((s) => s.customerId).sort()).toEqual([a.customerId, b.customerId].sort());
    expect(await keys.destroyShop(shopId, at)).toEqual([]);
    expect(await keys.keyFor(a, { create: false })).toBe('destroyed');
    expect(Buffer.isBuffer(await keys.keyFor(other, { create: false }))).toBe(true);
    expect((await keys.listDestroyed(shopId)).length).toBe(2);
  });
});
