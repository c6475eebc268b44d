import { Injectable } from '@nestjs/common';
import { TierDoc, TIERS } from './tier-read-models';
import { DocumentProjection, DocumentProjectionSpec } from '../../projections/stream-documents';
import { ByType } from '../../shared/domain/decider';
import { TierEvent, TierEventType as T } from '../domain/tier-events';
import { TierCatalog } from '../tier-catalog';
import { storedTierRewards } from '../domain/tier-reward';

export const TIER_VIEW: DocumentProjectionSpec<ByType<TierEvent>, TierDoc> = {
  name: TIERS.name,
  documents: TIERS,
  documentId: (e) => e.tierId,
  handlers: {
    // The tier's own fields first and its settings spread after them (settings never hold one of
    // them; they always hold tierRewards, replaced in place): on V8 a spread followed by new keys
    // builds a hidden class per document.
    [T.Defined]: (_doc, e, { stamp }) => ({
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
    }),
    [T.Updated]: (doc, e, { stamp }) => {
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
    },
    [T.Removed]: () => 'deleted',
  },
};

@Injectable()
export class TierViewProjection extends DocumentProjection<ByType<TierEvent>, TierDoc> {
  constructor(catalog: TierCatalog) {
    super(TIER_VIEW, catalog);
  }
}
