import { Inject, Injectable } from '@nestjs/common';
import { CollectionDefinition, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import { TierEvent, TierEventType as T, TierSettings } from '../domain/tier-events';

export interface TierDoc extends TierSettings {
  id: string;
  shopId: string;
  isSystemTier: boolean;
  systemType: string | null;
  /** Names the tier had before a rename, oldest first. */
  prevNames: string[];
  /** When targetPoint last changed (null: never since creation). */
  targetPointUpdate: string | null;
  createdAt: string;
  updatedAt: string;
  /** Present while the doc exists; a removed tier's doc is deleted. */
  streamRevision: string;
}

export const TIERS: CollectionDefinition = { name: 'tiers_v1', indexes: [['shopId', 'targetPoint']], numericFields: ['targetPoint'] };

@Injectable()
export class TierViewProjection implements Projection {
  readonly name = 'tiers_v1';
  readonly collections = [TIERS];

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  handles(eventType: string): boolean {
    return (Object.values(T) as string[]).includes(eventType);
  }

  async apply(events: RecordedEvent[]): Promise<void> {
    const tiers = await this.readStore.collection<TierDoc>(TIERS);
    for (const recorded of events) {
      const e = fromRecorded<TierEvent>(recorded);
      const revision = recorded.revision.toString();
      switch (e.type) {
        case T.Defined:
          await tiers.put({
            ...e.settings,
            id: e.tierId,
            shopId: e.shopId,
            isSystemTier: e.isSystemTier,
            systemType: e.systemType,
            prevNames: [],
            targetPointUpdate: null,
            createdAt: e.occurredAt,
            updatedAt: e.occurredAt,
            streamRevision: revision,
          });
          break;
        case T.Updated: {
          const doc = await tiers.get(e.tierId);
          if (!doc || BigInt(doc.streamRevision) >= recorded.revision) break;
          const renamed = e.changes.name !== undefined && e.changes.name !== e.previousName;
          const retargeted = e.changes.targetPoint !== undefined && e.changes.targetPoint !== e.previousTargetPoint;
          await tiers.put({
            ...doc,
            ...e.changes,
            prevNames: renamed ? [...doc.prevNames, e.previousName] : doc.prevNames,
            targetPointUpdate: retargeted ? e.occurredAt : doc.targetPointUpdate,
            updatedAt: e.occurredAt,
            streamRevision: revision,
          });
          break;
        }
        case T.Removed:
          await tiers.delete(e.tierId);
          break;
        default:
          assertNever(e);
      }
    }
  }
}
