import { ImpactEvent } from '../../customer-events';
import { impactRecorded, impactStatusChanged } from '../domain/impact.events';
import { CommandMeta } from '../../customer-stream';
import { onStream, projectionSpec, projectionStore } from '../../../../test/support/projection-spec';
import {
  IMPACT_EVENTS,
  IMPACT_TOTALS,
  ImpactEventDoc,
  ImpactHistoryProjection,
  ImpactTotalsDoc,
  impactTotalsId,
} from './impact-history.projection';

const meta = (customerId: string, occurredAt: string, id: string): CommandMeta => ({
  shopId: 'shop-1',
  customerId,
  occurredAt,
  newId: () => id,
});

const recorded = (customerId: string, impactId: string, unit: 'trees' | 'plastic_bottles', quantity: number) =>
  impactRecorded(meta(customerId, `2026-03-0${impactId.slice(-1)}T10:00:00.000Z`, `e-${impactId}`), {
    impactId,
    couponCode: `impact-${impactId}`,
    programId: 'p',
    programTitle: 'P',
    provider: 'Evergreen',
    unit,
    quantity,
    points: 100,
    status: 'pending',
  });

const changed = (customerId: string, impactId: string, status: string, previousStatus: string) =>
  impactStatusChanged(meta(customerId, '2026-03-09T10:00:00.000Z', `s-${impactId}-${status}`), {
    impactId,
    status,
    previousStatus,
  });

/** The impact history's read model, each event delivered twice (see projectionSpec). */
describe('impact history projection', () => {
  const readStore = projectionStore();

  it('keeps each contribution with its status, and totals of those whose points were kept', async () => {
    const spec = projectionSpec(new ImpactHistoryProjection(), readStore());
    const ann: ImpactEvent[] = [
      recorded('ann', 'i-1', 'trees', 2),
      changed('ann', 'i-1', 'confirmed', 'pending'),
      recorded('ann', 'i-2', 'plastic_bottles', 10),
      changed('ann', 'i-2', 'refunded', 'pending'),
      recorded('ann', 'i-3', 'trees', 4),
      changed('ann', 'i-3', 'queued_for_planting', 'pending'),
    ];
    await spec.given([
      ...onStream('customer-shop-1_ann', ann),
      ...onStream('customer-shop-1_bob', [recorded('bob', 'i-4', 'trees', 1)]),
    ]);
    const totals = await readStore().collection<ImpactTotalsDoc>(IMPACT_TOTALS);
    expect(await totals.get(impactTotalsId('shop-1', 'ann'))).toMatchObject({ trees: 6, plasticBottles: 0 });
    expect(await totals.get(impactTotalsId('shop-1', 'bob'))).toMatchObject({ trees: 1, plasticBottles: 0 });
    const events = await readStore().collection<ImpactEventDoc>(IMPACT_EVENTS);
    const annDocs = await events.find({ customerId: 'ann' });
    expect(Object.fromEntries(annDocs.map((d) => [d.id, d.status]))).toEqual({
      'i-1': 'confirmed',
      'i-2': 'refunded',
      'i-3': 'queued_for_planting',
    });
    expect(annDocs.find((d) => d.id === 'i-2')).toMatchObject({ unit: 'plastic_bottles', quantity: 10 });
  });
});
