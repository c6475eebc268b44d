import { eventRecorder, GivenEvent, projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { customerEvents } from '../../../test/support/customer-event-fixtures';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { CollectionDefinition, Document, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerEventType as T } from '../../ledger/customer-events';
import { customerStreamId } from '../../ledger/customer-stream';
import { ShopEventType, shopStreamId } from '../../shops/domain/shop-events';
import {
  LIABILITY_CUSTOMERS,
  LIABILITY_DAYS,
  LiabilityDayDoc,
  LiabilityDaysProjection,
} from './liability-days.projection';
import { LIABILITY_FIGURES } from './liability-movements';

/** The per-day liability of a Paris shop, each event delivered twice (see projectionSpec). */
describe('liability days projection', () => {
  const readStore = projectionStore();

  const provisioned = (shopId: string): GivenEvent => ({
    type: ShopEventType.Provisioned,
    streamId: shopStreamId(shopId),
    eventId: `p-${shopId}`,
    occurredAt: '2026-01-01T00:00:00.000Z',
    shopId,
    domain: `${shopId}.example.com`,
    plan: 'ultimate',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    appKey: 'k',
  });

  /** Ann and Bob around the spring change in Paris (Mar 29, 2026: a 23-hour day). */
  function history(shopId: string): GivenEvent[] {
    const ann = customerEvents(shopId, 'ann', 101);
    const bob = customerEvents(shopId, 'bob', 102);
    const held = (occurredAt: string, points: number): GivenEvent => ({
      type: T.PointsPending,
      streamId: customerStreamId(shopId, 'bob'),
      eventId: `h-${occurredAt}`,
      occurredAt,
      shopId,
      customerId: 'bob',
      transactionId: 'held-1',
      platformCustomerId: 102,
      email: null,
      points,
      releaseAt: '2026-04-05T00:00:00.000Z',
      program: { programId: 'p', programTitle: 'Orders', earnBy: null, rateMoney: null },
      order: { orderId: 'o-1', orderName: '#1', currency: 'EUR' },
    });
    return [
      provisioned(shopId),
      // Mar 28 23:30 UTC is Mar 29 00:30 in Paris (+01:00).
      ann.awarded('2026-03-28T23:30:00.000Z', 'tx-1', 0, 100),
      // Mar 29 21:30 UTC is 23:30 in Paris (+02:00 since 02:00): still Mar 29.
      ann.redeemed('2026-03-29T21:30:00.000Z', 'tx-2', 100, 60, 'r-1'),
      // Mar 29 22:00 UTC is Mar 30 00:00 in Paris.
      ann.refunded('2026-03-29T22:00:00.000Z', 'tx-3', 40, 60, 'r-1'),
      bob.awarded('2026-03-29T22:10:00.000Z', 'tx-4', 0, 5),
      held('2026-03-29T22:20:00.000Z', 300),
      bob.deducted('2026-03-29T22:30:00.000Z', 'tx-5', 5, 5),
    ];
  }

  const days = async (shopId: string) =>
    (await (await readStore().collection<LiabilityDayDoc>(LIABILITY_DAYS)).find({ shopId })).sort((a, b) =>
      a.day.localeCompare(b.day),
    );
  const nonZero = (doc: LiabilityDayDoc) =>
    Object.fromEntries([['day', doc.day], ...LIABILITY_FIGURES.filter((f) => doc[f] !== 0).map((f) => [f, doc[f]])]);

  it("counts each movement once, on the shop's local day at the event's time", async () => {
    const spec = projectionSpec(new LiabilityDaysProjection(), readStore());
    await spec.given(history('shop-1'));
    expect((await days('shop-1')).map(nonZero)).toEqual([
      { day: '2026-03-29', issuedManual: 100, redeemedSpent: 60, customersGained: 1 },
      {
        day: '2026-03-30',
        couponRefunds: 60,
        issuedManual: 5,
        adjusted: -5,
        pendingHeld: 300,
        customersGained: 1,
        customersLost: 1,
      },
    ]);
    expect(await spec.then(LIABILITY_CUSTOMERS, 'shop-1|bob')).toMatchObject({
      balance: 0,
      held: { 'o-1': 300 },
      revision: 2,
    });
  });

  it('a rebuild (the whole log in one batch, then again on top) gives the same days', async () => {
    const spec = projectionSpec(new LiabilityDaysProjection(), readStore());
    await spec.given(history('shop-2'));
    const live = (await days('shop-2')).map(({ id: _id, shopId: _shop, ...rest }) => rest);
    const log: RecordedEvent[] = history('shop-3').map(eventRecorder());
    for (let run = 0; run < 2; run++) {
      const projection = new LiabilityDaysProjection();
      const batch = new ProjectionBatch(readStore());
      await projection.apply(log, batch);
      await batch.commit();
      expect((await days('shop-3')).map(({ id: _id, shopId: _shop, ...rest }) => rest)).toEqual(live);
    }
  });

  /** The read store, counting the documents read by id and failing writes while `failing` is set. */
  function countingStore() {
    const counts = { reads: 0, failing: false };
    const base = readStore();
    const store: ReadStore = {
      ...base,
      collection: async <D extends Document>(definition: CollectionDefinition) => {
        const collection = await base.collection<D>(definition);
        return {
          ...collection,
          get: (id: string) => (counts.reads++, collection.get(id)),
          getMany: (ids: string[]) => ((counts.reads += ids.length), collection.getMany(ids)),
        } as typeof collection;
      },
      write: (writes, at) => (counts.failing ? Promise.reject(new Error('store down')) : base.write(writes, at)),
    };
    return { store, counts };
  }

  it('as the only writer it reads a customer and a day once, and a failed commit changes nothing it remembers', async () => {
    const { store, counts } = countingStore();
    const log: RecordedEvent[] = history('shop-4').map(eventRecorder());
    const [shop, annAwarded, annRedeemed, ...rest] = log;
    const projection = new LiabilityDaysProjection();
    const step = async (events: RecordedEvent[]) => {
      const batch = new ProjectionBatch(store);
      await projection.apply(events, batch);
      await batch.commit();
    };
    await step([shop, annAwarded]);
    const readsAfterFirst = counts.reads;
    await step([annRedeemed]);
    expect(counts.reads).toBe(readsAfterFirst);
    counts.failing = true;
    await expect(step(rest)).rejects.toThrow('store down');
    counts.failing = false;
    // The runner delivers the failed batch again: each movement still counts once.
    await step(rest);
    const live = await days('shop-2');
    expect((await days('shop-4')).map(({ id: _id, shopId: _shop, ...r }) => r)).toEqual(
      live.map(({ id: _id, shopId: _shop, ...r }) => r),
    );
  });
});
