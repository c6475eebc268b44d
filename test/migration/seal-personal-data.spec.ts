import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { EVENT_STORE, EventStore, RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import { SEALED, SealingEventStore } from '../../src/infrastructure/personal-data/sealing-event-store';
import { CUSTOMER_PERSONAL_FIELDS } from '../../src/ledger/personal-fields';
import { SEAL_CHECKPOINT, sealPersonalData } from '../../src/migration/seal-personal-data';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { tablesHolding } from '../privacy/support';
import { wholeLog } from '../support/whole-log';

/**
 * The privacy migration. The store is first put back to what the service wrote before sealing
 * existed (every event as its decider made it, personal fields in plain text, no data keys); the
 * migration then seals it in place, interrupted once and resumed; every event reads back exactly as
 * before, the figures are unchanged, and an erasure afterwards leaves no trace. An erasure on a store
 * not yet migrated erases the plain-text fields of that customer too.
 */
describe(`migrate personal-data (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let s: ShopClient;
  const tag = randomUUID().slice(0, 8);
  const mail = (id: number) => `legacy${id}.${tag}@example.com`;
  const IDS = [9301, 9302, 9303];
  let plain: RecordedEvent[];
  let raw: EventStore;

  const all = (store: EventStore) => wholeLog(t.store.storage, store);
  const dataById = (events: RecordedEvent[]) => new Map(events.map((e) => [e.id, e.data]));

  beforeAll(async () => {
    t = await createTestApp();
    s = shopClient(t, await t.shop());
    for (const id of IDS) {
      await s
        .platform('customers/create', { id, email: mail(id), first_name: `L${tag}`, phone: '+4470000' })
        .expect(200);
      await s.award(id, id - 9290, { adminNote: `note ${tag}` });
    }
    await s.put(`/customers/external/${IDS[0]}`, { birthday: '02/03' }).expect(200);
    // Back to the store today's code wrote: plain events, no keys.
    raw = t.store.storage.eventStore;
    plain = await all(t.app.get<EventStore>(EVENT_STORE));
    await raw.rewriteEvents!(
      plain.map((e) => {
        const { [SEALED]: _sealed, ...metadata } = e.metadata;
        return { id: e.id, data: e.data, metadata };
      }),
    );
    await t.store.storage.sql.query('DELETE FROM personal_data_keys');
  });
  afterAll(() => t.close());

  it('starts from a log holding the personal fields in plain text', async () => {
    for (const id of IDS) expect(await tablesHolding(t.store.storage.sql, mail(id))).toContain('es_events');
  });

  it('an erasure before the migration writes that customer’s plain-text fields as null', async () => {
    await s.platform('customers/redact', { customer: { id: IDS[2] } }).expect(200);
    expect(await tablesHolding(t.store.storage.sql, mail(IDS[2]))).toEqual([]);
  });

  it('seals the log in place, resumable, and every event reads back as it was written', async () => {
    // A fresh process: its own sealing store over the log and the keys.
    const sealing = new SealingEventStore(raw, t.store.storage.personalDataKeys, CUSTOMER_PERSONAL_FIELDS);
    let batches = 0;
    await expect(
      sealPersonalData(sealing, raw, {
        batchSize: 3,
        restart: false,
        onBatch: () => {
          if (++batches === 2) throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    const resumedFrom = await raw.readCheckpoint(SEAL_CHECKPOINT);
    expect(resumedFrom).not.toBeNull();
    const done = await sealPersonalData(sealing, raw, { batchSize: 3, restart: false });
    // Resumed after the 6 events of the two batches done (the log has grown since: the erasure).
    expect(done.scanned + 6).toBe((await all(raw)).length);
    expect(done.sealed).toBeGreaterThan(0);
    expect((await sealPersonalData(sealing, raw, { batchSize: 50, restart: true })).sealed).toBe(0);

    for (const id of IDS.slice(0, 2))
      expect(await tablesHolding(t.store.storage.sql, mail(id))).not.toContain('es_events');
    expect(await tablesHolding(t.store.storage.sql, `note ${tag}`)).not.toContain('es_events');
    const reread = dataById(await all(sealing));
    for (const event of plain) {
      if (event.data.customerId === (await s.customer(IDS[2])).id) continue;
      expect(reread.get(event.id)).toEqual(event.data);
    }
  });

  it('keeps the figures through a rebuild, and an erasure after the migration leaves no trace', async () => {
    const before = await Promise.all(IDS.map((id) => s.customer(id)));
    await t.app.get(ProjectionRunner).rebuild();
    const after = await Promise.all(IDS.map((id) => s.customer(id)));
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ email: mail(IDS[0]), birthday: '02/03' });
    await s.platform('customers/redact', { customer: { id: IDS[0] } }).expect(200);
    expect(await tablesHolding(t.store.storage.sql, mail(IDS[0]))).toEqual([]);
    expect(await s.balance(IDS[0])).toBe(before[0].point);
  });
});
