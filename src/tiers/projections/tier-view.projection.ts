import { Injectable } from '@nestjs/common';
import { TierDoc, TIERS } from './tier-read-models';
import { DocumentChange, StreamDocumentsProjection, UnappliedEvent } from '../../projections/stream-documents';
import { assertNever } from '../../shared/domain/decider';
import { TierEvent, TierEventType as T } from '../domain/tier-events';
import { TierCatalog } from '../tier-catalog';
import { storedTierRewards } from '../domain/tier-reward';

@Injectable()
export class TierViewProjection extends StreamDocumentsProjection<TierEvent, TierDoc> {
  readonly name = TIERS.name;

  constructor(catalog: TierCatalog) {
    super(TIERS, T, (e) => e.tierId, catalog);
  }

  protected change({ event: e, doc, stamp }: UnappliedEvent<TierEvent, TierDoc>): DocumentChange<TierDoc> {
    switch (e.type) {
      case T.Defined:
        // The tier's own fields first and its settings spread after them (settings never hold one of
        // them; they always hold tierRewards, replaced in place): on V8 a spread followed by new keys
        // builds a hidden class per document.
        return {
          id: e.tierId,
          shopId: e.shopId,
          isSystemTier: e.isSystemTier,
          systemType: e.systemType,
          prevNames: [],
          targetPointUpdate: null,
          createdAt: e.occurredAt,
          ...e.settings,
          tierRewards: storedTierRewards(e.settings.tierRewards, e.eventId, e.occurredAt),
          ...stamp,
        };
      case T.Updated: {
        if (!doc) return null;
        const renamed = e.changes.name !== undefined && e.changes.name !== e.previousName;
        const retargeted = e.changes.targetPoint !== undefined && e.changes.targetPoint !== e.previousTargetPoint;
        return {
          ...doc,
          ...e.changes,
          ...(e.changes.tierRewards === undefined
            ? {}
            : { tierRewards: storedTierRewards(e.changes.tierRewards, e.eventId, e.occurredAt) }),
          prevNames: renamed ? [...doc.prevNames, e.previousName] : doc.prevNames,
          targetPointUpdate: retargeted ? e.occurredAt : doc.targetPointUpdate,
          ...stamp,
        };
      }
      case T.Removed:
        return 'deleted';
      default:
        return assertNever(e);
    }
  }
}
