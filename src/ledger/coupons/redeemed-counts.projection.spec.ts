import {
  CUSTOMER_REDEMPTIONS,
  CustomerRedemptionsDoc,
  PROGRAM_REDEMPTIONS,
  ProgramRedemptionsDoc,
  RedeemedCountsProjection,
} from './redeemed-counts.projection';
import { projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { customerEvents } from '../../../test/support/customer-event-fixtures';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { GivenEvent } from '../../../test/support/projection-spec';

const day = (d: number) => `2026-03-0${d}T10:00:00.000Z`;

/** The projected redemption counts, each event delivered twice (see projectionSpec). */
describe('redeemed counts projection', () => {
  const readStore = projectionStore();

  /** Ann buys two coupons of prog-1 and one of prog-2, refunds one of prog-1, uses one, lets one expire; Bob buys one of prog-1. */
  function history(shopId: string): GivenEvent[] {
    const ann = customerEvents(shopId, 'ann', 101);
    const bob = customerEvents(shopId, 'bob', 102);
    return [
      ann.redeemed(day(1), 'tx-1', 100, 10, 'r-1'),
      ann.redeemed(day(1), 'tx-2', 90, 10, 'r-2'),
      bob.redeemed(day(2), 'tx-3', 50, 10, 'r-3'),
      ann.redeemed(day(2), 'tx-4', 80, 10, 'r-4', 'prog-2'),
      ann.refunded(day(3), 'tx-5', 70, 10, 'r-1'),
      ann.couponUsed(day(4), 'r-2', 'order-1'),
      ann.couponExpired(day(5), 'r-4'),
    ];
  }

  const counts = async (shopId: string) => {
    const customers = (await readStore().collection<CustomerRedemptionsDoc>(CUSTOMER_REDEMPTIONS)).find({ shopId });
    const programs = (await readStore().collection<ProgramRedemptionsDoc>(PROGRAM_REDEMPTIONS)).find({ shopId });
    return {
      customers: Object.fromEntries((await customers).map((d) => [d.customerId, d.redeemed])),
      programs: Object.fromEntries((await programs).map((d) => [d.programId, d.redeemed])),
    };
  };

  it('a refunded coupon gives its redemption back, per customer and across the shop; used and expired ones count', async () => {
    const spec = projectionSpec(new RedeemedCountsProjection(), readStore());
    const events = history('shop-1');
    await spec.given(events.slice(0, 4));
    expect(await counts('shop-1')).toEqual({
      customers: { ann: { 'prog-1': 2, 'prog-2': 1 }, bob: { 'prog-1': 1 } },
      programs: { 'prog-1': 3, 'prog-2': 1 },
    });
    await spec.when(events.slice(4));
    expect(await counts('shop-1')).toEqual({
      customers: { ann: { 'prog-1': 1, 'prog-2': 1 }, bob: { 'prog-1': 1 } },
      programs: { 'prog-1': 2, 'prog-2': 1 },
    });
  });

  it('a rebuild (the whole log in one batch, then again on top) gives the same counts', async () => {
    const spec = projectionSpec(new RedeemedCountsProjection(), readStore());
    await spec.given(history('shop-2'));
    const live = await counts('shop-2');
    let position = 0n;
    const revisions = new Map<string, bigint>();
    const log: RecordedEvent[] = history('shop-3').map(({ type, streamId, ...data }) => {
      const revision = (revisions.get(streamId) ?? -1n) + 1n;
      revisions.set(streamId, revision);
      position++;
      const at = { commit: position, prepare: position };
      return {
        id: `e-${position}`,
        streamId,
        revision,
        position: at,
        type,
        data: { ...data, type },
        metadata: {},
        recordedAt: new Date(0),
      };
    });
    for (let run = 0; run < 2; run++) {
      const batch = new ProjectionBatch(readStore());
      await new RedeemedCountsProjection().apply(log, batch);
      await batch.commit();
      expect(await counts('shop-3')).toEqual(live);
    }
  });
});
