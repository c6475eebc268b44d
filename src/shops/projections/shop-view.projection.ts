import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { ShopEvent, ShopEventType } from '../domain/shop-events';
import { ShopDoc, SHOPS } from './shop-read-models';

@Injectable()
export class ShopViewProjection implements Projection {
  readonly name = 'shops_v1';
  readonly collections = [SHOPS];

  handles(eventType: string): boolean {
    return (
      eventType === ShopEventType.Provisioned ||
      eventType === ShopEventType.PointsExpirySet ||
      eventType === ShopEventType.EarningLimitSet ||
      eventType === ShopEventType.TierRetentionSet ||
      eventType === ShopEventType.MembershipSet ||
      eventType === ShopEventType.StorefrontSet
    );
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const shops = batch.collection<ShopDoc>(SHOPS);
    for (const recorded of events) {
      const e = fromRecorded<ShopEvent>(recorded);
      if (e.type === ShopEventType.Provisioned) {
        shops.put({
          id: e.shopId,
          domain: e.domain,
          plan: e.plan,
          currency: e.currency,
          timezone: e.timezone,
          appKey: e.appKey,
          createdAt: e.occurredAt,
        });
      } else if (e.type === ShopEventType.PointsExpirySet) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, pointsExpiry: e.policy });
      } else if (e.type === ShopEventType.EarningLimitSet) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, earningLimit: e.policy });
      } else if (e.type === ShopEventType.TierRetentionSet) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, tierRetention: e.policy });
      } else if (e.type === ShopEventType.MembershipSet) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, membership: e.policy });
      } else if (e.type === ShopEventType.StorefrontSet) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, storefront: e.policy });
      }
    }
  }
}
