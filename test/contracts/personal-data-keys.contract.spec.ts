import { createCipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { KeySubject, PersonalDataKeys } from '../../src/infrastructure/personal-data/personal-data-keys.port';
import { SqlPersonalDataKeys } from '../../src/infrastructure/personal-data/sql-personal-data-keys.adapter';
import {
  serviceKeyId,
  ServiceKeyring,
  ServiceKeyRefused,
} from '../../src/infrastructure/personal-data/service-keyring';
import { refuseUnknownServiceKeys } from '../../src/infrastructure/personal-data/service-key-check';
import { rewrapAll } from '../../src/cli/keys-rewrap.cli';
import { SqlHashSecrets } from '../../src/infrastructure/personal-data/sql-hash-secrets.adapter';
import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { PgSqlClient } from '../../src/infrastructure/sql/pg.client';
import { SqlClient } from '../../src/infrastructure/sql/sql-client';
import { createTestDatabase, openTestStorage, StoreKind, storeKinds, TestStorage } from '../support/stores';

/** The personal data keys on every SQL store (PGlite; PostgreSQL when DATABASE_URL is set). */
describe.each(storeKinds())('personal data keys contract (%s)', (kind) => {
  let store: TestStorage;
  let keys: PersonalDataKeys;
  let serviceKey: Buffer;
  const at = new Date('2026-05-01T10:00:00.000Z');

  beforeAll(async () => {
    store = await openTestStorage(kind);
    // The store was opened with the configured key: it is the store's current key.
    serviceKey = store.config.personalDataKey;
    keys = await SqlPersonalDataKeys.create(store.storage.sql, new ServiceKeyring(serviceKey));
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

  it('stores the key wrapped, with the id of the service key that wraps it; another service key is refused', async () => {
    const s = subject();
    const made = (await keys.keyFor(s, { create: true })) as Buffer;
    const rows = await store.storage.sql.query<{ wrapped_key: string; key_id: string }>(
      'SELECT wrapped_key, key_id FROM personal_data_keys WHERE customer_id = $1',
      [s.customerId],
    );
    expect(rows[0].wrapped_key).not.toContain(made.toString('base64'));
    expect(rows[0].key_id).toBe(serviceKeyId(serviceKey));
    expect(serviceKeyId(serviceKey)).toMatch(/^[0-9a-f]{16}$/);
    await expect(SqlPersonalDataKeys.create(store.storage.sql, new ServiceKeyring(randomBytes(32)))).rejects.toThrow(
      ServiceKeyRefused,
    );
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

  describe('service keys', () => {
    const [keyA, keyB, keyX] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const [idA, idB] = [serviceKeyId(keyA), serviceKeyId(keyB)];
    let sql: SqlClient;
    let drop: () => Promise<void> = async () => undefined;

    /** Each test on an empty database of its own: the service keys are the store's. */
    beforeEach(async () => {
      ({ sql, drop } = await freshSql(kind));
    });
    afterEach(async () => {
      await sql.close();
      await drop();
    });

    const tables = async () =>
      (
        await sql.query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1`,
        )
      ).map((r) => r.name);
    const rowsOf = (table: string) => sql.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
    const subjects = (n: number): KeySubject[] =>
      Array.from({ length: n }, (_, i) => ({ shopId: 'shop-1', customerId: `c-${String(i).padStart(4, '0')}` }));

    it('a fresh store accepts any key, without writing anything; the key is recorded when the store opens', async () => {
      await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA));
      expect(await tables()).toEqual([]);
      await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      expect((await rowsOf('personal_data_service_keys')).map((r) => r.key_id)).toEqual([idA]);
    });

    it('another key is refused before anything is read or written, naming PERSONAL_DATA_KEY, the id the store expects and the id given', async () => {
      const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      const made = await keys.keyFor(subjects(1)[0], { create: true });
      const [before, registry] = [await rowsOf('personal_data_keys'), await rowsOf('personal_data_service_keys')];
      const refusal = await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyB)).catch((e) => e);
      expect(refusal).toBeInstanceOf(ServiceKeyRefused);
      expect(refusal.message).toContain('PERSONAL_DATA_KEY');
      expect(refusal.message).toContain(`expects the key whose id is ${idA}`);
      expect(refusal.message).toContain(idB);
      await expect(SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB))).rejects.toThrow(refusal.message);
      expect(await rowsOf('personal_data_keys')).toEqual(before);
      expect(await rowsOf('personal_data_service_keys')).toEqual(registry);
      expect(await keys.keyFor(subjects(1)[0], { create: false })).toEqual(made);
    });

    it('rotation: current B with A retired reads what A wrapped and wraps new keys under B; after a rewrap, B alone serves and A alone is refused', async () => {
      const underA = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      const [old1, old2, fresh] = subjects(3);
      const made1 = await underA.keyFor(old1, { create: true });
      const made2 = await underA.keyFor(old2, { create: true });
      await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyB, [keyA]));
      const rotating = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB, [keyA]));
      expect(await rotating.keyFor(old1, { create: false })).toEqual(made1);
      await rotating.keyFor(fresh, { create: true });
      const ids = async () =>
        Object.fromEntries((await rowsOf('personal_data_keys')).map((r) => [r.customer_id, r.key_id]));
      expect(await ids()).toEqual({ [old1.customerId]: idA, [old2.customerId]: idA, [fresh.customerId]: idB });
      // Before the rewrap, B alone is refused: data keys still need A.
      await expect(refuseUnknownServiceKeys(sql, new ServiceKeyring(keyB))).rejects.toThrow(
        new RegExp(`still wrapped under the key\\(s\\) with id ${idA}.*PERSONAL_DATA_KEYS_RETIRED`),
      );

      const report = await rewrapAll(rotating, 1);
      expect(report).toMatchObject({ currentKeyId: idB, rewrapped: 2, changed: 0, unopened: 0, stillNeeded: [] });
      expect(Object.values(await ids())).toEqual([idB, idB, idB]);
      await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyB));
      const underB = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB));
      expect(await underB.keyFor(old1, { create: false })).toEqual(made1);
      expect(await underB.keyFor(old2, { create: false })).toEqual(made2);
      await expect(refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA))).rejects.toThrow(`id is ${idB}`);
    });

    it('rewrap is resumable: every batch is committed; a run stopped midway is continued, and a second run finds nothing', async () => {
      const underA = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      const all = subjects(25);
      const made = await Promise.all(all.map((s) => underA.keyFor(s, { create: true })));
      const rotating = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB, [keyA]));
      const first = await rotating.rewrapBatch(null, 10);
      expect(first).toMatchObject({ seen: 10, rewrapped: 10, last: all[9] });
      // Stopped here (the process ended): a new run goes on with what is left.
      expect(await rotating.wrappedElsewhere()).toEqual([{ keyId: idA, count: 15 }]);
      expect(await rewrapAll(rotating, 10)).toMatchObject({ rewrapped: 15, stillNeeded: [] });
      expect(await rewrapAll(rotating, 10)).toMatchObject({ rewrapped: 0, changed: 0, stillNeeded: [] });
      const underB = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB));
      expect(await Promise.all(all.map((s) => underB.keyFor(s, { create: false })))).toEqual(made);
    });

    it('rewrap beside the service: a concurrent erasure, a concurrent rewrap and new keys are never overwritten', async () => {
      const underA = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      const all = subjects(60);
      const made = await Promise.all(all.map((s) => underA.keyFor(s, { create: true })));
      const service = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyB, [keyA]));
      const [otherSql, closeOther] = kind === 'postgres' ? [await reopenSql(sql), true] : [sql, false];
      const operator = await SqlPersonalDataKeys.create(otherSql, new ServiceKeyring(keyB, [keyA]));
      const erased = all.filter((_, i) => i % 3 === 0);
      const newcomers = subjects(70).slice(60);
      const [runA, runB] = await Promise.all([
        rewrapAll(operator, 7),
        rewrapAll(service, 5),
        ...erased.map((s) => service.destroy(s, new Date())),
        ...newcomers.map((s) => service.keyFor(s, { create: true })),
      ]);
      if (closeOther) await otherSql.close();
      expect(runA.unopened + runB.unopened).toBe(0);
      // Each live key was rewrapped once; the other run, or an erasure, made the rest "changed".
      expect(runA.rewrapped + runB.rewrapped).toBeLessThanOrEqual(all.length);
      for (const [i, s] of all.entries()) {
        expect(await service.keyFor(s, { create: false })).toEqual(erased.includes(s) ? 'destroyed' : made[i]);
      }
      const live = await sql.query<{ key_id: string }>(
        'SELECT key_id FROM personal_data_keys WHERE wrapped_key IS NOT NULL',
      );
      expect(live.length).toBe(all.length - erased.length + newcomers.length);
      expect(new Set(live.map((r) => r.key_id))).toEqual(new Set([idB]));
    });

    it('a store made before key ids: rows are labelled by the key that opens them; rows no key given opens are refused', async () => {
      // The table as it was, data keys wrapped under A, and one wrapped under X (a start with a wrong key).
      await sql.exec(`CREATE TABLE personal_data_keys (shop_id TEXT NOT NULL, customer_id TEXT NOT NULL,
        wrapped_key TEXT, created_at TIMESTAMPTZ NOT NULL DEFAULT now(), destroyed_at TIMESTAMPTZ,
        PRIMARY KEY (shop_id, customer_id))`);
      const [a1, a2, x1] = subjects(3);
      for (const [s, key] of [
        [a1, keyA],
        [a2, keyA],
        [x1, keyX],
      ] as const) {
        await sql.query('INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key) VALUES ($1, $2, $3)', [
          s.shopId,
          s.customerId,
          legacyWrap(key, randomBytes(32)),
        ]);
      }
      const refusal = await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA)).catch((e) => e);
      expect(refusal).toBeInstanceOf(ServiceKeyRefused);
      expect(refusal.message).toMatch(/PERSONAL_DATA_KEY.*1 data key\(s\), stored before key ids were recorded/);
      await expect(SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA))).rejects.toThrow(ServiceKeyRefused);
      expect(await tables()).toEqual(['personal_data_keys']);

      await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA, [keyX]));
      const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA, [keyX]));
      const ids = (await rowsOf('personal_data_keys')).map((r) => r.key_id);
      expect(ids).toEqual([idA, idA, serviceKeyId(keyX)]);
      expect(Buffer.isBuffer(await keys.keyFor(x1, { create: false }))).toBe(true);
      expect(await rewrapAll(keys, 10)).toMatchObject({ rewrapped: 1, stillNeeded: [] });
      await refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA));
    });

    describe('hash secrets (the chat user refs)', () => {
      /** The chat refs' key as it was derived before it was stored: from the service key itself. */
      const derivedFrom = (serviceKey: Buffer) => createHmac('sha256', serviceKey).update('chat-user-ref.v1').digest();
      const open = async (ring: ServiceKeyring) => {
        await refuseUnknownServiceKeys(sql, ring);
        const keys = await SqlPersonalDataKeys.create(sql, ring);
        return { keys, secrets: await SqlHashSecrets.open(sql, ring) };
      };

      it('a new store gets a random secret, stored wrapped under the current key with its id, the same at every open', async () => {
        const { secrets } = await open(new ServiceKeyring(keyA));
        const secret = secrets.secret('chat-user-ref.v1');
        expect(secret).toHaveLength(32);
        expect(secret).not.toEqual(derivedFrom(keyA));
        const [row] = await rowsOf('personal_data_hash_secrets');
        expect(row).toMatchObject({ purpose: 'chat-user-ref.v1', key_id: idA });
        expect(row.wrapped_secret).not.toContain(secret.toString('base64'));
        await open(new ServiceKeyring(keyA)).then(({ keys }) => keys.keyFor(subjects(1)[0], { create: true }));
        expect((await open(new ServiceKeyring(keyA))).secrets.secret('chat-user-ref.v1')).toEqual(secret);
      });

      it('a store with data keys made before the secret was stored keeps its refs: the secret is derived from PERSONAL_DATA_KEY as then', async () => {
        const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
        await keys.keyFor(subjects(1)[0], { create: true });
        const { secrets } = await open(new ServiceKeyring(keyA));
        expect(secrets.secret('chat-user-ref.v1')).toEqual(derivedFrom(keyA));
      });

      it('rotation: B with A retired opens it; it keeps A needed until a rewrap moves it; then B alone opens the same secret and A alone is refused', async () => {
        const underA = await open(new ServiceKeyring(keyA));
        const secret = underA.secrets.secret('chat-user-ref.v1');
        await underA.keys.keyFor(subjects(1)[0], { create: true });
        const rotating = await open(new ServiceKeyring(keyB, [keyA]));
        expect(rotating.secrets.secret('chat-user-ref.v1')).toEqual(secret);
        // The data keys alone moved: the secret still needs A.
        expect(await rewrapAll(rotating.keys, 10)).toMatchObject({ rewrapped: 1, stillNeeded: [] });
        expect(await rotating.secrets.wrappedElsewhere()).toEqual([{ keyId: idA, count: 1 }]);
        await expect(refuseUnknownServiceKeys(sql, new ServiceKeyring(keyB))).rejects.toThrow(
          `still wrapped under the key(s) with id ${idA}`,
        );

        const report = await rewrapAll(rotating.keys, 10, rotating.secrets);
        expect(report).toMatchObject({ rewrapped: 0, secretsRewrapped: 1, changed: 0, unopened: 0, stillNeeded: [] });
        expect((await rowsOf('personal_data_hash_secrets')).map((r) => r.key_id)).toEqual([idB]);
        expect((await open(new ServiceKeyring(keyB))).secrets.secret('chat-user-ref.v1')).toEqual(secret);
        await expect(refuseUnknownServiceKeys(sql, new ServiceKeyring(keyA))).rejects.toThrow(`id is ${idB}`);
      });

      it('a secret under a key not given is refused at open, naming PERSONAL_DATA_KEY and that key id', async () => {
        await open(new ServiceKeyring(keyA));
        await sql.query('UPDATE personal_data_hash_secrets SET key_id = $1', [serviceKeyId(keyX)]);
        await expect(SqlHashSecrets.open(sql, new ServiceKeyring(keyA))).rejects.toThrow(
          new RegExp(`PERSONAL_DATA_KEY.*chat-user-ref.v1.*${serviceKeyId(keyX)}`),
        );
      });
    });

    it('a data key under a key not given, met later, fails its read and is reported as a key problem', async () => {
      const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(keyA));
      expect(keys.keyProblem()).toBeNull();
      const [s] = subjects(1);
      await sql.query(
        'INSERT INTO personal_data_keys (shop_id, customer_id, wrapped_key, key_id) VALUES ($1, $2, $3, $4)',
        [s.shopId, s.customerId, legacyWrap(keyX, randomBytes(32)), serviceKeyId(keyX)],
      );
      await expect(keys.keyFor(s, { create: false })).rejects.toThrow(serviceKeyId(keyX));
      expect(keys.keyProblem()).toContain(`service key with id ${serviceKeyId(keyX)}`);
      expect(keys.keyProblem()).toContain('PERSONAL_DATA_KEYS_RETIRED');
    });
  });
});

/** A data key wrapped as the store did before key ids (and as it still does): `iv.tag.ciphertext`. */
function legacyWrap(serviceKey: Buffer, dataKey: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', serviceKey, iv);
  const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.');
}

const databases = new WeakMap<SqlClient, string>();

/** An empty SQL database: in-memory PGlite, or a new PostgreSQL database (dropped by `drop`). */
async function freshSql(kind: StoreKind): Promise<{ sql: SqlClient; drop: () => Promise<void> }> {
  if (kind !== 'postgres') return { sql: await PgliteSqlClient.open(), drop: async () => undefined };
  const database = await createTestDatabase(process.env.DATABASE_URL!);
  const sql = new PgSqlClient(database.url);
  databases.set(sql, database.url);
  return { sql, drop: database.drop };
}

/** A second client (its own pool) on the same PostgreSQL database. */
async function reopenSql(sql: SqlClient): Promise<SqlClient> {
  return new PgSqlClient(databases.get(sql)!);
}
