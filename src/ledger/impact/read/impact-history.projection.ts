import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../../projections/projection';
import { ProjectionBatch } from '../../../projections/projection-batch';
import { fromRecorded } from '../../../event-sourcing/domain-event';
import { CustomerEventType as T, ImpactEvent } from '../../customer-events';
import type { ImpactUnit } from '../../../programs/kinds/impact-rule';
import { countsTowardTotals } from '../domain/impact-status';

/**
 * The impact history's read model (spec 2.7 ImpactHistory): one document per contribution, and per
 * customer the totals of the contributions whose points were kept (`countsTowardTotals`, the one
 * definition of what counts). The totals are what the history shows as last known when the
 * provider cannot be reached.
 */
export interface ImpactEventDoc {
  /** The contribution id (the redemption's reward id). */
  id: string;
  shopId: string;
  customerId: string;
  programId: string;
  provider: string;
  unit: ImpactUnit;
  quantity: number;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** `createdAt` plus the stream revision: the customer's contributions in the order they came. */
  sortKey: string;
}

export interface ImpactTotalsDoc {
  /** `<shopId>|<customerId>`. */
  id: string;
  shopId: string;
  customerId: string;
  trees: number;
  plasticBottles: number;
  /** The customer stream's last revision applied: a redelivered event (not newer) changes nothing. */
  revision: number;
}

export const IMPACT_EVENTS: CollectionDefinition = { name: 'impact_events_v1', indexes: [['customerId', 'sortKey']] };
export const IMPACT_TOTALS: CollectionDefinition = { name: 'impact_totals_v1' };

export const impactTotalsId = (shopId: string, customerId: string) => `${shopId}|${customerId}`;

const FIELD: Record<ImpactUnit, 'trees' | 'plasticBottles'> = { trees: 'trees', plastic_bottles: 'plasticBottles' };

const counted = (status: string, quantity: number) => (countsTowardTotals(status) ? quantity : 0);

/** The totals after a contribution moved from `before` (null: new) to `after`. */
export function totalsAfter(totals: ImpactTotalsDoc, before: ImpactEventDoc | null, after: ImpactEventDoc) {
  const field = FIELD[after.unit];
  const moved = counted(after.status, after.quantity) - (before ? counted(before.status, before.quantity) : 0);
  return { ...totals, [field]: totals[field] + moved };
}

/** A contribution's document after an impact event (null: a status change of a contribution not seen). */
export function evolveImpactEvent(doc: ImpactEventDoc | null, e: ImpactEvent, revision: number): ImpactEventDoc | null {
  if (e.type === T.ImpactRecorded) {
    const { impactId: id, shopId, customerId, programId, provider, unit, quantity, status, occurredAt } = e;
    const sortKey = `${occurredAt}|${String(revision).padStart(12, '0')}`;
    return {
      id,
      shopId,
      customerId,
      programId,
      provider,
      unit,
      quantity,
      status,
      createdAt: occurredAt,
      updatedAt: occurredAt,
      sortKey,
    };
  }
  return doc ? { ...doc, status: e.status, updatedAt: e.occurredAt } : null;
}

/** Keeps the contributions and the totals; a customer's totals skip the events of its stream already applied. */
@Injectable()
export class ImpactHistoryProjection implements Projection {
  readonly name = 'impact_history_v1';
  readonly collections = [IMPACT_EVENTS, IMPACT_TOTALS];
  readonly handles = handlesEventTypes([T.ImpactRecorded, T.ImpactStatusChanged]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const contributions = batch.collection<ImpactEventDoc>(IMPACT_EVENTS);
    const totals = batch.collection<ImpactTotalsDoc>(IMPACT_TOTALS);
    for (const recorded of events) {
      const e = fromRecorded<ImpactEvent>(recorded);
      const id = impactTotalsId(e.shopId, e.customerId);
      const held = (await totals.get(id)) ?? {
        ...{ id, shopId: e.shopId, customerId: e.customerId },
        ...{ trees: 0, plasticBottles: 0, revision: -1 },
      };
      const revision = Number(recorded.revision);
      if (revision <= held.revision) continue;
      const before = (await contributions.get(e.impactId)) ?? null;
      const after = evolveImpactEvent(before, e, revision);
      if (after) contributions.put(after);
      totals.put({ ...(after ? totalsAfter(held, before, after) : held), revision });
    }
  }
}
