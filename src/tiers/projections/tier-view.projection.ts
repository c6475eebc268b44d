import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { TierDoc, TIERS } from './tier-read-models';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import { TierEvent, TierEventType as T } from '../domain/tier-events';
import { TierCatalog } from '../tier-catalog';
import { storedTierRewards } from '../domain/tier-reward';

@Injectable()
export class TierViewProjection implements Projection {
  readonly name = TIERS.name;
  readonly collections = [TIERS];

  constructor(private readonly catalog: TierCatalog) {}

  handles(eventType: string): boolean {
    return (Object.values(T) as string[]).includes(eventType);
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const tiers = batch.collection<TierDoc>(TIERS);
    for (const recorded of events) {
      const e = fromRecorded<TierEvent>(recorded);
      const revision = recorded.revision.toString();
      switch (e.type) {
        case T.Defined:
          tiers.put({
            ...e.settings,
            tierRewards: storedTierRewards(e.settings.tierRewards, e.eventId, e.occurredAt),
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
          tiers.put({
            ...doc,
            ...e.changes,
            ...(e.changes.tierRewards === undefined
              ? {}
              : { tierRewards: storedTierRewards(e.changes.tierRewards, e.eventId, e.occurredAt) }),
            prevNames: renamed ? [...doc.prevNames, e.previousName] : doc.prevNames,
            targetPointUpdate: retargeted ? e.occurredAt : doc.targetPointUpdate,
            updatedAt: e.occurredAt,
            streamRevision: revision,
          });
          break;
        }
        case T.Removed:
          tiers.delete(e.tierId);
          break;
        default:
          assertNever(e);
      }
      // Only once stored: a reload before that would cache the old ladder again.
      batch.onCommit(() => this.catalog.invalidate(e.shopId));
    }
  }
}
