import { randomUUID } from 'node:crypto';
import { PgliteSqlClient } from '../sql/pglite.client';
import { SqlEventStore } from '../event-store/sql-event-store.adapter';
import { SqlPersonalDataKeys } from './sql-personal-data-keys.adapter';
import { ServiceKeyring } from './service-keyring';
import { SEALED, SealingEventStore } from './sealing-event-store';
import { CUSTOMER_PERSONAL_FIELDS } from '../../ledger/personal-fields';
import { SqlClient } from '../sql/sql-client';
import { EventStore } from '../event-store/event-store.port';

describe('SealingEventStore', () => {
  let sql: SqlClient;
  let raw: EventStore;
  let sealing: SealingEventStore;
  const shopId = 'shop-1';

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    raw = await SqlEventStore.create(sql);
    const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(Buffer.alloc(32, 7)));
    sealing = new SealingEventStore(raw, keys, CUSTOMER_PERSONAL_FIELDS);
  });
  afterAll(() => sql.close());

  const enrolled = (customerId: string) => ({
    id: randomUUID(),
    type: 'customer.enrolled.v1',
    data: {
      shopId,
      customerId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      details: { phone: '+441234', tags: ['vip'] },
      tierId: 't1',
    },
  });
  const awarded = (customerId: string, email: string | null) => ({
    id: randomUUID(),
    type: 'points.awarded.v1',
    data: { shopId, customerId, email, points: 50, newPoint: 50, adminNote: null, userNote: null },
  });

  it('stores personal fields sealed (null in the data) and gives them back on every read', async () => {
    const customerId = randomUUID();
    const stream = `customer-${shopId}_${customerId}`;
    const event = enrolled(customerId);
    await sealing.appendToStream(stream, [event, awarded(customerId, 'ada@example.com')], 'no_stream');
    const [stored, storedAward] = await raw.readStream(stream);
    expect(stored.data).toMatchObject({ email: null, firstName: null, lastName: null, tierId: 't1' });
    expect(stored.data.details).toEqual({ phone: null, tags: ['vip'] });
    expect(JSON.stringify([stored.data, stored.metadata])).not.toContain('ada@example.com');
    expect(typeof stored.metadata[SEALED]).toBe('string');
    expect(storedAward.data).toMatchObject({ email: null, points: 50 });
    expect(event.data.email).toBe('ada@example.com');

    const [opened, openedAward] = await sealing.readStream(stream);
    expect(opened.data).toEqual(event.data);
    expect(opened.metadata[SEALED]).toBeUndefined();
    expect(openedAward.data).toMatchObject({ email: 'ada@example.com', points: 50 });
    const all = await sealing.readAll({ after: null, limit: 1000 });
    expect(all.find((e) => e.id === event.id)?.data).toEqual(event.data);
  });

  it('never seals two different texts with the same nonce; a customer whose fields did not change gets the same sealed copy', async () => {
    const customerId = randomUUID();
    const sealedOf = (e: { metadata?: Record<string, unknown> }) => String(e.metadata?.[SEALED]);
    const nonce = (e: { metadata?: Record<string, unknown> }) => sealedOf(e).split('.')[1];
    const first = await sealing.seal(awarded(customerId, 'x@example.com'));
    const same = await sealing.seal(awarded(customerId, 'x@example.com'));
    const changed = await sealing.seal(awarded(customerId, 'y@example.com'));
    const other = await sealing.seal(awarded(randomUUID(), 'x@example.com'));
    expect(sealedOf(same)).toBe(sealedOf(first));
    expect(new Set([nonce(first), nonce(changed), nonce(other)]).size).toBe(3);
    expect(sealedOf(other)).not.toBe(sealedOf(first));
  });

  it('leaves events with nothing personal untouched', async () => {
    const customerId = randomUUID();
    const stream = `customer-${shopId}_${customerId}`;
    const event = awarded(customerId, null);
    await sealing.appendToStream(stream, [event], 'no_stream');
    const [stored] = await raw.readStream(stream);
    expect(stored.metadata[SEALED]).toBeUndefined();
    expect(stored.data).toEqual(event.data);
  });

  it('reads personal fields as null once the key is destroyed; figures unchanged; new events stored anonymised', async () => {
    const customerId = randomUUID();
    const stream = `customer-${shopId}_${customerId}`;
    await sealing.appendToStream(stream, [enrolled(customerId), awarded(customerId, 'ada@example.com')], 'no_stream');
    expect(await sealing.destroyKey({ shopId, customerId }, new Date())).toBe(true);
    const [opened, award] = await sealing.readStream(stream);
    expect(opened.data).toMatchObject({ email: null, firstName: null, tierId: 't1', details: { phone: null } });
    expect(award.data).toMatchObject({ email: null, points: 50, newPoint: 50 });
    await sealing.appendToStream(stream, [awarded(customerId, 'ada@example.com')], 1n);
    const [, , late] = await raw.readStream(stream);
    expect(late.data.email).toBeNull();
    expect(late.metadata[SEALED]).toBeUndefined();
  });

  it('opens a page of events that share sealed texts, each into its own data, in a process that sealed none of them', async () => {
    const [ada, bob] = [randomUUID(), randomUUID()];
    const [adaStream, bobStream] = [ada, bob].map((c) => `customer-${shopId}_${c}`);
    const adaEvents = Array.from({ length: 6 }, (_, i) => awarded(ada, i < 4 ? 'ada@example.com' : 'ada@new.example'));
    await sealing.appendToStream(adaStream, adaEvents, 'no_stream');
    await sealing.appendToStream(bobStream, [awarded(bob, 'bob@example.com'), awarded(bob, null)], 'no_stream');
    // Another process: nothing sealed or opened here yet, so the first of each text goes the slow way.
    const reader = new SealingEventStore(
      raw,
      await SqlPersonalDataKeys.create(sql, new ServiceKeyring(Buffer.alloc(32, 7))),
      CUSTOMER_PERSONAL_FIELDS,
    );
    const page = await reader.readStreams({ prefix: `customer-${shopId}_`, after: null, limit: 10_000 });
    const emails = (c: string) => page.filter((e) => e.data.customerId === c).map((e) => e.data.email);
    expect(emails(ada)).toEqual([...Array(4).fill('ada@example.com'), 'ada@new.example', 'ada@new.example']);
    expect(emails(bob)).toEqual(['bob@example.com', null]);
    const adaRead = page.filter((e) => e.data.customerId === ada);
    expect(new Set(adaRead.map((e) => e.data)).size).toBe(6);
    expect(adaRead.every((e) => e.metadata[SEALED] === undefined)).toBe(true);
    // What the store holds is still sealed: opening copied the data, it did not write into it.
    expect((await raw.readStream(adaStream)).every((e) => e.data.email === null)).toBe(true);
  });

  it("forgets what it sealed or opened once another process destroyed the key and the key's time is up", async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const keys = await SqlPersonalDataKeys.create(sql, new ServiceKeyring(Buffer.alloc(32, 7)));
    const here = new SealingEventStore(raw, keys, CUSTOMER_PERSONAL_FIELDS, () => now);
    const elsewhere = new SealingEventStore(raw, keys, CUSTOMER_PERSONAL_FIELDS);
    const customerId = randomUUID();
    const stream = `customer-${shopId}_${customerId}`;
    await here.appendToStream(stream, [awarded(customerId, 'ada@example.com')], 'no_stream');
    expect((await here.readStream(stream))[0].data.email).toBe('ada@example.com');

    expect(await elsewhere.destroyKey({ shopId, customerId }, new Date())).toBe(true);
    now += 29_000;
    expect((await here.readStream(stream))[0].data.email).toBe('ada@example.com');
    now += 2_000;
    expect((await here.readStream(stream))[0].data.email).toBeNull();
  });
});
